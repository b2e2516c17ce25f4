/// `appearance.low-contrast`: text against its background below WCAG AA 4.5:1.

import JSONSyntax
package enum LowContrastRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "appearance.low-contrast",
        summary: "Text against its background, or button text against the button, below WCAG AA 4.5:1 in a theme.",
        rationale: "Low-contrast text is hard or impossible to read for many customers, especially outdoors or with low vision, right when they are trying to cancel or get help.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: ##""appearance": {"light": {"text_color": ↓"#999999", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}}"##),
        passingExample: Examples.authoring(extra: ##""appearance": {"light": {"text_color": "#595959", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}}"##))

    package static func check(_ context: inout RuleContext) {
        for theme in [context.config.appearance?.light, context.config.appearance?.dark].compactMap({ $0 }) {
            for (foregroundRole, backgroundRole) in ColorContrast.pairs {
                guard let foreground = theme.color(foregroundRole), let background = theme.color(backgroundRole),
                      let ratio = ColorContrast.ratio(foreground.value, on: background.value, theme: theme.theme), ratio < 4.5 else { continue }
                let shown = (ratio * 100).rounded() / 100
                context.report(.lowContrast(theme: theme.theme, role: foregroundRole, foreground.value, on: background.value, ratio: shown),
                               on: foreground,
                               notes: [context.note(RuleMessage.backgroundNote(backgroundRole), at: background.range)])
            }
        }
    }
}

extension RuleMessage {
    /// `appearance.low-contrast`: the pair and its ratio, rounded to two places by the caller.
    static func lowContrast(theme: String, role: String, _ foreground: String, on background: String, ratio: Double) -> RuleMessage {
        RuleMessage(LowContrastRule.descriptor, "\(theme) \(role) \(MessageText.quoted(foreground)) on \(MessageText.quoted(background)) has a contrast of \(ratio):1; WCAG AA needs 4.5:1")
    }

    /// The note at the background colour of a low-contrast pair.
    static func backgroundNote(_ role: String) -> String { "the \(role)" }
}
