import Foundation
import Testing

@Suite struct EditorIntegrationTests {
    /// The shipped problem matcher captures every line of real compact output.
    @Test func problemMatcherMatchesCompactOutput() throws {
        let matcher = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/ci/customer-center-matcher.json"))) as? [String: Any]
        let pattern = try #require((((matcher?["problemMatcher"] as? [[String: Any]])?.first?["pattern"]) as? [[String: Any]])?.first)
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
        let output = try CLI.run(["lint", "--format", "compact", "Examples/broken.json"]).stdout
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        for line in lines {
            let match = try #require(regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "\(line)")
            func group(_ key: String) -> String? {
                guard let index = pattern[key] as? Int, let range = Range(match.range(at: index), in: line) else { return nil }
                return String(line[range])
            }
            #expect(group("file") == "Examples/broken.json")
            #expect(Int(group("line") ?? "") != nil && Int(group("column") ?? "") != nil)
            #expect(["error", "warning", "note"].contains(group("severity") ?? ""))
            #expect(group("code")?.contains(".") == true)
            #expect(line.hasSuffix("[\(group("code") ?? "")]"))
        }
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
