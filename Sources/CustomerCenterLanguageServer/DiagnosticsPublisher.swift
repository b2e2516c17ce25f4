import CustomerCenterCompiler
import JSONSyntax

/// Which documents' diagnostics are due, and what they are: pushed after a burst of messages
/// (newest version only) or pulled (`textDocument/diagnostic`); with what the client is told
/// about an invalid configuration file.
struct DiagnosticsPublisher {
    /// Documents whose diagnostics are due, in the order they changed.
    private(set) var pending: [String] = []
    /// A configuration file changed: a client that pulls diagnostics is asked to pull again.
    private var refreshDue = false
    /// Invalid configuration files the client was told about, with the text it was told about.
    private var announced: [String: [UInt8]] = [:]

    /// Marks a document's diagnostics due; a configuration file's change makes those of the
    /// documents under it due too (their analyses are of the old configuration).
    mutating func changed(_ uri: String, _ editor: inout Editor) {
        if editor.store[uri] != nil, !pending.contains(uri) { pending.append(uri) }
        guard DocumentStore.kind(of: uri) == .configuration else { return }
        for dependent in editor.dependents(ofConfiguration: uri) {
            editor.cache.forget(dependent)
            if !pending.contains(dependent) { pending.append(dependent) }
            refreshDue = true
        }
    }

    mutating func closed(_ uri: String) {
        pending.removeAll { $0 == uri }
    }

    /// The notifications for the diagnostics that are due, unless the client pulls them: then a
    /// refresh request when a configuration file changed what they are (`nextID` is its id).
    mutating func publishPending(_ editor: inout Editor, pulls: Bool, nextID: inout Int) -> [JSON] {
        let due = pending
        pending.removeAll()
        guard !pulls else {
            // Documents the client did not change have new findings: it must ask again.
            guard refreshDue, editor.capabilities["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true else { return [] }
            refreshDue = false
            defer { nextID += 1 }
            return [["jsonrpc": "2.0", "id": .int(nextID), "method": "workspace/diagnostic/refresh"]]
        }
        let published: [JSON] = due.compactMap { uri in
            guard let document = editor.store[uri] else { return nil }
            return Message.notify("textDocument/publishDiagnostics", [
                "uri": .string(uri), "version": .int(document.version), "diagnostics": .array(diagnostics(of: uri, &editor)),
            ])
        }
        return published + configurationNotices(for: due, &editor)
    }

    /// `textDocument/diagnostic`: the full report of one document, then what the client is told
    /// about its configuration file.
    mutating func pull(_ params: JSON, _ editor: inout Editor) -> (report: JSON, notices: [JSON]) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return (["kind": "full", "items": []], []) }
        guard editor.store[uri] != nil else { return (["kind": "full", "items": []], configurationNotices(for: [uri], &editor)) }
        pending.removeAll { $0 == uri }
        return (["kind": "full", "items": .array(diagnostics(of: uri, &editor))], configurationNotices(for: [uri], &editor))
    }

    /// The protocol diagnostics of a document (a config, or a `.customer-center.json`).
    func diagnostics(of uri: String, _ editor: inout Editor) -> [JSON] {
        guard let document = editor.store[uri] else { return [] }
        let found: [Diagnostic]
        var structureChanged = false
        switch DocumentStore.kind(of: uri) {
        case .config?:
            // Under a configuration file a run cannot follow nothing is checked (it is reported
            // instead). After a keystroke, what the edit can affect is re-checked when that is
            // provably enough (IncrementalChecker).
            if invalidConfiguration(forDocument: uri, &editor) != nil {
                found = []
            } else if let cached = editor.cache[uri], cached.version != document.version, let log = editor.cache.changes(since: uri),
                      cached.judgement.configurationPath == editor.configurationPath(forDocument: uri),
                      let checked = IncrementalChecker.diagnostics(of: document, after: log, since: cached, session: editor.session,
                                                                   structureChanged: &structureChanged) {
                found = checked
                // Hover and completion read keys and locales the last analysis no longer has: they analyse the text.
                if structureChanged { editor.cache.outdate(uri) }
            } else {
                found = editor.analysis(of: uri)?.analysis.report.diagnostics ?? []
            }
        case .configuration?:
            found = LinterConfiguration(source: SourceFile(path: FileURI.displayPath(uri), bytes: document.bytes)).diagnostics
        case nil: found = []
        }
        return found.map { editor.convert($0, in: document) }
    }

    /// The configuration file that applies to a config document, when it says something a run
    /// cannot follow (an unknown rule, level, key or locale): its path and what it says. Then the
    /// document is not checked, as `lint` checks nothing under it (exit 2): the server never
    /// substitutes the built-in rules.
    func invalidConfiguration(forDocument uri: String, _ editor: inout Editor) -> (path: String, configuration: LinterConfiguration)? {
        guard DocumentStore.kind(of: uri) == .config, let path = editor.configurationPath(forDocument: uri),
              let configuration = editor.session.configuration(at: path), !configuration.isValid else { return nil }
        return (path, configuration)
    }

    /// What the server says about the configuration files that `uris` are under: an invalid one
    /// gets its findings published on its URI (unless it is open: then it has its own) and a
    /// `window/showMessage` error, once per text; one that is valid again has them cleared.
    mutating func configurationNotices(for uris: [String], _ editor: inout Editor) -> [JSON] {
        var out: [JSON] = []
        for uri in uris where DocumentStore.kind(of: uri) == .config {
            guard let path = editor.configurationPath(forDocument: uri) else { continue }
            let configurationURI = FileURI.uri(of: path)
            let open = editor.store[configurationURI] != nil
            guard let (_, configuration) = invalidConfiguration(forDocument: uri, &editor) else {
                if announced.removeValue(forKey: path) != nil, !open {
                    out.append(Message.notify("textDocument/publishDiagnostics", ["uri": .string(configurationURI), "diagnostics": []]))
                }
                continue
            }
            guard announced[path] != configuration.source.bytes else { continue }
            announced[path] = configuration.source.bytes
            if !open {
                let document = TextDocument(uri: configurationURI, version: 0, text: String(decoding: configuration.source.bytes, as: UTF8.self))
                out.append(Message.notify("textDocument/publishDiagnostics", [
                    "uri": .string(configurationURI), "diagnostics": .array(configuration.diagnostics.map { editor.convert($0, in: document) }),
                ]))
            }
            let errors = configuration.diagnostics.filter { $0.severity == .error }.count
            let message = "customer-center: \(path) has \(errors == 1 ? "an error" : "\(errors) errors"); "
                + "the configs under it are not checked until it is fixed (lint exits 2)"
            // MessageType 1 is Error.
            out.append(Message.notify("window/showMessage", ["type": 1, "message": .string(message)]))
        }
        return out
    }
}
