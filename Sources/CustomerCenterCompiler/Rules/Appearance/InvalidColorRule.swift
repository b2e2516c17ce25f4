/// `appearance.invalid-color`: not `#RRGGBB` / `#RRGGBBAA`.

import JSONSyntax
package enum InvalidColorRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "appearance.invalid-color",
        summary: "A colour that is not '#RRGGBB' or '#RRGGBBAA' (Android fails the whole config; iOS drops it).",
        rationale: "Android throws on a colour it cannot parse and shows every customer the error screen; iOS silently uses the system colour instead.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe],
        failingExample: Examples.authoring(extra: ##""appearance": {"light": {"accent_color": ↓"#FFF"}, "dark": {"accent_color": "#000000"}}"##),
        passingExample: Examples.authoring(extra: ##""appearance": {"light": {"accent_color": "#FFFFFF"}, "dark": {"accent_color": "#00000080"}}"##))

    /// In a response, a colour Android rejects or crashes on is that platform's `compat.*` finding
    /// (which also says what iOS does): one finding per cause.
    package static func check(_ context: inout RuleContext) {
        for theme in [context.config.appearance?.light, context.config.appearance?.dark].compactMap({ $0 }) {
            for (role, color, _) in theme.colors where !ColorSyntax.isHexColor(color.value) {
                // What each target platform does with it, and nothing about the others.
                let android = context.platforms.contains(.android) ? AndroidColor.parse(color.value) : nil
                if context.config.format == .response, let android, android == .rejected || android == .crashes { continue }
                context.report(.invalidColor(color.value, theme: theme.theme, role: role,
                                             android: android, iosIgnores: context.platforms.contains(.ios)),
                               on: color,
                               fix: suggestion(color.value).map { RuleContext.replace(color, with: $0, "write '\($0)'",
                                                                                     applicability: named[color.value.lowercased()] == nil ? .safe : .unsafe) })
            }
        }
    }

    static let named: [String: String] = [
        "black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "green": "#00FF00", "blue": "#0000FF",
        "gray": "#888888", "grey": "#888888", "yellow": "#FFFF00", "cyan": "#00FFFF", "magenta": "#FF00FF",
    ]

    /// `#FFF` → `#FFFFFF`, `FFFFFF` → `#FFFFFF`, `red` → `#FF0000`.
    static func suggestion(_ text: String) -> String? {
        if let hex = named[text.lowercased()] { return hex }
        var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = String(digits.dropFirst(2)) }
        guard digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        switch digits.count {
        case 3, 4: return "#" + digits.map { "\($0)\($0)" }.joined().uppercased()
        case 6, 8: return "#" + digits.uppercased()
        default: return nil
        }
    }
}

extension RuleMessage {
    /// `appearance.invalid-color`, with what each target platform does with the value.
    static func invalidColor(_ value: String, theme: String, role: String, android: AndroidColor?, iosIgnores: Bool) -> RuleMessage {
        let androidEffect: String?
        switch android {
        case .rejected?: androidEffect = "Android rejects the whole config"
        case .crashes?: androidEffect = "Android likely crashes (Color.parseColor throws StringIndexOutOfBoundsException on an empty string, which the SDK does not catch; read from the code, not run)"
        case .parsed(let hex)?: androidEffect = "Android's Color.parseColor reads it as \(MessageText.quoted(hex))"
        case nil: androidEffect = nil
        }
        let effects = [androidEffect, iosIgnores ? "iOS ignores it" : nil].compactMap { $0 }
        let consequence = effects.isEmpty ? "" : ": " + effects.joined(separator: " and ")
        return RuleMessage(InvalidColorRule.descriptor, "\(MessageText.quoted(value)) is not '#RRGGBB' or '#RRGGBBAA' (\(theme) \(role))\(consequence)")
    }
}
