import Foundation
import Testing

/// docs/testing.md's table of suites is the list of suites: a suite added without its row, or a row
/// left behind by a suite renamed or removed, fails here, so a reader of the table never misses a
/// suite or looks for one that is gone.
@Suite struct SuiteTableTests {
    /// A suite: a struct or class whose name ends in `Tests`, declared at the start of a line
    /// (after its `@Suite` attribute, if on the same line).
    static var declaration: Regex<AnyRegexOutput> { try! Regex(#"(?m)^(?:@Suite\b[^\n]*?\s)?(?:final )?(?:struct|class) ([A-Z][A-Za-z0-9]*Tests)\b"#) }
    /// A row of the table: its first cell is the suite's name in backticks.
    static var row: Regex<AnyRegexOutput> { try! Regex(#"(?m)^\| `([A-Z][A-Za-z0-9]*Tests)` \|"#) }

    static func names(in text: String, _ pattern: Regex<AnyRegexOutput>) -> [String] {
        text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// Every suite declared in a Swift file under `Tests/` (the shared support target aside).
    static func suites() throws -> [String] {
        let tests = CLI.packageRoot.appendingPathComponent("Tests")
        var result: [String] = []
        for case let name as String in FileManager.default.enumerator(atPath: tests.path) ?? FileManager.DirectoryEnumerator()
        where name.hasSuffix(".swift") && !name.hasPrefix("TestSupport/") {
            result += names(in: try String(contentsOf: tests.appendingPathComponent(name), encoding: .utf8), declaration)
        }
        return result
    }

    @Test func everySuiteHasOneRowAndEveryRowASuite() throws {
        let suites = try Self.suites()
        #expect(suites.count > 100, "found the suites")
        let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let rows = Self.names(in: page, Self.row)
        let repeated = Dictionary(grouping: rows, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated == [], "rows given twice in docs/testing.md")
        #expect(Set(suites).subtracting(rows).sorted() == [], "suites without a row in docs/testing.md's table")
        #expect(Set(rows).subtracting(suites).sorted() == [], "rows of docs/testing.md that name no suite")
    }

    /// The patterns themselves: a suite is seen with or without its attribute, a nested helper
    /// type or a name in a string is not; a row is the first cell only.
    @Test func thePatternsSeeDeclarationsAndRowsOnly() {
        let source = """
            @Suite struct OneTests {
                struct HelperTests {}
            }
            @Suite(.serialized) final class TwoTests {}
            struct ThreeTests {
            let text = "struct FourTests"
            """
        #expect(Self.names(in: source, Self.declaration) == ["OneTests", "TwoTests", "ThreeTests"])
        #expect(Self.names(in: "| `OneTests` | pins `TwoTests` |\n| `Script` | x |", Self.row) == ["OneTests"])
    }
}
