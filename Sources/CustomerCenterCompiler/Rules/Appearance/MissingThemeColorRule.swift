/// `appearance.missing-theme-color`: a colour set for one theme but not the other.

import JSONSyntax
package enum MissingThemeColorRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "appearance.missing-theme-color",
        summary: "A colour set for one theme but not the other.",
        rationale: "Neither SDK falls back from dark to light: in the other mode that element gets the system colour, which may clash with the colours you did set.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: ##""appearance": {"light": {↓"accent_color": "#7A5C12", "text_color": "#000000"}, "dark": {"text_color": "#FFFFFF"}}"##),
        passingExample: Examples.authoring(extra: ##""appearance": {"light": {"accent_color": "#7A5C12"}, "dark": {"accent_color": "#F4A900"}}"##))

    package static func check(_ context: inout RuleContext) {
        guard let appearance = context.config.appearance else { return }
        let themes = [appearance.light, appearance.dark]
        for (index, theme) in themes.enumerated() {
            guard let theme else { continue }
            let otherName = index == 0 ? "dark" : "light"
            guard let other = themes[1 - index] else {
                if !theme.colors.isEmpty {
                    context.report(.themeMissing(otherName, besides: theme.theme),
                                   at: theme.keyRange, pointer: theme.pointer)
                }
                continue
            }
            for (role, color, keyRange) in theme.colors where other.color(role) == nil {
                context.report(.themeColorMissing(role, in: otherName, setIn: theme.theme),
                               at: keyRange, pointer: color.pointer)
            }
        }
    }
}

extension RuleMessage {
    /// `appearance.missing-theme-color`: one theme has colours, the other theme is absent.
    static func themeMissing(_ missing: String, besides theme: String) -> RuleMessage {
        RuleMessage(MissingThemeColorRule.descriptor, "'\(theme)' sets colours but there is no '\(missing)' theme: \(missing) mode uses the system colours")
    }

    /// `appearance.missing-theme-color`: one colour set in one theme only.
    static func themeColorMissing(_ role: String, in missing: String, setIn theme: String) -> RuleMessage {
        RuleMessage(MissingThemeColorRule.descriptor, "\(role) is set for \(theme) but not for \(missing): \(missing) mode uses the system colour")
    }
}
