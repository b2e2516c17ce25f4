/// `path.invalid-url`: `url` that is not an absolute URL.
public enum InvalidURLRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "path.invalid-url",
        summary: "A 'url' that is not an absolute URL.",
        rationale: "iOS drops a CUSTOM_URL path whose URL it cannot parse (spaces, no scheme), and Android opens nothing: customers lose the link.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": ↓"www.example.com/help", "open_method": "EXTERNAL"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings/help?from=cc", "open_method": "EXTERNAL"}]}"#))

    public static func check(_ context: inout RuleContext) {
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
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return scheme.lowercased()
    }

    static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")

    /// Why `text` is not an absolute URL, or `nil` when it is one.
    static func problem(_ text: String) -> String? {
        guard let scheme = scheme(of: text) else { return "it has no scheme such as 'https://'" }
        if let bad = text.first(where: { !allowed.contains($0) }) {
            return bad == " " ? "it contains a space (write %20)" : "it contains \(MessageText.quoted(String(bad))), which must be percent-encoded"
        }
        if scheme == "http" || scheme == "https" {
            let rest = text.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"), let host = rest.dropFirst(2).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
                  !host.isEmpty, !host.hasPrefix("?"), !host.hasPrefix("#") else { return "it has no host" }
        }
        return nil
    }
}

extension RuleMessage {
    /// `path.invalid-url`: the URL and why it is not an absolute one.
    static func invalidURL(_ url: String, _ problem: String) -> RuleMessage {
        RuleMessage(InvalidURLRule.descriptor, "\(MessageText.quoted(url)) is not an absolute URL: \(problem)")
    }
}
