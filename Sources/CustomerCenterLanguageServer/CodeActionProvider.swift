import CustomerCenterCompiler
import JSONSyntax

/// Code actions over a snapshot of the current text: each finding's fix, "create the key", "add
/// the missing translations", "ignore this finding", and "apply every safe fix".
enum CodeActionProvider {
    /// Where an "ignore this finding" entry goes: the configuration file that applies, or a new
    /// one beside the document.
    struct IgnoreTarget {
        /// The configuration file's path.
        let path: String
        /// Its text (`nil`: there is none yet).
        let document: TextDocument?
        /// The document's path relative to the configuration file's folder (or absolute).
        let file: String
        /// Whether the client can create the file when there is none.
        let canCreate: Bool
    }

    /// The actions for the range `params` names. `convert` gives a finding's protocol form;
    /// `fixAll` what `lint --fix` makes of the text (asked only when there is a safe fix).
    static func actions(_ params: JSON, _ snapshot: Snapshot, ignore: IgnoreTarget?, convert: (Diagnostic) -> JSON,
                        fixAll: () -> Fixer.Outcome) -> JSON {
        guard let analysis = snapshot.analysis,
              let start = Position(params["range"]?["start"]), let end = Position(params["range"]?["end"]) else { return [] }
        let uri = snapshot.uri, document = snapshot.document
        let from = snapshot.offset(of: start), to = snapshot.offset(of: end)
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        var actions: [JSON] = []
        let here = analysis.report.diagnostics.filter { $0.range.start <= to && from <= max($0.range.end, $0.range.start) }
        for diagnostic in here {
            let protocolDiagnostic = convert(diagnostic)
            if wanted("quickfix"), let fix = diagnostic.fix {
                let edits: [JSON] = fix.edits.map { ["range": snapshot.range($0.range), "newText": .string($0.replacement)] }
                actions.append(["title": .string(fix.message + (fix.applicability == .unsafe ? " (check the result)" : "")), "kind": "quickfix",
                                "diagnostics": [protocolDiagnostic], "isPreferred": .bool(fix.applicability == .safe),
                                "edit": changes(uri, edits)])
            }
            if wanted("quickfix"), let addition = additions(for: diagnostic, analysis: analysis, document: document) {
                actions.append(["title": .string(addition.title), "kind": "quickfix", "diagnostics": [protocolDiagnostic],
                                "edit": changes(uri, [edit(snapshot.range(.at(addition.offset)), addition.text)])])
            }
            if wanted("quickfix"), let ignore, let action = ignoreAction(for: diagnostic, ignore, encoding: snapshot.encoding) {
                actions.append(action.merging(["diagnostics": [protocolDiagnostic]]))
            }
        }
        // Only when there is a safe fix to apply: editors ask for actions at every cursor move.
        if wanted("source.fixAll"), analysis.report.diagnostics.contains(where: { $0.fix?.applicability == .safe }) {
            let result = fixAll()
            if result.changed {
                let edit = minimalEdit(from: document.bytes, to: result.source.bytes)
                actions.append(["title": .string("Apply every safe fix (\(result.applied))"), "kind": "source.fixAll",
                                "edit": changes(uri, [Self.edit(snapshot.range(edit.range), edit.text)])])
            }
        }
        return .array(actions)
    }

    /// One replacement that turns `old` into `new`: the span between their common prefix and suffix.
    static func minimalEdit(from old: [UInt8], to new: [UInt8]) -> (range: ByteRange, text: String) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        // Never split a UTF-8 sequence.
        while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, old.count - suffix < old.count, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        return (ByteRange(prefix, old.count - suffix), String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self))
    }

    /// "Create the missing key" and "add the missing translations": text to insert, and where.
    static func additions(for diagnostic: Diagnostic, analysis: Analysis, document: TextDocument) -> (title: String, offset: Int, text: String)? {
        guard let resolved = analysis.resolved, resolved.config.format == .authoring else { return nil }
        // The current text as the pipeline reads it; only the table becomes a tree.
        let root = Pipeline.read(SourceFile(path: "", bytes: document.bytes)).parsed.root
        guard let table = root?.member("localization")?.value.member("localized_strings")?.value.value, case .object(let entries) = table.kind else { return nil }
        let defaultLocale = resolved.config.localization?.defaultLocale?.value ?? resolved.defaultLocale ?? "en"
        switch diagnostic.id.descriptor?.editorAddition {
        case .createMissingString:
            guard let key = resolved.stringReferences.first(where: { $0.key.range == diagnostic.range })?.key.value else { return nil }
            let entry = "\(JSONWriter.quoted(key)): {\(JSONWriter.quoted(defaultLocale)): \"\"}"
            return ("Create the key '\(key)' in localized_strings", table.range.end - 1,
                    (entries.isEmpty ? "" : ",") + "\n" + indentation(before: entries.last?.keyRange.start, in: document) + entry + "\n")
        case .addMissingTranslations:
            guard let entry = resolved.config.localization?.entries.first(where: { $0.key.range == diagnostic.range }),
                  let member = entries.first(where: { $0.keyRange == entry.key.range }), case .object(let texts) = member.value.kind else { return nil }
            let stub = resolved.text(entry.key.value, locale: defaultLocale)?.translation.textValue ?? ""
            let missing = resolved.targetLocaleCodes.filter { code in
                guard let found = resolved.text(entry.key.value, locale: code) else { return true }
                if case .defaultLocale = found.origin { return true }
                return false
            }
            guard !missing.isEmpty else { return nil }
            let text = missing.map { "\(JSONWriter.quoted($0)): \(JSONWriter.quoted(stub))" }.joined(separator: ", ")
            return ("Add \(missing.joined(separator: ", ")) (the \(defaultLocale) text, to translate)", member.value.range.end - 1,
                    (texts.isEmpty ? "" : ", ") + text)
        case nil:
            return nil
        }
    }

    /// The spaces before the line holding `offset`'s first character.
    static func indentation(before offset: Int?, in document: TextDocument) -> String {
        guard let offset else { return "  " }
        let line = document.position(of: offset, encoding: .utf8).line
        let start = document.lineStarts[line]
        return String(decoding: document.bytes[start..<offset].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    }

    /// "Ignore this finding": an `ignore` entry in the `.customer-center.json` that applies
    /// (created next to the document when there is none and the client can create files).
    static func ignoreAction(for diagnostic: Diagnostic, _ target: IgnoreTarget, encoding: PositionEncoding) -> JSON? {
        let entry = "{\"rule\": \(JSONWriter.quoted(diagnostic.id.rawValue)), \"pointer\": \(JSONWriter.quoted(diagnostic.pointer.description)), \"file\": \(JSONWriter.quoted(target.file))}"
        let title = "Ignore this \(diagnostic.id.rawValue) finding in \(LinterConfiguration.fileName)"
        let configurationURI = FileURI.uri(of: target.path)
        guard let configuration = target.document else {
            guard target.canCreate else { return nil }
            let text = "{\n  \"ignore\": [\n    \(entry)\n  ]\n}\n"
            return ["title": .string(title), "kind": "quickfix", "edit": ["documentChanges": [
                ["kind": "create", "uri": .string(configurationURI), "options": ["ignoreIfExists": true]],
                ["textDocument": ["uri": .string(configurationURI), "version": .null],
                 "edits": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "newText": .string(text)]]],
            ]]]
        }
        guard let root = JSONParser.parse(configuration.bytes).root, case .object(let members) = root.kind else { return nil }
        let insertion: (offset: Int, text: String)
        if let ignore = members.first(where: { $0.key == "ignore" }), case .array(let entries) = ignore.value.kind {
            insertion = (ignore.value.range.end - 1, (entries.isEmpty ? "" : ", ") + entry)
        } else {
            insertion = (root.range.end - 1, (members.isEmpty ? "" : ",") + "\n  \"ignore\": [\(entry)]\n")
        }
        return ["title": .string(title), "kind": "quickfix",
                "edit": changes(configurationURI, [edit(Snapshot.range(.at(insertion.offset), in: configuration, encoding), insertion.text)])]
    }
}

extension CodeActionProvider {
    /// A workspace edit of one document.
    static func changes(_ uri: String, _ edits: [JSON]) -> JSON { .object([("changes", .object([(uri, .array(edits))]))]) }

    /// A text edit.
    static func edit(_ range: JSON, _ text: String) -> JSON { .object([("range", range), ("newText", .string(text))]) }
}

extension JSON {
    /// An object with `other`'s members added (replacing same-named ones).
    package func merging(_ other: JSON) -> JSON {
        guard case .object(var members) = self, case .object(let extra) = other else { return self }
        for (key, value) in extra {
            if let index = members.firstIndex(where: { $0.0 == key }) { members[index].1 = value } else { members.append((key, value)) }
        }
        return .object(members)
    }
}
