import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// `path.invalid-url` reads an ASCII URL's bytes; any other text by characters. On every text
/// the two must give the same scheme and the same problem, word for word.
@Suite struct URLSyntaxTests {
    static let pieces = [
        "https", "http", "HTTP", "Https", "mailto", "my-app+x.y", "1ab", "a", "example.com", "www", ":", "//", "/", "?", "#",
        " ", "\r\n", "\r", "\n", "\t", "%20", "{", "}", "|", "\\", "^", "`", "\"", "<", ">", "~", "[", "]", "@", "é", "\u{301}", "\u{7F}", "\u{0}",
    ]

    @Test func bytesAndCharactersAgree() {
        var rng = SeededGenerator(seed: 11)
        var checked = 0, problems = Set<String>()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            #expect(URLSyntax.scheme(of: text) == URLSyntax.characterScheme(of: text), "\(text.debugDescription)")
            let problem = URLSyntax.problem(text)
            #expect(problem == URLSyntax.characterProblem(text), "\(text.debugDescription)")
            problems.insert(problem ?? "none")
            checked += 1
        }
        // Every verdict was reached: valid, no scheme, each kind of bad character, no host.
        #expect(problems.contains("none"))
        #expect(problems.contains("it has no scheme such as 'https://'"))
        #expect(problems.contains("it has no host"))
        #expect(problems.contains("it contains a space (write %20)"))
        // CR LF is one character: it is reported whole.
        #expect(problems.contains("it contains '\\u{D}\\u{A}', which must be percent-encoded"))
        #expect(problems.contains("it contains '\\u{D}', which must be percent-encoded"))
        #expect(checked == 20_000)
    }

    @Test func knownAnswers() {
        #expect(URLSyntax.problem("https://example.com/help") == nil)
        #expect(URLSyntax.problem("myapp://settings") == nil)
        #expect(URLSyntax.problem("HTTPS://") == "it has no host")
        #expect(URLSyntax.problem("https://?q") == "it has no host")
        #expect(URLSyntax.problem("www.example.com") == "it has no scheme such as 'https://'")
        #expect(URLSyntax.problem("https://a b") == "it contains a space (write %20)")
        #expect(URLSyntax.scheme(of: "Mailto:x") == "mailto")
        #expect(URLSyntax.scheme(of: "1a:x") == nil)
    }
}
