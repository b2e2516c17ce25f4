/// What purchases-android does with a colour string (`parseRGBAColor`, purchases-android
/// `4980371c`, `paywalls/ColorUtils.kt`): its hex regex, else `android.graphics.Color.parseColor`.
///
/// `parseColor` is Android's own code (AOSP), not the SDK's: `charAt(0) == '#'`, then
/// `Long.parseLong(rest, 16)` (which takes a sign and any Unicode decimal digit) and a length of 7
/// or 9 UTF-16 units; otherwise a name, case-insensitively. Failures throw
/// `IllegalArgumentException` (`NumberFormatException` is one), which `Backend` catches: the whole
/// config is rejected. An empty string throws `StringIndexOutOfBoundsException` at `charAt(0)`,
/// which `Backend` does not catch and `Dispatcher` rethrows on the main thread.

import JSONSyntax
enum AndroidColor: Equatable {
    /// Parsed; `hex` is the colour Android draws, `#RRGGBBAA` (alpha last, as the format writes it).
    case parsed(hex: String)
    /// `IllegalArgumentException`: the whole config fails to load.
    case rejected
    /// `StringIndexOutOfBoundsException`, which nothing in the SDK catches.
    case crashes

    /// Names `android.graphics.Color.parseColor` accepts (case-insensitive).
    static let namedColors: Set<String> = [
        "red", "blue", "green", "black", "white", "gray", "grey", "cyan", "magenta", "yellow", "lightgray", "lightgrey",
        "darkgray", "darkgrey", "aqua", "fuchsia", "lime", "maroon", "navy", "olive", "purple", "silver", "teal",
    ]

    /// Android's verdict on `text`.
    static func parse(_ text: String) -> AndroidColor {
        if ColorSyntax.isHexColor(text) { return .parsed(hex: text.uppercased()) }
        let units = Array(text.utf16)
        guard let first = units.first else { return .crashes }
        guard first == 0x23 else {  // "#"
            return namedColors.contains(text.lowercased()) ? .parsed(hex: text.lowercased()) : .rejected
        }
        guard let value = javaParseHexLong(units.dropFirst()), units.count == 7 || units.count == 9 else { return .rejected }
        // `(int) color`, with alpha forced to FF for seven units: AARRGGBB.
        let argb = UInt32(truncatingIfNeeded: units.count == 7 ? value | 0xFF00_0000 : value)
        let rgba = argb << 8 | argb >> 24
        let digits = String(rgba, radix: 16, uppercase: true)
        return .parsed(hex: "#" + String(repeating: "0", count: 8 - digits.count) + digits)
    }

    /// `Long.parseLong(s, 16)`: an optional `+` or `-`, then one or more digits as
    /// `Character.digit(char, 16)` reads them; `nil` where it throws. At most eight digits reach
    /// here, so it cannot overflow.
    static func javaParseHexLong(_ units: ArraySlice<UInt16>) -> Int64? {
        var rest = units
        var negative = false
        if let sign = rest.first, sign == 0x2B || sign == 0x2D {  // "+" or "-"
            negative = sign == 0x2D
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.count <= 16 else { return nil }
        var value: Int64 = 0
        for unit in rest {
            guard let digit = javaHexDigit(unit) else { return nil }
            value = value &* 16 &+ Int64(digit)
        }
        return negative ? -value : value
    }

    /// `Character.digit(char, 16)`: ASCII and full-width Latin hex letters, and any decimal digit
    /// of the Basic Multilingual Plane (a surrogate half is none).
    static func javaHexDigit(_ unit: UInt16) -> Int? {
        switch unit {
        case 0x30...0x39: return Int(unit - 0x30)
        case 0x41...0x46: return Int(unit - 0x41 + 10)
        case 0x61...0x66: return Int(unit - 0x61 + 10)
        case 0xFF21...0xFF26: return Int(unit - 0xFF21 + 10)
        case 0xFF41...0xFF46: return Int(unit - 0xFF41 + 10)
        default:
            guard let scalar = Unicode.Scalar(unit), scalar.properties.generalCategory == .decimalNumber,
                  let digit = scalar.properties.numericValue else { return nil }
            return Int(digit)
        }
    }
}

/// Colour strings as each SDK parses them (docs/android-semantics.md, "Colours on each SDK").
enum ColorSyntax {
    /// `#RRGGBB` or `#RRGGBBAA`, hex digits only: what both SDKs read the same way.
    static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", scalars.count == 7 || scalars.count == 9 else { return false }
        return scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    }
}
