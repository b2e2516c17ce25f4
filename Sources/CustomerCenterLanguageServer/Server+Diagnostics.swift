import CustomerCenterCompiler
import JSONSyntax

extension Server {
    /// The protocol diagnostics of a document (a config, or a `.customer-center.json`).
    mutating func diagnostics(of uri: String) -> [JSON] {
        guard let document = documents[uri] else { return [] }
        let found: [Diagnostic]
        switch Self.kind(of: uri) {
        case .config?:
            // Under a configuration file a run cannot follow nothing is checked (it is reported instead).
            // After a keystroke, what the edit can affect is re-checked when that is provably enough (Server+IncrementalCheck).
            found = invalidConfiguration(forDocument: uri) != nil ? []
                : incrementalDiagnostics(of: uri) ?? analysis(of: uri)?.report.diagnostics ?? []
        case .configuration?:
            found = LinterConfiguration(source: SourceFile(path: Self.displayPath(uri), bytes: document.bytes)).diagnostics
        case nil: found = []
        }
        return found.map { convert($0, in: document) }
    }

    mutating func convert(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
        var members: [(String, JSON)] = [
            ("range", range(diagnostic.range, in: document)),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.id.rawValue)),
            ("source", "customer-center"),
            ("message", .string(diagnostic.message + (diagnostic.fix.map { " (\($0.message))" } ?? ""))),
        ]
        // Dead text (RuleDescriptor.marksUnnecessaryCode): editors grey it out (tag 1, Unnecessary).
        if RuleCatalog.descriptor(for: diagnostic.id)?.marksUnnecessaryCode == true { members.append(("tags", [1])) }
        let related: [JSON] = diagnostic.notes.compactMap { note in
            guard let place = self.document(forDisplayPath: note.file, fallback: document) else { return nil }
            return ["location": location(note.range, in: place), "message": .string(note.message)]
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    /// The document a note's file names: the one being reported, another open one, or the file on disk.
    mutating func document(forDisplayPath path: String, fallback: TextDocument) -> TextDocument? {
        if Self.displayPath(fallback.uri) == path { return fallback }
        let uri = path.hasPrefix("/") ? Self.uri(of: path) : path
        if let open = documents[uri] { return open }
        guard path.hasPrefix("/"), let bytes = contents(ofPath: path) else { return nil }
        return TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
    }

    /// `textDocument/diagnostic`: the full report of one document.
    mutating func pullDiagnostics(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil else { return ["kind": "full", "items": []] }
        pending.removeAll { $0 == uri }
        return ["kind": "full", "items": .array(diagnostics(of: uri))]
    }
}
