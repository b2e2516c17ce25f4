import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// A lint reads `localized_strings` from the parser straight into its columns (no tape for the
/// table): the model must be the one read from the tape (`Pipeline.decode`, which never hands the
/// table over), and a table the columns cannot take as read (a repeated key, a response) is
/// parsed again onto the tape.
@Suite struct StringTableDecodeTests {
    /// Every entry as one comparable line: key, its range, pointer, and each text with its
    /// locale, the locale's range and pointer, and the text's range.
    static func entries(_ analysis: Analysis) -> [String] {
        guard let entries = analysis.config?.localization?.entries else { return ["no table"] }
        return entries.map { entry in
            let texts = entry.translations.map { translation in
                "\(translation.locale.value)@\(translation.locale.range)\(translation.locale.pointer)=\(translation.textValue)@\(translation.text.range)"
            }
            return "\(entry.key.value)@\(entry.key.range)\(entry.key.pointer): " + texts.joined(separator: ", ")
        }
    }

    @Test func theColumnsAreTheModelReadFromTheTape() throws {
        let tables = [
            #""title": {"en": "Help", "fr": "Aide"}, "k1": {"fr": "Un", "en": "One\n\"q\""}, "k2": {}, "caf\#u{E9}": {"de": "Kaffee", "en": " x "}"#,
            #""title": {"en": "Help"}, "k1": {"en": "x"}, "k1x": {"en": "y", "de": "z", "fr": "w"}"#,
        ]
        for table in tables {
            let source = SourceFile(path: "c.json", text: Examples.authoring(strings: table))
            let analysis = Linter.analyze(source)
            #expect(Self.entries(analysis) == Self.entries(Pipeline.decode(source)), "\(table)")
            #expect(Self.entries(analysis).count == table.components(separatedBy: "}").count - 1)
            #expect(try #require(analysis.resolved).strings["caf\u{E9}"] != nil || !table.contains("caf"))
        }
    }

    @Test func aRepeatedKeyInTheTableIsReadFromTheTape() throws {
        let source = SourceFile(path: "c.json", text: Examples.authoring(strings: #""title": {"en": "Help"}, "k1": {"en": "first"}, "k1": {"en": "second"}"#))
        let analysis = Linter.analyze(source)
        let repeated = analysis.report.diagnostics.filter { $0.id.rawValue == "json.duplicate-key" }
        #expect(repeated.count == 1, "the repeat is reported, as from the tape")
        #expect(Self.entries(analysis) == Self.entries(Pipeline.decode(source)))
        #expect(analysis.resolved?.strings["k1"]?.translations.first?.textValue == "first")
    }

    @Test func aResponseWithATableAtTheAuthoringPlaceIsReadFromTheTape() throws {
        let text = #"{"customer_center": {"localization": {"locale": "en", "localized_strings": {"t": "Help"}}, "screens": {}}, "localization": {"localized_strings": {"a": {"en": "x"}}}}"#
        let source = SourceFile(path: "r.json", text: text)
        let analysis = Linter.analyze(source)
        #expect(analysis.format == .response)
        #expect(Self.entries(analysis) == Self.entries(Pipeline.decode(source)))
        #expect(Self.entries(analysis).count == 1)
    }
}
