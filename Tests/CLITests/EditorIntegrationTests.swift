import Foundation
import Testing

@Suite struct EditorIntegrationTests {
    /// The shipped problem matcher captures every line of real compact output, each by exactly one
    /// of its matchers, with a severity the GitHub runner accepts (error, warning, notice): a note
    /// is a notice (Scripts/ci/test-action.sh applies the runner's rules to the release's output).
    @Test func problemMatcherMatchesCompactOutput() throws {
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/ci/customer-center-matcher.json"))) as? [String: Any]
        let matchers = try #require(file?["problemMatcher"] as? [[String: Any]])
        let output = try CLI.run(["lint", "--format", "compact", "--rule", "screen.missing=note", "Examples/broken.json"]).stdout
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        var severities: [String] = []
        for line in lines {
            var found: [(pattern: [String: Any], match: NSTextCheckingResult, default: String)] = []
            for matcher in matchers {
                let pattern = try #require((matcher["pattern"] as? [[String: Any]])?.first)
                let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
                if let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) {
                    found.append((pattern, match, matcher["severity"] as? String ?? ""))
                }
            }
            #expect(found.count == 1, "\(line)")
            let (pattern, match, fallback) = try #require(found.first)
            func group(_ key: String) -> String? {
                guard let index = pattern[key] as? Int, let range = Range(match.range(at: index), in: line) else { return nil }
                return String(line[range])
            }
            #expect(group("file") == "Examples/broken.json")
            #expect(Int(group("line") ?? "") != nil && Int(group("column") ?? "") != nil)
            let severity = group("severity") ?? fallback
            #expect(["error", "warning", "notice"].contains(severity), "\(line)")
            severities.append(severity)
            #expect(line.contains(": \(severity == "notice" ? "note" : severity): "))
            #expect(group("code")?.contains(".") == true)
            #expect(line.hasSuffix("[\(group("code") ?? "")]"))
            #expect(group("message").map { line.contains(": \($0) [") } == true)
        }
        #expect(Set(severities) == ["error", "warning", "notice"])
    }

    /// On-save use: the same bytes on stdin give the same findings under the file's own name.
    @Test func standardInputMatchesTheFile() throws {
        let path = "Examples/broken.json"
        let fromFile = try CLI.run(["lint", "--format", "compact", path])
        let fromStdin = try CLI.run(["lint", "--format", "compact", "--stdin-filename", path, "-"],
                                    stdin: try Data(contentsOf: CLI.packageRoot.appendingPathComponent(path)))
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(fromStdin.status == fromFile.status)
    }
}
