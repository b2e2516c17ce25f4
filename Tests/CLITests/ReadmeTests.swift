import Foundation
import Testing

/// Every block tagged `<!-- output of: customer-center ARGS -->` in the README and in `docs/*.md` is
/// the real output of that command: the documentation never shows output the binary does not
/// produce. Its relative links lead to files and headings that exist.
@Suite struct ReadmeTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let page: String
        let line: Int
        let arguments: [String]
        /// nil when the tag is not followed by a fenced block (a mistake the tests report).
        let output: String?
        var testDescription: String { "\(page):\(line): \(arguments.joined(separator: " "))" }
    }

    static let tag = "<!-- output of: customer-center "

    /// The README and every page under `docs/`, as paths relative to the repository, in name order.
    static func pages() -> [String] {
        let docs = CLI.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func text(_ page: String) -> String { text(CLI.packageRoot.appendingPathComponent(page)) }

    static func text(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    static func samples(in page: String) -> [Sample] {
        let lines = text(page).components(separatedBy: "\n")
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix(tag) else { continue }
            let tagLine = index
            let arguments = line.hasSuffix(" -->")
                ? line.dropFirst(tag.count).dropLast(" -->".count).split(separator: " ").map(String.init) : []
            guard !arguments.isEmpty, index < lines.count, lines[index] == "```" else {
                samples.append(Sample(page: page, line: tagLine, arguments: arguments, output: nil))
                continue
            }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            samples.append(Sample(page: page, line: tagLine, arguments: arguments, output: body.joined(separator: "\n") + "\n"))
        }
        return samples
    }

    static func samples() -> [Sample] { pages().flatMap(samples(in:)) }

    @Test func documentationHasSamples() {
        #expect(Self.pages().count > 1, "no pages under docs/")
        #expect(Self.samples().count >= 6)
        // The README's tour shows real output, the error case included.
        let readme = Self.samples(in: "README.md")
        #expect(readme.count >= 3)
        #expect(readme.contains { $0.arguments == ["lint", "Examples/broken.json"] })
    }

    /// The rule table a user reads is `rules --format markdown`'s output, on the rules page.
    @Test func rulesPageHoldsTheRuleTable() {
        let table = Self.samples(in: "docs/rules.md").filter { $0.arguments == ["rules", "--format", "markdown"] }
        #expect(table.count == 1)
    }

    @Test(arguments: samples())
    func sampleIsRealOutput(_ sample: Sample) throws {
        let output = try #require(sample.output, "a tag without a fenced block right under it")
        let result = try CLI.run(sample.arguments)
        #expect(result.stdout == output, "\(sample.page) sample differs:\n\(result.stdout)")
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    static func anchors(_ file: URL) -> Set<String> {
        var inFence = false
        var result: Set<String> = []
        for line in text(file).components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            result.insert(anchor(String(line.drop { $0 == "#" }.dropFirst())))
        }
        return result
    }

    /// Relative links (`[text](path)`, `[text](path#heading)`) of the README and `docs/`.
    @Test func linksResolve() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var checked = 0
        for page in Self.pages() {
            let pageURL = CLI.packageRoot.appendingPathComponent(page)
            for match in Self.text(page).matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? pageURL
                    : pageURL.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                checked += 1
                #expect(FileManager.default.fileExists(atPath: file.path), "\(page): link to missing \(target)")
                if parts.count == 2 {
                    #expect(Self.anchors(file).contains(parts[1]), "\(page): no heading '#\(parts[1])' in \(file.lastPathComponent)")
                }
            }
        }
        #expect(checked >= 10)
    }
}
