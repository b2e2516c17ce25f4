#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `appearance.low-contrast`: text against its background below WCAG AA 4.5:1.
public enum LowContrastRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "appearance.low-contrast",
        summary: "Text against its background, or button text against the button, below WCAG AA 4.5:1 in a theme.",
        rationale: "Low-contrast text is hard or impossible to read for many customers, especially outdoors or with low vision, right when they are trying to cancel or get help.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: ##""appearance": {"light": {"text_color": ↓"#999999", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}}"##),
        passingExample: Examples.authoring(extra: ##""appearance": {"light": {"text_color": "#595959", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}}"##))

    /// Each text colour with the background it is drawn on.
    public static let pairs = [("text_color", "background_color"), ("button_text_color", "button_background_color")]

    /// The WCAG contrast ratio of `foreground` on `background` (`#RRGGBB[AA]`) in `theme`
    /// (`light` or `dark`: translucent colours are drawn over white in light mode, black in dark).
    public static func contrast(_ foreground: String, on background: String, theme: String) -> Double? {
        guard let fg = RGBA(hex: foreground), let bg = RGBA(hex: background) else { return nil }
        let base = theme == "dark" ? RGBA(r: 0, g: 0, b: 0, a: 1) : RGBA(r: 1, g: 1, b: 1, a: 1)
        let backdrop = bg.over(base)
        return RGBA.contrast(fg.over(backdrop), backdrop)
    }

    /// Red, green, blue and alpha of `#RRGGBB` or `#RRGGBBAA`, each 0...1.
    public static func components(ofHex hex: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        RGBA(hex: hex).map { ($0.r, $0.g, $0.b, $0.a) }
    }

    public static func check(_ context: inout RuleContext) {
        for theme in [context.config.appearance?.light, context.config.appearance?.dark].compactMap({ $0 }) {
            for (foregroundRole, backgroundRole) in pairs {
                guard let foreground = theme.color(foregroundRole), let background = theme.color(backgroundRole),
                      let ratio = contrast(foreground.value, on: background.value, theme: theme.theme), ratio < 4.5 else { continue }
                let shown = (ratio * 100).rounded() / 100
                context.report(.lowContrast(theme: theme.theme, role: foregroundRole, foreground.value, on: background.value, ratio: shown),
                               on: foreground,
                               notes: [context.note(RuleMessage.backgroundNote(backgroundRole), at: background.range)])
            }
        }
    }
}

/// An sRGB colour with alpha, components in 0...1.
struct RGBA {
    var r, g, b, a: Double

    init(r: Double, g: Double, b: Double, a: Double) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// `#RRGGBB` or `#RRGGBBAA` (alpha last, as both SDKs read it).
    init?(hex: String) {
        guard ColorSyntax.isHexColor(hex), let value = UInt64(hex.dropFirst(), radix: 16) else { return nil }
        let hasAlpha = hex.count == 9
        let v = hasAlpha ? value : value << 8 | 0xFF
        r = Double((v >> 24) & 0xFF) / 255
        g = Double((v >> 16) & 0xFF) / 255
        b = Double((v >> 8) & 0xFF) / 255
        a = Double(v & 0xFF) / 255
    }

    /// This colour composited over an opaque `backdrop`.
    func over(_ backdrop: RGBA) -> RGBA {
        RGBA(r: r * a + backdrop.r * (1 - a), g: g * a + backdrop.g * (1 - a), b: b * a + backdrop.b * (1 - a), a: 1)
    }

    /// WCAG 2.x relative luminance.
    var luminance: Double {
        func channel(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG contrast ratio, 1...21.
    static func contrast(_ x: RGBA, _ y: RGBA) -> Double {
        let (l1, l2) = (max(x.luminance, y.luminance), min(x.luminance, y.luminance))
        return (l1 + 0.05) / (l2 + 0.05)
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
