import CustomerCenterCompiler
import JSONSyntax

/// What the server knows of the editor: its open documents, the workspace session that judges
/// them as `lint` does, their last analyses, and how the client counts positions. Requests get
/// snapshots of it; the dispatcher alone changes it.
struct Editor {
    var store = DocumentStore()
    var session: EditorSession
    var cache = AnalysisCache()
    var encoding = PositionEncoding.utf16
    /// What the client said it can do (`initialize`).
    var capabilities: JSON = .null
    /// Whole texts analysed (each parsed once by the pipeline, its tape kept): opening a document
    /// and publishing its diagnostics is one; a keystroke re-checked incrementally is none.
    private(set) var wholeAnalyses = 0

    init(session: EditorSession) {
        self.session = session
    }

    /// `initialize`: what the client can do; the server's capabilities in reply.
    mutating func initialize(_ params: JSON) -> JSON {
        capabilities = params["capabilities"] ?? .null
        // utf-8 when offered (no conversions), else the protocol's default, utf-16.
        let offered = capabilities["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        return Message.capabilities(encoding: encoding, pulls: pullsDiagnostics)
    }

    /// Whether the client asks for diagnostics itself (`textDocument/diagnostic`).
    var pullsDiagnostics: Bool { capabilities["textDocument"]?["diagnostic"] != nil }

    // MARK: Documents

    /// `didOpen`: the URI of the document opened, `nil` when the server does not serve it.
    mutating func open(_ params: JSON) -> String? {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string,
              store.open(uri, version: item["version"]?.int ?? 0, text: text) else { return nil }
        cache.forget(uri)
        syncConfiguration(uri)
        return uri
    }

    /// `didChange`: the URI of the document changed, or a log message when the change was refused
    /// (then nothing is applied: the document keeps its last good state).
    mutating func change(_ params: JSON) -> ChangeOutcome? {
        guard let uri = params["textDocument"]?["uri"]?.string,
              let outcome = store.change(uri, params["contentChanges"]?.array ?? [], version: params["textDocument"]?["version"]?.int, encoding: encoding)
        else { return nil }
        switch outcome {
        case .success(let changes):
            cache.note(changes, to: uri)
            syncConfiguration(uri)
            return .changed(uri)
        case .failure(let error):
            let why: String
            switch error {
            case .invertedRange: why = "a change whose range ends before it starts"
            case .invalidRange: why = "a change whose range is not a range"
            case .missingText: why = "a change without text"
            }
            return .refused(Message.notify("window/logMessage", ["type": 1, "message": .string("customer-center: ignored \(why) to \(uri)")]))
        }
    }

    /// What a `didChange` did.
    enum ChangeOutcome {
        /// The document at this URI changed.
        case changed(String)
        /// Nothing changed; the message tells the client's log why.
        case refused(JSON)
    }

    /// `didClose`: whether the document was open.
    mutating func close(_ uri: String) -> Bool {
        guard store.close(uri) else { return false }
        cache.forget(uri)
        syncConfiguration(uri)
        return true
    }

    /// The session reads an open `.customer-center.json` as the editor has it.
    private mutating func syncConfiguration(_ uri: String) {
        guard DocumentStore.kind(of: uri) == .configuration, let path = FileURI.path(of: uri) else { return }
        session.edit(path, text: store[uri]?.bytes)
    }

    /// The configuration file that applies to a config document.
    mutating func configurationPath(forDocument uri: String) -> String? {
        FileURI.path(of: uri).flatMap { session.configurationPath(forFileAt: $0) }
    }

    /// The analysis of a config document's current text, from the cache while its version and
    /// configuration file stay; `nil` when it is not a config the server checks (not selected by
    /// the configuration file, or another kind of JSON).
    mutating func analysis(of uri: String) -> AnalysisCache.Entry? {
        guard let document = store[uri], DocumentStore.kind(of: uri) == .config else { return nil }
        if let cached = cache[uri], cached.version == document.version, cached.judgement.configurationPath == configurationPath(forDocument: uri) {
            return cached
        }
        let judgement = session.judgement(ofFileAt: FileURI.path(of: uri))
        guard judgement.isSelected else { return nil }
        let analysis = session.analyze(SourceFile(path: FileURI.displayPath(uri), bytes: document.bytes), policy: judgement.policy)
        wholeAnalyses += 1
        guard analysis.otherKind == nil else { return nil }
        let entry = AnalysisCache.Entry(version: document.version, judgement: judgement, analysis: analysis,
                                        lexical: LexicalCheckpoints(document.bytes), candidates: CompletionCandidates())
        cache.store(entry, for: uri)
        return entry
    }

    /// A document with no analysis (a request that reads only its text).
    func snapshot(_ uri: String) -> Snapshot? {
        store[uri].map { Snapshot(document: $0, encoding: encoding, entry: nil, changes: ChangeMap(changes: [])) }
    }

    /// A document with the analysis of its current text.
    mutating func current(_ uri: String) -> Snapshot? {
        guard let document = store[uri] else { return nil }
        return Snapshot(document: document, encoding: encoding, entry: analysis(of: uri), changes: ChangeMap(changes: []))
    }

    /// A document with its last analysis and the changes made since, when positions can be
    /// mapped through them and its structure did not change since (`AnalysisCache.outdated`);
    /// otherwise with the analysis of its current text.
    mutating func recent(_ uri: String) -> Snapshot? {
        if let document = store[uri], DocumentStore.kind(of: uri) == .config, let cached = cache[uri], cached.version != document.version,
           !cache.outdated.contains(uri),
           let log = cache.changes(since: uri), cached.judgement.configurationPath == configurationPath(forDocument: uri) {
            return Snapshot(document: document, encoding: encoding, entry: cached, changes: ChangeMap(changes: log))
        }
        return current(uri)
    }

    /// Open config documents that the configuration file at `uri` applies to.
    mutating func dependents(ofConfiguration uri: String) -> [String] {
        guard let path = FileURI.path(of: uri) else { return [] }
        return store.uris.filter { DocumentStore.kind(of: $0) == .config && configurationPath(forDocument: $0) == path }
    }

    /// The document a note's file names: the one being reported, another open one, or the file on disk.
    mutating func document(forDisplayPath path: String, fallback: TextDocument) -> TextDocument? {
        if FileURI.displayPath(fallback.uri) == path { return fallback }
        let uri = path.hasPrefix("/") ? FileURI.uri(of: path) : path
        if let open = store[uri] { return open }
        guard path.hasPrefix("/"), let bytes = session.contents(ofPath: path) else { return nil }
        return TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
    }

    /// Where "ignore this finding" in a document puts its entry.
    mutating func ignoreTarget(for uri: String) -> CodeActionProvider.IgnoreTarget? {
        guard let path = FileURI.path(of: uri) else { return nil }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let configurationPath = session.configurationPath(forFileAt: path) ?? directory + "/" + LinterConfiguration.fileName
        let configurationDirectory = String(configurationPath[..<(configurationPath.lastIndex(of: "/") ?? configurationPath.startIndex)])
        let file = path.hasPrefix(configurationDirectory + "/") ? String(path.dropFirst(configurationDirectory.count + 1)) : path
        let configurationURI = FileURI.uri(of: configurationPath)
        let document = session.contents(ofPath: configurationPath).map { bytes in
            store[configurationURI] ?? TextDocument(uri: configurationURI, version: 0, text: String(decoding: bytes, as: UTF8.self))
        }
        let operations = capabilities["workspace"]?["workspaceEdit"]?["resourceOperations"]?.array?.compactMap(\.string) ?? []
        return CodeActionProvider.IgnoreTarget(path: configurationPath, document: document, file: file, canCreate: operations.contains("create"))
    }

    /// A diagnostic as the protocol writes it, in `document`.
    mutating func convert(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
        var members: [(String, JSON)] = [
            ("range", Snapshot.range(diagnostic.range, in: document, encoding)),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.id.rawValue)),
            ("source", "customer-center"),
            ("message", .string(diagnostic.message + (diagnostic.fix.map { " (\($0.message))" } ?? ""))),
        ]
        // Dead text (RuleDescriptor.marksUnnecessaryCode): editors grey it out (tag 1, Unnecessary).
        if RuleCatalog.descriptor(for: diagnostic.id)?.marksUnnecessaryCode == true { members.append(("tags", [1])) }
        let related: [JSON] = diagnostic.notes.compactMap { note in
            guard let place = self.document(forDisplayPath: note.file, fallback: document) else { return nil }
            return ["location": ["uri": .string(place.uri), "range": Snapshot.range(note.range, in: place, encoding)], "message": .string(note.message)]
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }
}
