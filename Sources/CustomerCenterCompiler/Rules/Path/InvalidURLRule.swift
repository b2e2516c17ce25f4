/// `path.invalid-url`: `url` that is not an absolute URL.

import JSONSyntax
package enum InvalidURLRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.invalid-url",
        summary: "A 'url' that is not an absolute URL.",
        rationale: "iOS drops a CUSTOM_URL path whose URL it cannot parse (spaces, no scheme), and Android opens nothing: customers lose the link.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": ↓"www.example.com/help", "open_method": "EXTERNAL"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings/help?from=cc", "open_method": "EXTERNAL"}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let url = path.url, !url.value.isEmpty, let problem = URLSyntax.problem(url.value) else { continue }
            let fix = URLSyntax.scheme(of: url.value) == nil && url.value.contains(".") && !url.value.contains(" ")
                ? RuleContext.replace(url, with: "https://" + url.value, "add 'https://'") : nil
            context.report(.invalidURL(url.value, problem), on: url, fix: fix)
        }
    }
}

/// Absolute-URL checks close to what `URL(string:)` accepts (RFC 3986 characters, a scheme, a host for http).
enum URLSyntax {
    /// The scheme, lower-cased, if the text starts with `scheme:`.
    static func scheme(of text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return characterScheme(of: text) }
        var text = text
        return text.withUTF8 { bytes in asciiScheme(bytes).map { String(decoding: $0, as: UTF8.self).lowercased() } }
    }

    static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")

    /// `allowed` by ASCII byte.
    private static let allowedASCII: [Bool] = (0..<128).map { allowed.contains(Character(Unicode.Scalar(UInt8($0)))) }

    /// Why `text` is not an absolute URL, or `nil` when it is one. URLs are ASCII: their bytes
    /// are read directly (a byte is a character, but for CR LF, which is one).
    static func problem(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return characterProblem(text) }
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let scheme = asciiScheme(bytes) else { return noScheme }
            if let bad = bytes.firstIndex(where: { !allowedASCII[Int($0)] }) {
                let character = bytes[bad] == 0x0D && bad + 1 < bytes.count && bytes[bad + 1] == 0x0A
                    ? "\r\n" : String(Unicode.Scalar(bytes[bad]))
                return badCharacter(Character(character))
            }
            let name = String(decoding: scheme, as: UTF8.self).lowercased()
            if name == "http" || name == "https" {
                let rest = bytes[(scheme.count + 1)...]
                guard rest.starts(with: [0x2F, 0x2F]),
                      let first = rest.dropFirst(2).prefix(while: { $0 != 0x2F }).first, first != 0x3F, first != 0x23 else { return noHost }
            }
            return nil
        }
    }

    /// The bytes of an ASCII text's scheme: a letter, then letters, digits, `+`, `-` or `.`, up to the first `:`.
    private static func asciiScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard let colon = bytes.firstIndex(of: 0x3A), colon > 0, isLetter(bytes[0]),
              bytes[..<colon].allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[..<colon])
    }

    /// `scheme(of:)` by characters, for any text.
    static func characterScheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return scheme.lowercased()
    }

    /// `problem(_:)` by characters, for any text.
    static func characterProblem(_ text: String) -> String? {
        guard let scheme = characterScheme(of: text) else { return noScheme }
        if let bad = text.first(where: { !allowed.contains($0) }) { return badCharacter(bad) }
        if scheme == "http" || scheme == "https" {
            let rest = text.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"), let host = rest.dropFirst(2).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
                  !host.isEmpty, !host.hasPrefix("?"), !host.hasPrefix("#") else { return noHost }
        }
        return nil
    }

    private static let noScheme = "it has no scheme such as 'https://'"
    private static let noHost = "it has no host"

    private static func badCharacter(_ bad: Character) -> String {
        bad == " " ? "it contains a space (write %20)" : "it contains \(MessageText.quoted(String(bad))), which must be percent-encoded"
    }
}

extension RuleMessage {
    /// `path.invalid-url`: the URL and why it is not an absolute one.
    static func invalidURL(_ url: String, _ problem: String) -> RuleMessage {
        RuleMessage(InvalidURLRule.descriptor, "\(MessageText.quoted(url)) is not an absolute URL: \(problem)")
    }
}
