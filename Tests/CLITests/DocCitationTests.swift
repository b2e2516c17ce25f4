import Foundation
import Testing

/// Every docs section cited from the code exists (docs/design.md "The project explains itself"): a
/// comment that sends a maintainer to `docs/commands.md "Exit codes"` or `pull.md#errors` sends them
/// to a page and a section they will find. A section is a heading, a bold label (`**Counts are
/// exact.**`) or a list item's label (`` - `ignore`: ``); a citation names it or the start of its
/// name (`"The editor"` for `## The editor: a keystroke …`), and a command by its name alone.
@Suite struct DocCitationTests {
    /// A page and the sections named after it: `docs/PAGE.md "A"`, `PAGE.md, "A", "B" and "C"`.
    static var citation: Regex<AnyRegexOutput> { try! Regex(#"(docs/)?([a-z0-9-]+\.md)((?:[,:]? +"[^"\n]+")(?:(?:,|,? and) +"[^"\n]+")*)"#) }
    /// A page and a heading's anchor: `docs/PAGE.md#anchor`.
    static var anchorCitation: Regex<AnyRegexOutput> { try! Regex(#"(docs/)?([a-z0-9-]+\.md)#([a-z0-9_-]+)"#) }
    static var quoted: Regex<AnyRegexOutput> { try! Regex(#""([^"\n]+)""#) }
    static var bold: Regex<AnyRegexOutput> { try! Regex(#"\*\*([^*\n]+)\*\*"#) }
    static var listLabel: Regex<AnyRegexOutput> { try! Regex(#"^[-*] `?([^:`*\n]{1,60})`?: "#) }

    /// Where a maintainer reads reasons: what `SelfContainedDocsTests` reads, and the tests. This
    /// file is left out: its own examples of citations are made up.
    static func files() -> [String] {
        var files = SelfContainedDocsTests.files()
        let tests = CLI.packageRoot.appendingPathComponent("Tests")
        for case let name as String in FileManager.default.enumerator(atPath: tests.path) ?? FileManager.DirectoryEnumerator()
        where name.hasSuffix(".swift") && !name.hasSuffix("/DocCitationTests.swift") {
            files.append("Tests/" + name)
        }
        return files
    }

    /// Each line with the next one's text appended (its comment marker dropped), so a citation
    /// that a comment wraps over two lines is read whole; only citations starting on the line count.
    static func lines(_ text: String) -> [(number: Int, text: String, length: Int)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.map { index in
            guard index + 1 < lines.count else { return (index + 1, lines[index], lines[index].count) }
            var next = Substring(lines[index + 1]).drop { $0 == " " || $0 == "\t" }
            for marker in ["///", "//", "#"] where next.hasPrefix(marker) {
                next = next.dropFirst(marker.count)
                break
            }
            return (index + 1, lines[index] + " " + next.drop { $0 == " " }, lines[index].count)
        }
    }

    /// A cited page, when it is a page of `docs/`: `nil` for a name that is not one (a DocC
    /// article) unless the citation says `docs/`, which must then exist.
    static func page(_ prefix: Substring?, _ name: Substring) -> (url: URL, exists: Bool)? {
        let url = CLI.packageRoot.appendingPathComponent("docs").appendingPathComponent(String(name))
        let exists = FileManager.default.fileExists(atPath: url.path)
        return exists || prefix != nil ? (url, exists) : nil
    }

    static func normalized(_ text: some StringProtocol) -> String {
        var result = text.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
        while result.hasSuffix(".") || result.hasSuffix(":") { result.removeLast() }
        return result.lowercased()
    }

    /// The sections of a page: headings, bold labels and list items' labels, outside code blocks.
    static func sections(of page: String) -> [String] {
        var result: [String] = []
        var fenced = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            if line.hasPrefix("#") { result.append(String(line.drop { $0 == "#" })) }
            result += line.matches(of: bold).compactMap { $0.output[1].substring.map(String.init) }
            result += line.matches(of: listLabel).compactMap { $0.output[1].substring.map(String.init) }
        }
        return result.map(normalized)
    }

    /// Whether `cited` names one of `sections`: the whole name, or its start up to a word's end;
    /// a command's heading (`customer-center lint [options] …`) by the command's name.
    static func names(_ cited: String, in sections: [String]) -> Bool {
        let cited = normalized(cited)
        for section in sections {
            let command = section.hasPrefix("customer-center ") ? String(section.dropFirst("customer-center ".count)) : section
            for name in [section, command] where name.hasPrefix(cited) {
                let rest = name.dropFirst(cited.count)
                if rest.first.map({ !($0.isLetter || $0.isNumber) }) ?? true { return true }
            }
        }
        return false
    }

    @Test func everyCitedSectionExists() throws {
        var checked = 0
        var missing: [String] = []
        var pages: [URL: [String]] = [:]
        for file in Self.files() {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for line in Self.lines(text) {
                let end = line.text.index(line.text.startIndex, offsetBy: line.length)
                for match in line.text.matches(of: Self.citation) where match.range.lowerBound < end {
                    guard let name = match.output[2].substring, let cited = match.output[3].substring,
                          let page = Self.page(match.output[1].substring, name) else { continue }
                    guard page.exists else {
                        missing.append("\(file):\(line.number): no page docs/\(name)")
                        continue
                    }
                    if pages[page.url] == nil { pages[page.url] = Self.sections(of: try String(contentsOf: page.url, encoding: .utf8)) }
                    for section in cited.matches(of: Self.quoted).compactMap({ $0.output[1].substring }) {
                        checked += 1
                        if !Self.names(String(section), in: pages[page.url] ?? []) {
                            missing.append("\(file):\(line.number): docs/\(name) has no section \"\(section)\"")
                        }
                    }
                }
            }
        }
        #expect(checked > 80, "found the citations")
        #expect(missing == [], "\(missing.count) citations of sections that do not exist:\n\(missing.joined(separator: "\n"))")
    }

    @Test func everyCitedAnchorExists() throws {
        var checked = 0
        var missing: [String] = []
        for file in Self.files() where !file.hasPrefix("docs/") && file != "README.md" {  // ReadmeTests checks the pages' links
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: Self.anchorCitation) {
                guard let name = match.output[2].substring, let anchor = match.output[3].substring,
                      let page = Self.page(match.output[1].substring, name) else { continue }
                checked += 1
                if !page.exists || !ReadmeTests.anchors(page.url).contains(String(anchor)) {
                    missing.append("\(file): docs/\(name)#\(anchor)")
                }
            }
        }
        #expect(checked > 3, "found the anchors")
        #expect(missing == [], "anchors that lead nowhere:\n\(missing.joined(separator: "\n"))")
    }

    /// The reading itself: wrapped and listed citations are read whole, a section is found by its
    /// start only up to a word's end, and code blocks hold no sections.
    @Test func theReadingSeesWhatACitationNames() throws {
        let page = """
            # Commands
            ## `customer-center lint [options] [FILE...]`
            **Counts are exact.** The summary …
            ## The editor: a keystroke re-checks
            - `ignore`: findings of a rule
            ```
            # Not a heading
            ```
            """
        let sections = Self.sections(of: page)
        for cited in ["lint", "Counts are exact", "The editor", "ignore", "Commands"] {
            #expect(Self.names(cited, in: sections), "\(cited)")
        }
        for cited in ["Count", "The edit", "Not a heading", "format"] {
            #expect(!Self.names(cited, in: sections), "\(cited)")
        }
        let comment = "/// why (docs/commands.md: \"Counts are exact\", \"Directories\" and\n/// \"Exit codes\"), then"
        let read = Self.lines(comment)[0]
        let match = try #require(read.text.firstMatch(of: Self.citation))
        let cited = try #require(match.output[3].substring).matches(of: Self.quoted).compactMap { $0.output[1].substring.map(String.init) }
        #expect(cited == ["Counts are exact", "Directories", "Exit codes"])
    }
}
