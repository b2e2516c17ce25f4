/// `support.platform-unsupported`: a support setting Android never uses.

import JSONSyntax
package enum SupportPlatformUnsupportedRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "support.platform-unsupported",
        summary: "A support setting Android never uses: the e-mail's 'default_subject' / 'default_body', 'should_warn_customer_to_update' or 'display_purchase_history_link'.",
        rationale: "purchases-android (CustomerCenterViewModel.contactSupport) writes the English subject \"Support Request\" and body \"Support request details...\" into every support e-mail, whatever the config or the locale, decodes 'should_warn_customer_to_update' without reading it, and has neither a 'display_purchase_history_link' field nor a purchase history screen: Android customers get the English e-mail text, no update warning and no purchase history link.",
        defaultSeverity: .note, formats: [.authoring, .response],
        reads: [.structure, .responseTexts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, ↓"default_subject": {"en": "Help with my subscription"}"#,
                                           extra: #""support": {"email": "help@example.com", "should_warn_customer_to_update": ↓true}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}"#,
                                           extra: #""support": {"email": "help@example.com", "should_warn_customer_to_update": false}"#),
        moreFailingExamples: [Examples.authoring(extra: #""support": {"email": "help@example.com", "display_purchase_history_link": ↓true}"#)])

    /// The keys of the support e-mail's text, with what Android writes instead.
    static let emailTexts: [(key: String, android: String)] = [
        ("default_subject", "Support Request"), ("default_body", "Support request details..."),
    ]

    /// Only where Android is a target. An authoring config customises a text by defining its key;
    /// a response carries every built-in text, because the backend sends one set of strings to
    /// both platforms, merged with its own translations (docs/android-semantics.md): there a text
    /// counts when it is neither the SDK's English default nor the built-in translation for the
    /// response's locale, i.e. when someone wrote it. The update warning counts when it is
    /// `true`: `false` is what Android does anyway.
    package static func check(_ context: inout RuleContext) {
        guard context.platforms.contains(.android) else { return }
        let iosToo = context.platforms.contains(.ios)
        let builtIn = context.config.localization?.responseLocale.map { BuiltInStrings.strings(for: $0.value).strings } ?? [:]
        for (key, android) in emailTexts {
            guard let entry = context.resolved.strings[key] else { continue }
            if context.config.format == .response {
                guard let text = entry.translations.first?.textValue, text != SDKStrings.english[key], text != builtIn[key] else { continue }
            }
            context.report(.androidIgnoresEmailText(key, android: android, iosToo: iosToo), on: entry.key)
        }
        if let warning = context.config.support?.updateWarning, warning.value {
            context.report(.androidIgnoresUpdateWarning(iosToo: iosToo), at: warning.range, pointer: warning.pointer)
        }
        for flag in context.config.support?.locatedFlags ?? [] where flag.name == "display_purchase_history_link" && flag.value.value {
            context.report(.androidHasNoPurchaseHistory(iosToo: iosToo), on: flag.value)
        }
    }
}

extension RuleMessage {
    /// `support.platform-unsupported`: the e-mail's subject or body.
    static func androidIgnoresEmailText(_ key: String, android: String, iosToo: Bool) -> RuleMessage {
        RuleMessage(SupportPlatformUnsupportedRule.descriptor,
                    "Android does not use \(MessageText.quoted(key)): its support e-mail always has the English \(key == "default_subject" ? "subject" : "body") \(MessageText.quoted(android)), in every locale\(iosToo ? " (only iOS uses this text)" : "")")
    }

    /// `support.platform-unsupported`: the purchase history link.
    static func androidHasNoPurchaseHistory(iosToo: Bool) -> RuleMessage {
        RuleMessage(SupportPlatformUnsupportedRule.descriptor,
                    "Android never shows a purchase history link: it has neither 'display_purchase_history_link' nor the screen\(iosToo ? " (only iOS shows it)" : "")")
    }

    /// `support.platform-unsupported`: the update warning.
    static func androidIgnoresUpdateWarning(iosToo: Bool) -> RuleMessage {
        RuleMessage(SupportPlatformUnsupportedRule.descriptor,
                    "Android never shows the update warning: it decodes 'should_warn_customer_to_update' but nothing reads it\(iosToo ? " (only iOS warns)" : "")")
    }
}
