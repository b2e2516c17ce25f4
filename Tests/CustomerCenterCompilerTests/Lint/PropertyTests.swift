import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// Randomized properties over generated JSON and over mutated configs. Seeds are fixed (and
/// printed on failure), so a failure reproduces exactly.
@Suite struct PropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2026, 0xC0FFEE]

    static func randomString(_ rng: inout SeededGenerator) -> String {
        let pieces = ["a", "title", "é", "日本", "😀", "\"", "\\", "\n", "\u{0}", "\u{1B}", " ", "{{ price }}", "{", "}", "/", "~", "\u{202E}"]
        return (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func randomValue(_ rng: inout SeededGenerator, depth: Int) -> JSONValue {
        let choice = depth > 4 ? Int.random(in: 2...5, using: &rng) : Int.random(in: 0...5, using: &rng)
        switch choice {
        case 0:
            var keys = Set<String>()
            let members = (0..<Int.random(in: 0...5, using: &rng)).compactMap { _ -> (String, JSONValue)? in
                let key = randomString(&rng)
                guard keys.insert(key).inserted else { return nil }
                return (key, randomValue(&rng, depth: depth + 1))
            }
            return .record(members)
        case 1: return .list((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        case 2: return .text(randomString(&rng))
        case 3: return JSONValue(.number(JSONNumber(text: ["0", "-0", "1.5", "1e999999", "-12", "3E-2", "9223372036854775808"].randomElement(using: &rng)!)), range: .at(0))
        case 4: return .flag(Bool.random(using: &rng))
        default: return JSONValue(.null, range: .at(0))
        }
    }

    /// parse(print(tree)) == tree, and printing is a fixed point.
    @Test(arguments: seeds)
    func printThenParseIsIdentity(_ seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for iteration in 0..<200 {
            let tree = Self.randomValue(&rng, depth: 0)
            for writer in [JSONWriter(sortKeys: false), JSONWriter(sortKeys: true, inlineArrayLimit: 0)] {
                let text = writer.write(tree)
                let parsed = JSONParser.parse(Array(text.utf8))
                #expect(parsed.issues.isEmpty, "seed \(seed) iteration \(iteration): \(parsed.issues)")
                let root = try #require(parsed.root)
                let expected = writer.sortKeys ? FormatterTests.sorted(tree) : tree
                #expect(root.isSameData(as: expected), "seed \(seed) iteration \(iteration)")
                #expect(writer.write(root) == text)
            }
        }
    }

    /// Byte-level mutations of real configs: whatever comes out, findings are sorted and inside the
    /// file, format is idempotent, compile is deterministic, and nothing traps.
    @Test(arguments: seeds)
    func mutatedConfigsKeepTheInvariants(_ seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let bases = try ["customer_center.json", "response.json", "broken.json"].map {
            Array(try Data(contentsOf: TestPaths.examples.appendingPathComponent($0)))
        }
        let alphabet: [UInt8] = Array("{}[]\",:0-1e. \n\\tnfu".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80]
        for iteration in 0..<60 {
            var bytes = bases.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0...2, using: &rng) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: position)
                default: bytes[position] = alphabet.randomElement(using: &rng)!
                }
            }
            let label = "seed \(seed) iteration \(iteration)"
            let source = SourceFile(path: "m.json", bytes: bytes)
            let report = Linter.lint(source, options: LintOptions(platforms: [.ios, .android]))
            #expect(report.diagnostics == report.diagnostics.sorted(by: Diagnostic.reportOrder), "\(label)")
            for diagnostic in report.diagnostics {
                #expect(diagnostic.range.start >= 0 && diagnostic.range.start <= diagnostic.range.end && diagnostic.range.end <= bytes.count, "\(label)")
                for edit in diagnostic.fix?.edits ?? [] { #expect(edit.range.end <= bytes.count, "\(label)") }
            }
            if let once = Formatter.format(source).formatted {
                #expect(Formatter.format(SourceFile(path: "m", text: once)).formatted == once, "\(label)")
            }
            let first = Workspace().run(Compile(source)).payloads, second = Workspace().run(Compile(source)).payloads
            #expect(first == second, "\(label)")
            for format in ReportFormat.allCases { _ = ReportRenderer.render(LintReport(files: [report]), format: format) }
        }
    }
}
