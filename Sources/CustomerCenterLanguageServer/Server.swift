import CustomerCenterCompiler
import JSONSyntax

/// The language server's core, a dispatcher: one message in, the messages to send out. What it
/// knows of the editor is the `Editor` (documents, the workspace session, analyses); answers
/// come from providers reading a snapshot of it. Files that are not open are read through
/// `readFile`, so tests drive it in-process with a dictionary. All the checking is the library's.
package struct Server {
    /// Reads a file by absolute path (`nil`: it does not exist or cannot be read).
    package typealias FileReader = EditorSession.FileReader

    var editor: Editor
    var publisher = DiagnosticsPublisher()
    var initialized = false
    var shutdownRequested = false
    /// Set by `exit`: the process's exit status (0 after `shutdown`, else 1).
    package private(set) var exitCode: Int32?
    /// Requests the client cancelled before they were handled.
    var cancelled: Set<String> = []
    var nextRequestID = 1

    /// A server that reads files that are not open through `readFile`, judging them as `lint`
    /// with `settings` would.
    package init(readFile: @escaping FileReader, settings: RunSettings = RunSettings()) {
        editor = Editor(session: EditorSession(settings: settings, readFile: readFile))
    }

    /// Handles one message body as it came off the wire.
    package mutating func handle(body: [UInt8]) -> [JSON] {
        guard let message = JSON.parse(body) else { return [Message.error(id: .null, code: -32700, "the message is not valid JSON")] }
        return handle(message)
    }

    /// Handles one message.
    package mutating func handle(_ message: JSON) -> [JSON] {
        guard case .object = message else { return [Message.error(id: .null, code: -32600, "a message must be a JSON object")] }
        let id = message["id"], params = message["params"] ?? .null
        guard let method = message["method"]?.string else {
            // A response to one of our requests (registration): nothing to do.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Message.error(id: id ?? .null, code: -32600, "a message needs a 'method'")]
        }
        switch id {
        case nil: return notification(method, params)
        case .int?, .string?: return request(id ?? .null, method, params)
        default: return [Message.error(id: .null, code: -32600, "an 'id' must be a number or a string")]
        }
    }

    mutating func request(_ id: JSON, _ method: String, _ params: JSON) -> [JSON] {
        if cancelled.remove(Message.key(id)) != nil { return [Message.error(id: id, code: -32800, "the request was cancelled")] }
        if method == "initialize" {
            guard !initialized else { return [Message.error(id: id, code: -32600, "the server is already initialized")] }
            initialized = true
            return [Message.result(id: id, editor.initialize(params))]
        }
        guard initialized else { return [Message.error(id: id, code: -32002, "the server is not initialized")] }
        guard !shutdownRequested else { return [Message.error(id: id, code: -32600, "the server is shutting down")] }
        if method == "shutdown" {
            shutdownRequested = true
            return [Message.result(id: id, .null)]
        }
        let uri = params["textDocument"]?["uri"]?.string ?? ""
        let config = DocumentStore.kind(of: uri) == .config
        let result: JSON
        switch method {
        case "textDocument/diagnostic":
            let (report, notices) = publisher.pull(params, &editor)
            return [Message.result(id: id, report)] + notices
        case "textDocument/definition": result = editor.current(uri).map { NavigationProvider.definition(params, $0) } ?? .null
        case "textDocument/references": result = editor.current(uri).map { NavigationProvider.references(params, $0) } ?? []
        case "textDocument/prepareRename": result = editor.current(uri).map { NavigationProvider.prepareRename(params, $0) } ?? .null
        case "textDocument/rename":
            let refused = NavigationProvider.Refusal(message: "only a key of 'localized_strings' or 'promotional_offers' can be renamed, here or where it is used")
            switch editor.current(uri).map({ NavigationProvider.rename(params, $0, capabilities: editor.capabilities) }) ?? .failure(refused) {
            case .success(let renamed):
                // MessageType 2 is Warning.
                return [Message.result(id: id, renamed.edit)] + (renamed.warning.map { [Message.notify("window/showMessage", ["type": 2, "message": .string($0)])] } ?? [])
            case .failure(let refusal): return [Message.error(id: id, code: -32803, refusal.message)]
            }
        case "textDocument/documentSymbol": result = editor.current(uri).map(NavigationProvider.documentSymbols) ?? []
        case "textDocument/hover": result = hover(uri, params)
        case "textDocument/completion":
            guard config, let snapshot = editor.recent(uri), let offset = snapshot.offset(params) else { result = []; break }
            result = CompletionProvider.completion(at: offset, snapshot)
        case "textDocument/codeAction":
            guard config, let snapshot = editor.current(uri) else { result = []; break }
            let ignore = editor.ignoreTarget(for: uri), session = editor.session
            let source = SourceFile(path: FileURI.displayPath(uri), bytes: snapshot.document.bytes)
            result = CodeActionProvider.actions(params, snapshot, ignore: ignore, convert: { editor.convert($0, in: snapshot.document) },
                                                fixAll: { session.fixed(source, policy: snapshot.entry?.judgement.policy) })
        case "textDocument/formatting":
            result = editor.snapshot(uri).map { PresentationProvider.formatting($0, formatted: editor.session.formatted(SourceFile(path: FileURI.displayPath(uri), bytes: $0.document.bytes))) } ?? []
        case "textDocument/inlayHint": result = editor.current(uri).map { PresentationProvider.inlayHints(params, $0) } ?? []
        case "textDocument/documentColor": result = editor.current(uri).map(PresentationProvider.documentColors) ?? []
        case "textDocument/colorPresentation": result = editor.snapshot(uri).map { PresentationProvider.colorPresentations(params, $0) } ?? []
        default: return [Message.error(id: id, code: -32601, "unknown method '\(method)'")]
        }
        return [Message.result(id: id, result)]
    }

    /// Hover from the last analysis when the changes since are not in the way, else from the current text's.
    mutating func hover(_ uri: String, _ params: JSON) -> JSON {
        guard let snapshot = editor.recent(uri), let offset = snapshot.offset(params) else { return .null }
        if DocumentStore.kind(of: uri) == .configuration { return HoverProvider.ruleHover(at: offset, snapshot) }
        if let answer = HoverProvider.hover(at: offset, snapshot) { return answer }
        return editor.current(uri).flatMap { HoverProvider.hover(at: offset, $0) } ?? .null
    }

    mutating func notification(_ method: String, _ params: JSON) -> [JSON] {
        if method == "exit" { exitCode = shutdownRequested ? 0 : 1 }
        if method == "$/cancelRequest", let id = params["id"] { cancelled.insert(Message.key(id)) }
        guard initialized, !shutdownRequested else { return [] }
        switch method {
        case "initialized":
            guard editor.capabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true else { return [] }
            return [Message.watchConfigurationFiles(id: takeRequestID())]
        case "textDocument/didOpen": if let uri = editor.open(params) { publisher.changed(uri, &editor) }
        case "textDocument/didChange":
            switch editor.change(params) {
            case .changed(let uri)?: publisher.changed(uri, &editor)
            case .refused(let message)?: return [message]
            case nil: break
            }
        case "textDocument/didSave":
            if let uri = params["textDocument"]?["uri"]?.string, editor.store[uri] != nil { publisher.changed(uri, &editor) }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, editor.close(uri) else { return [] }
            publisher.closed(uri)
            if DocumentStore.kind(of: uri) == .configuration { publisher.changed(uri, &editor) }
            return editor.pullsDiagnostics ? [] : [Message.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])]
        case "workspace/didChangeWatchedFiles":
            for change in params["changes"]?.array ?? [] {
                guard let uri = change["uri"]?.string, let path = FileURI.path(of: uri) else { continue }
                editor.session.forget(path)
                publisher.changed(uri, &editor)
            }
        default: break  // unknown notifications, `$/setTrace` and the like, are ignored (JSON-RPC)
        }
        return []
    }

    mutating func takeRequestID() -> Int {
        defer { nextRequestID += 1 }
        return nextRequestID
    }

    /// Publishes the diagnostics that are due (newest version of each document only), unless the client pulls them.
    package mutating func publishPending() -> [JSON] {
        let pulls = editor.pullsDiagnostics
        return publisher.publishPending(&editor, pulls: pulls, nextID: &nextRequestID)
    }
}
