/// `support.invalid-email`: not an email address.

import JSONSyntax
package enum InvalidEmailRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "support.invalid-email",
        summary: "A support email that is not an email address.",
        rationale: "The SDKs build a mailto: link from it: an invalid address hides \"Contact support\" or opens a mail nobody receives.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe],
        failingExample: Examples.authoring(extra: #""support": {"email": ↓"support at example.com"}"#),
        passingExample: Examples.authoring(extra: #""support": {"email": "support+app@example.co.uk"}"#))

    package static func check(_ context: inout RuleContext) {
        guard let email = context.config.support?.email, !email.value.isEmpty, let problem = problem(email.value) else { return }
        // Spaces pasted around the address, or a `mailto:` link: each has one repair.
        let trimmed = email.value.trimmingCharacters(in: " \t")
        let bare = trimmed.hasPrefix("mailto:") ? String(trimmed.dropFirst("mailto:".count)) : trimmed
        let fix = bare != email.value && Self.problem(bare) == nil
            ? RuleContext.replace(email, with: bare, bare == trimmed ? "remove the spaces" : "remove 'mailto:'", applicability: .safe) : nil
        context.report(.invalidEmail(email.value, problem), on: email, fix: fix)
    }

    /// Why `text` is not `local@domain.tld`, or `nil`.
    static func problem(_ text: String) -> String? {
        if text.contains(where: { $0 == " " || $0.isNewline || $0 == "\t" }) { return "it contains whitespace" }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return parts.count < 2 ? "it has no '@'" : "it has more than one '@'" }
        let (local, domain) = (parts[0], parts[1])
        if local.isEmpty { return "nothing before the '@'" }
        if text.hasPrefix("mailto:") { return "write the address without 'mailto:'" }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return "the domain \(MessageText.quoted(String(domain))) is not a domain name" }
        guard let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else { return "the domain \(MessageText.quoted(String(domain))) has no valid top-level domain" }
        return nil
    }
}

extension RuleMessage {
    /// `support.invalid-email`.
    static func invalidEmail(_ email: String, _ problem: String) -> RuleMessage {
        RuleMessage(InvalidEmailRule.descriptor, "\(MessageText.quoted(email)) is not an email address: \(problem)")
    }
}
