import CustomerCenterCompiler
import JSONSyntax

/// The language server's core: one message in, the messages to send out. It holds the open
/// documents and nothing else of the outside world: files that are not open are read through
/// `readFile`, so tests drive it in-process with a dictionary. All the checking is the library's.
package struct Server {
    /// Reads a file by absolute path (`nil`: it does not exist or cannot be read).
    package typealias FileReader = @Sendable (String) -> [UInt8]?

    let readFile: FileReader
    var initialized = false
    var shutdownRequested = false
    /// Set by `exit`: the process's exit status (0 after `shutdown`, else 1).
    package private(set) var exitCode: Int32?
    var encoding = PositionEncoding.utf16
    var capabilities: JSON = .null
    var documents: [String: TextDocument] = [:]
    /// Documents whose diagnostics are due, in the order they changed.
    var pending: [String] = []
    /// Requests the client cancelled before they were handled.
    var cancelled: Set<String> = []
    /// Analyses by document, kept while its version and the configuration are unchanged.
    /// With the analysed text's strings and comments located, for the footprint of later edits,
    /// and what completion offers from it.
    var analyses: [String: (version: Int, configuration: String?, analysis: Analysis, lexical: LexicalCheckpoints, candidates: CompletionCandidates)] = [:]
    /// The changes made to each document since its last analysis (`nil`: too many to follow), so
    /// that hover and completion can answer from that analysis right after an edit.
    var changesSinceAnalysis: [String: [TextDocument.ByteChange]?] = [:]
    /// Configuration files read from disk (not open), by path; dropped when the client says one changed.
    var diskFiles: [String: [UInt8]?] = [:]
    var nextRequestID = 1
    /// A configuration file changed: a client that pulls diagnostics is asked to pull again.
    var refreshDue = false
    /// Invalid configuration files the client was told about, with the text it was told about.
    var announcedConfigurations: [String: [UInt8]] = [:]

    /// A server that reads files that are not open through `readFile`.
    package init(readFile: @escaping FileReader) {
        self.readFile = readFile
    }

    // MARK: Messages

    /// Handles one message body as it came off the wire.
    package mutating func handle(body: [UInt8]) -> [JSON] {
        guard let message = JSON.parse(body) else {
            return [Self.error(id: .null, code: -32700, "the message is not valid JSON")]
        }
        return handle(message)
    }

    /// Handles one message.
    package mutating func handle(_ message: JSON) -> [JSON] {
        guard case .object = message else { return [Self.error(id: .null, code: -32600, "a message must be a JSON object")] }
        let id = message["id"]
        let method = message["method"]?.string
        let params = message["params"] ?? .null
        guard let method else {
            // A response to one of our requests (registration): nothing to do.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, code: -32600, "a message needs a 'method'")]
        }
        if let id {
            switch id {
            case .int, .string: return request(id: id, method: method, params: params)
            default: return [Self.error(id: .null, code: -32600, "an 'id' must be a number or a string")]
            }
        }
        return notification(method: method, params: params)
    }

    mutating func request(id: JSON, method: String, params: JSON) -> [JSON] {
        if cancelled.remove(Self.key(id)) != nil {
            return [Self.error(id: id, code: -32800, "the request was cancelled")]
        }
        if method == "initialize" { return initialize(id: id, params: params) }
        guard initialized else { return [Self.error(id: id, code: -32002, "the server is not initialized")] }
        guard !shutdownRequested else { return [Self.error(id: id, code: -32600, "the server is shutting down")] }
        let result: JSON
        switch method {
        case "shutdown":
            shutdownRequested = true
            result = .null
        case "textDocument/diagnostic":
            let uri = params["textDocument"]?["uri"]?.string
            return [["jsonrpc": "2.0", "id": id, "result": pullDiagnostics(params)]] + configurationNotices(for: uri.map { [$0] } ?? [])
        case "textDocument/definition": result = definition(params)
        case "textDocument/references": result = references(params)
        case "textDocument/prepareRename": result = prepareRename(params)
        case "textDocument/rename":
            switch rename(params) {
            case .success(let renamed):
                guard let warning = renamed.warning else { result = renamed.edit; break }
                // MessageType 2 is Warning.
                return [["jsonrpc": "2.0", "id": id, "result": renamed.edit],
                        Self.notify("window/showMessage", ["type": 2, "message": .string(warning)])]
            case .failure(let refusal): return [Self.error(id: id, code: -32803, refusal.message)]
            }
        case "textDocument/documentSymbol": result = documentSymbols(params)
        case "textDocument/hover": result = hover(params)
        case "textDocument/completion": result = completion(params)
        case "textDocument/codeAction": result = codeActions(params)
        case "textDocument/formatting": result = formatting(params)
        case "textDocument/inlayHint": result = inlayHints(params)
        case "textDocument/documentColor": result = documentColors(params)
        case "textDocument/colorPresentation": result = colorPresentations(params)
        default:
            return [Self.error(id: id, code: -32601, "unknown method '\(method)'")]
        }
        return [["jsonrpc": "2.0", "id": id, "result": result]]
    }

    mutating func notification(method: String, params: JSON) -> [JSON] {
        switch method {
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
            return []
        case "$/cancelRequest":
            if let id = params["id"] { cancelled.insert(Self.key(id)) }
            return []
        default:
            break
        }
        guard initialized, !shutdownRequested else { return [] }
        switch method {
        case "initialized": return registerWatchers()
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didSave": touch(params["textDocument"]?["uri"]?.string)
        case "textDocument/didClose": return didClose(params)
        case "workspace/didChangeWatchedFiles": return didChangeWatchedFiles(params)
        default: break  // unknown notifications, `$/setTrace` and the like, are ignored (JSON-RPC)
        }
        return []
    }

    static func key(_ id: JSON) -> String {
        switch id {
        case .int(let number): return "#\(number)"
        case .string(let text): return "s\(text)"
        default: return "?"
        }
    }

    static func error(id: JSON, code: Int, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
    }

    static func notify(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    // MARK: Lifecycle

    mutating func initialize(id: JSON, params: JSON) -> [JSON] {
        guard !initialized else { return [Self.error(id: id, code: -32600, "the server is already initialized")] }
        initialized = true
        capabilities = params["capabilities"] ?? .null
        // utf-8 when offered (no conversions), else the protocol's default, utf-16.
        let offered = capabilities["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        var server: [(String, JSON)] = [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", ["openClose": true, "change": 2, "save": ["includeText": false]]),
            ("definitionProvider", true),
            ("referencesProvider", true),
            ("renameProvider", ["prepareProvider": true]),
            ("documentSymbolProvider", true),
            ("hoverProvider", true),
            ("completionProvider", ["triggerCharacters": ["\"", ":"], "resolveProvider": false]),
            ("codeActionProvider", ["codeActionKinds": ["quickfix", "source.fixAll"]]),
            ("documentFormattingProvider", true),
            ("inlayHintProvider", true),
            ("colorProvider", true),
        ]
        if pullsDiagnostics {
            server.append(("diagnosticProvider", ["identifier": "customer-center", "interFileDependencies": false, "workspaceDiagnostics": false]))
        }
        return [["jsonrpc": "2.0", "id": id, "result": [
            "capabilities": .object(server),
            "serverInfo": ["name": "customer-center", "version": .string(CustomerCenter.version)],
        ]]]
    }

    /// Whether the client asks for diagnostics itself (`textDocument/diagnostic`); then they are
    /// not pushed too, so no editor shows them twice.
    var pullsDiagnostics: Bool { capabilities["textDocument"]?["diagnostic"] != nil }

    /// Asks the client to watch configuration files, when it can register watchers.
    mutating func registerWatchers() -> [JSON] {
        guard capabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true else { return [] }
        let id = nextRequestID
        nextRequestID += 1
        return [["jsonrpc": "2.0", "id": .int(id), "method": "client/registerCapability", "params": ["registrations": [[
            "id": "customer-center-configuration", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": "**/.customer-center.json"]]],
        ]]]]]
    }

    // MARK: Documents

    /// What a file is to the server, by its name.
    enum DocumentKind {
        case config
        case configuration
    }

    static func kind(of uri: String) -> DocumentKind? {
        let name = String(uri.split(separator: "/").last ?? "")
        if name == LinterConfiguration.fileName { return .configuration }
        guard name.hasSuffix(".json") else { return nil }
        return name.hasPrefix("customer_center") || name.hasPrefix("customer-center") ? .config : nil
    }

    mutating func didOpen(_ params: JSON) -> [JSON] {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string,
              Self.kind(of: uri) != nil else { return [] }
        documents[uri] = TextDocument(uri: uri, version: item["version"]?.int ?? 0, text: text)
        changesSinceAnalysis[uri] = nil
        changed(uri)
        return []
    }

    mutating func didChange(_ params: JSON) -> [JSON] {
        // Taken out of the table while it changes, so that its bytes are edited in place, not copied.
        guard let uri = params["textDocument"]?["uri"]?.string, var document = documents.removeValue(forKey: uri) else { return [] }
        let version = params["textDocument"]?["version"]?.int ?? document.version + 1
        do {
            let changes = try document.apply(params["contentChanges"]?.array ?? [], version: version, encoding: encoding)
            documents[uri] = document
            noteChanges(changes, to: uri)
        } catch {
            documents[uri] = document
            // Nothing is applied: the document keeps its last good state.
            let why: String
            switch error {
            case .invertedRange: why = "a change whose range ends before it starts"
            case .invalidRange: why = "a change whose range is not a range"
            case .missingText: why = "a change without text"
            }
            return [Self.notify("window/logMessage", ["type": 1, "message": .string("customer-center: ignored \(why) to \(uri)")])]
        }
        changed(uri)
        return []
    }

    mutating func didClose(_ params: JSON) -> [JSON] {
        guard let uri = params["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil else { return [] }
        analyses[uri] = nil
        changesSinceAnalysis[uri] = nil
        pending.removeAll { $0 == uri }
        var out: [JSON] = []
        if !pullsDiagnostics {
            out.append(Self.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
        }
        if Self.kind(of: uri) == .configuration { changed(uri) }
        return out
    }

    mutating func didChangeWatchedFiles(_ params: JSON) -> [JSON] {
        for change in params["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = Self.path(of: uri) else { continue }
            diskFiles[path] = nil
            changed(uri)
        }
        return []
    }

    mutating func touch(_ uri: String?) {
        if let uri, documents[uri] != nil { changed(uri) }
    }

    /// Marks a document's diagnostics due; a configuration file's change makes those of the
    /// documents under it due too.
    mutating func changed(_ uri: String) {
        if documents[uri] != nil, !pending.contains(uri) { pending.append(uri) }
        if Self.kind(of: uri) == .configuration {
            for dependent in dependents(of: uri) {
                analyses[dependent] = nil
                if !pending.contains(dependent) { pending.append(dependent) }
                refreshDue = true
            }
        }
    }

    /// Open config documents that the configuration file at `uri` applies to.
    mutating func dependents(of uri: String) -> [String] {
        guard let path = Self.path(of: uri) else { return [] }
        return documents.keys.sorted().filter { document in
            Self.kind(of: document) == .config && configurationPath(forDocument: document) == path
        }
    }

    /// Publishes the diagnostics that are due (newest version of each document only), unless the
    /// client pulls them.
    package mutating func publishPending() -> [JSON] {
        let due = pending
        pending.removeAll()
        guard !pullsDiagnostics else {
            // Documents the client did not change have new findings: it must ask again.
            guard refreshDue, capabilities["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true else { return [] }
            refreshDue = false
            let id = nextRequestID
            nextRequestID += 1
            return [["jsonrpc": "2.0", "id": .int(id), "method": "workspace/diagnostic/refresh"]]
        }
        let published: [JSON] = due.compactMap { uri in
            guard let document = documents[uri] else { return nil }
            return Self.notify("textDocument/publishDiagnostics", [
                "uri": .string(uri), "version": .int(document.version), "diagnostics": .array(diagnostics(of: uri)),
            ])
        }
        return published + configurationNotices(for: due)
    }
}
