@testable import CustomerCenterCompiler
import JSONSyntax
import Testing

/// A screen's paths decoded side by side (`ExecutionPlan.threadsPerFile`) are the paths one thread
/// decodes, in the same order, field for field.
@Suite struct ThreadedDecodeTests {
    /// A config of `count` paths of every shape the decoder reads: surveys with options and
    /// offers, URLs, custom actions, refund windows, missing and mistyped fields; and elements
    /// that are not objects among them (a path's pointer counts them).
    static func config(paths count: Int) -> String {
        let paths = (0..<count).map { index -> String in
            switch index % 5 {
            case 0:
                return #"{"id": "p\#(index)", "type": "CANCEL", "title_key": "t\#(index % 7)", "feedback_survey": {"title_key": "q", "options": [{"id": "a", "title_key": "o\#(index % 3)", "promotional_offer_key": "offer"}, {"id": "b", "title_key": "o1"}]}}"#
            case 1:
                return #"{"id": "p\#(index)", "type": "CUSTOM_URL", "title_key": "t1", "url": "https://example.com/\#(index)", "open_method": "EXTERNAL"}"#
            case 2:
                return #"{"id": "p\#(index)", "type": "REFUND_REQUEST", "title_key": "t2", "promotional_offer_key": "offer", "refund_window": "P\#(index)D"}"#
            case 3:
                return #"{"id": \#(index), "type": "CUSTOM_ACTION", "title_key": "missing_\#(index)", "action_identifier": "act"}"#
            default:
                return #"{"type": "MISSING_PURCHASE", "title_key": ["not a key"], "feedback_survey": {"options": "none"}}"#
            }
        }
        return """
            {"localization": {"default": "en", "supported": ["en", "de"], "localized_strings": {
              "t0": {"en": "A", "de": "A"}, "t1": {"en": "B", "de": "B"}, "t2": {"en": "C", "de": "C"}, "t3": {"en": "D", "de": "D"},
              "t4": {"en": "E", "de": "E"}, "t5": {"en": "F", "de": "F"}, "t6": {"en": "G", "de": "G"}, "q": {"en": "Why?", "de": "Warum?"},
              "o0": {"en": "Too expensive", "de": "Zu teuer"}, "o1": {"en": "Too expensive", "de": "Zu teuer"}, "o2": {"en": "Other", "de": "Anders"},
              "title": {"en": "Help", "de": "Hilfe"}, "offer_title": {"en": "Stay", "de": "Bleib"}}},
             "promotional_offers": {"offer": {"ios_offer_id": "x", "android_offer_id": "y", "title_key": "offer_title"}},
             "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
            \((paths.prefix(count / 2) + [#""not a path""#, "42"] + paths.dropFirst(count / 2)).joined(separator: ",\n"))
            ]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [\(paths.prefix(3).joined(separator: ", "))]}},
             "support": {"email": "help@example.com"}}
            """
    }

    /// Everything decoded of the screens, as text (values, ranges, pointers).
    static func screens(_ text: String, threads: Int, pathsPerThread: Int) -> String {
        let tape = JSONParser.parseTape(Array(text.utf8))
        var plan = ExecutionPlan(threadsPerFile: threads)
        plan.pathsPerThread = pathsPerThread
        let config = ConfigDecoder.decode(tape.root!, format: .authoring, plan: plan)
        return describe(config?.screens as Any)
    }

    /// `value` field by field, each pointer in its string form: what was decoded, not which
    /// objects hold it (`dump` numbers objects, and paths decoded side by side hold equal
    /// pointers made of nodes of their own).
    static func describe(_ value: Any, indent: String = "") -> String {
        if let pointer = value as? JSONPointer { return indent + "pointer \(pointer)\n" }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return indent + String(describing: value) + "\n" }
        var out = indent + "\(mirror.subjectType)\n"
        for child in mirror.children {
            out += indent + "- \(child.label ?? "")\n" + describe(child.value, indent: indent + "  ")
        }
        return out
    }

    @Test(arguments: [(2, 1), (2, 7), (3, 10), (8, 1), (2, 300)])
    func pathsDecodedSideBySideAreTheSame(threads: Int, pathsPerThread: Int) {
        let text = Self.config(paths: 61)
        let alone = Self.screens(text, threads: 1, pathsPerThread: pathsPerThread)
        #expect(alone.contains("p60"), "the dump shows every path")
        let beside = Self.screens(text, threads: threads, pathsPerThread: pathsPerThread)
        // The first line that differs, not two pages of dump.
        let difference = zip(beside.split(separator: "\n"), alone.split(separator: "\n")).first { $0 != $1 }
        #expect(beside == alone, "first difference: \(difference.map { "\($0.0) instead of \($0.1)" } ?? "in length")")
    }

    /// Everything decoded of a document read as the check reads it (the table into its columns),
    /// as text; the members other than the screens beside them from `besideFrom` bytes.
    static func document(_ text: String, threads: Int, besideFrom: Int) -> String {
        var plan = ExecutionPlan(threadsPerFile: threads)
        plan.decodeBesideFromBytes = besideFrom
        let document = DocumentReader.read(SourceFile(path: "c.json", text: text), collectingTable: true, plan: plan)
        var out = ""
        dump(document.config, to: &out)
        // Addresses (the table's columns, the text store) differ run by run: the entries are written out instead.
        out = out.split(separator: "\n").filter { !$0.contains(": 0x0") && !$0.contains("pointerValue:") }.joined(separator: "\n")
        for entry in document.config?.localization?.entries ?? .empty {
            out += "\n\(entry.key.value) \(entry.key.range):"
            for translation in entry.translations { out += " \(translation.locale.value)=\(translation.text.value) \(translation.text.range)" }
        }
        return out
    }

    /// The table's entries, the offers and the plans decoded beside the screens are those one
    /// thread decodes (the whole model compared, in a file too small to do so by default).
    @Test(arguments: [2, 3])
    func membersDecodedBesideTheScreensAreTheSame(threads: Int) {
        let text = Self.config(paths: 61).replacingOccurrences(
            of: #""support": {"#, with: #""change_plans": [{"group_id": "g", "products": [{"product_id": "p", "selected": true}]}], "support": {"#)
        let alone = Self.document(text, threads: 1, besideFrom: 0)
        #expect(alone.contains("offer_title") && alone.contains("groupID") && alone.contains("de=Zu teuer"), "the dump shows the offers, plans and table")
        let beside = Self.document(text, threads: threads, besideFrom: 0)
        let difference = zip(beside.split(separator: "\n"), alone.split(separator: "\n")).first { $0 != $1 }
        #expect(beside == alone, "first difference: \(difference.map { "\($0.0) instead of \($0.1)" } ?? "in length")")
    }

    /// Through the whole check: a file past the size where paths are decoded side by side gets
    /// the report one thread gives it.
    @Test func lintReportIsTheSame() {
        let source = SourceFile(path: "c.json", text: Self.config(paths: 600))
        var one = PipelineRequest(source), two = PipelineRequest(source)
        (one.plan, two.plan) = (.oneThread, ExecutionPlan(threadsPerFile: 2))
        // (The members other than the screens decoded beside them too, in this small file.)
        (one.plan.decodeBesideFromBytes, two.plan.decodeBesideFromBytes) = (0, 0)
        let (alone, beside) = (Pipeline.run(one).analysis.report, Pipeline.run(two).analysis.report)
        #expect(!alone.diagnostics.isEmpty)
        let sameFindings = beside.diagnostics == alone.diagnostics
        #expect(sameFindings, "the findings differ")
        let same = ReportRenderer.render(LintReport(files: [beside]), format: .json) == ReportRenderer.render(LintReport(files: [alone]), format: .json)
        #expect(same, "the JSON reports differ")
    }
}
