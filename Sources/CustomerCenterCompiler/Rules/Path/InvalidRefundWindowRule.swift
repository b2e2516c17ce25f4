/// `path.invalid-refund-window`: `refund_window` not `forever` nor an ISO-8601 duration.

import JSONSyntax
package enum InvalidRefundWindowRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.invalid-refund-window",
        summary: "A 'refund_window' that is neither 'forever' nor an ISO-8601 duration.",
        rationale: "iOS finds a duration anywhere in the text: with no 'P' it applies no limit, so the refund option shows long after the window you meant; with a 'P' and no number after it the window is zero and the refund option never shows; '-P-9223372036854775808D' crashes the app.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "refund_window": ↓"14 days"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "refund_window": "P14D"}]}"#))

    package static func check(_ context: inout RuleContext) {
        let ios = context.platforms.contains(.ios)
        for path in context.resolved.allPaths {
            guard let window = path.refundWindow else { continue }
            let text = window.value
            // What iOS does with exactly this text (Android ignores the field).
            switch IOSRefundWindow.evaluate(text) {
            case .noLimit:
                guard text != "forever" else { continue }
                let fix = ISODuration.fromWords(text).map { RuleContext.replace(window, with: $0, "write '\($0)'") }
                context.report(.refundWindowNotDuration(text, ios: ios ? .noLimit : nil),
                               on: window, fix: fix)
            case .window(_, let matched):
                // A clean match of the whole text is valid; text around it is ignored by iOS.
                guard matched != text || ISODuration.seconds(text) == nil else { continue }
                let fix = matched != text ? RuleContext.replace(window, with: matched, "write '\(matched)'") : nil
                context.report(matched != text ? .refundWindowWithTextAround(text, iosReads: ios ? matched : nil)
                                               : .refundWindowNotDuration(text, ios: nil),
                               on: window, fix: fix)
            case .hidden(let matched):
                context.report(.refundWindowNotDuration(text, ios: ios ? .hidden(matched: matched) : nil),
                               on: window, fix: ISODuration.fromWords(text).map { RuleContext.replace(window, with: $0, "write '\($0)'") })
            case .crash(let matched):
                context.report(.refundWindowNotDuration(text, ios: ios ? .crash(matched: matched) : nil),
                               on: window)
            }
        }
    }
}

extension RuleMessage {
    /// `path.invalid-refund-window`: not a duration, and what iOS does with exactly this text
    /// (`nil` when iOS is not a target; Android ignores the field).
    static func refundWindowNotDuration(_ text: String, ios verdict: IOSRefundWindow?) -> RuleMessage {
        let consequence: String
        switch verdict {
        case nil, .window: consequence = ""
        case .noLimit: consequence = "; with no 'P' in it, iOS applies no limit: the refund option shows however old the purchase is"
        case .hidden(let matched): consequence = "; iOS reads \(MessageText.quoted(matched)) in it as a window of zero (or less) and never shows the refund option"
        case .crash: consequence = "; iOS crashes decoding it (negating its component overflows)"
        }
        return RuleMessage(InvalidRefundWindowRule.descriptor,
                           "\(MessageText.quoted(text)) is not 'forever' or an ISO-8601 duration such as 'P14D' or 'P1M'" + consequence)
    }

    /// `path.invalid-refund-window`: a duration with text around it; `iosReads` is the part iOS uses.
    static func refundWindowWithTextAround(_ text: String, iosReads matched: String?) -> RuleMessage {
        RuleMessage(InvalidRefundWindowRule.descriptor,
                    "\(MessageText.quoted(text)) has text around its duration" + (matched.map { "; iOS reads only \(MessageText.quoted($0)) and ignores the rest" } ?? ""))
    }
}
