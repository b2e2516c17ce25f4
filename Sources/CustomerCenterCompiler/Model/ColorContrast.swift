import PlatformLayer

/// Colour arithmetic the contrast rule, the preview and the language server share.
package enum ColorContrast {
    /// Each text colour with the background it is drawn on.
    package static let pairs = [("text_color", "background_color"), ("button_text_color", "button_background_color")]

    /// The WCAG contrast ratio of `foreground` on `background` (`#RRGGBB[AA]`) in `theme`
    /// (`light` or `dark`: translucent colours are drawn over white in light mode, black in dark).
    package static func ratio(_ foreground: String, on background: String, theme: String) -> Double? {
        guard let fg = RGBA(hex: foreground), let bg = RGBA(hex: background) else { return nil }
        let base = theme == "dark" ? RGBA(r: 0, g: 0, b: 0, a: 1) : RGBA(r: 1, g: 1, b: 1, a: 1)
        let backdrop = bg.over(base)
        return RGBA.contrast(fg.over(backdrop), backdrop)
    }

    /// Red, green, blue and alpha of `#RRGGBB` or `#RRGGBBAA`, each 0...1.
    package static func components(ofHex hex: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        RGBA(hex: hex).map { ($0.r, $0.g, $0.b, $0.a) }
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
