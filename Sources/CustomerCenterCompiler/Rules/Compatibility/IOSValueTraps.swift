// What purchases-ios does with two values of a response it has decoded: the `compat.ios-crash`
// checks (`CompatIOSCrashRule`) and `path.invalid-refund-window` read them.

import JSONSyntax

/// What purchases-ios does with a `refund_window` text: `ISODurationFormatter` runs the regex
/// `([-+]?)P(?:([-+]?\d+)Y)?(?:([-+]?\d+)M)?(?:([-+]?\d+)W)?(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)S)?)?`
/// case-insensitively and unanchored (its first match anywhere), reads each group with `Int(_:)`
/// (0 when absent, non-ASCII or too large) and multiplies it by −1 after a leading `-`. So any
/// text with a `p` "parses"; only text without one means no limit; and `-P-9223372036854775808D`
/// computes `Int.min * -1`, which traps.
package enum IOSRefundWindow: Equatable, Sendable {
    /// `forever`, or no `p` anywhere: the refund option has no time limit.
    case noLimit
    /// A window; `matched` is the text the regex matched (the rest of the text is ignored).
    case window(seconds: Double, matched: String)
    /// The parts add up to zero (or less): the refund option is never shown.
    case hidden(matched: String)
    /// The arithmetic traps: the app crashes when it decodes the config.
    case crash(matched: String)

    /// Evaluates `text` as iOS does.
    package static func evaluate(_ text: String) -> IOSRefundWindow {
        if text == "forever" { return .noLimit }
        let scalars = Array(text.unicodeScalars)
        guard let p = scalars.firstIndex(where: { $0 == "p" || $0 == "P" }) else { return .noLimit }
        var start = p
        var negate = 1
        if p > 0, scalars[p - 1] == "-" || scalars[p - 1] == "+" {
            start = p - 1
            if scalars[p - 1] == "-" { negate = -1 }
        }
        var index = p + 1
        /// `([-+]?\d+)UNIT` at `index`, else nil (the group is skipped and nothing consumed).
        func component(_ unit: Character) -> String? {
            var i = index
            var digits = ""
            if i < scalars.count, scalars[i] == "-" || scalars[i] == "+" { digits.unicodeScalars.append(scalars[i]); i += 1 }
            let firstDigit = i
            while i < scalars.count, scalars[i].properties.numericType == .decimal { digits.unicodeScalars.append(scalars[i]); i += 1 }
            guard i > firstDigit, i < scalars.count, Character(scalars[i]).uppercased() == String(unit) else { return nil }
            index = i + 1
            return digits
        }
        var parts: [(String?, Double)] = []
        for (unit, seconds) in [("Y", 31_536_000.0), ("M", 2_592_000), ("W", 604_800), ("D", 86_400)] as [(Character, Double)] {
            parts.append((component(unit), seconds))
        }
        if index < scalars.count, scalars[index] == "t" || scalars[index] == "T" {
            index += 1
            for (unit, seconds) in [("H", 3_600.0), ("M", 60), ("S", 1)] as [(Character, Double)] {
                parts.append((component(unit), seconds))
            }
        }
        let matched = String(String.UnicodeScalarView(scalars[start..<index]))
        var total = 0.0
        for (digits, unit) in parts {
            guard let digits else { continue }
            // `Int(_:)` reads ASCII digits only; anything else (or an overflow) is 0.
            let value = Int(digits) ?? 0
            if negate == -1, value == Int.min { return .crash(matched: matched) }
            total += Double(value * negate) * unit
        }
        return total > 0 ? .window(seconds: total, matched: matched) : .hidden(matched: matched)
    }
}

/// What RevenueCatUI does with `last_published_app_version`: it cuts the text to
/// `^(\d+)(?:\.\d+)?(?:\.\d+)?` (where `\d` is any Unicode decimal digit) and force-unwraps
/// `UInt(_:)` of each part, which is nil for non-ASCII digits and for values above `UInt64.max`:
/// the app crashes when the Customer Center loads.
package enum IOSAppVersion {
    /// Whether iOS crashes on this version text; the offending part when it does.
    package static func crashingPart(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var parts: [String] = []
        func digits() -> String? {
            var part = ""
            while index < scalars.count, scalars[index].properties.numericType == .decimal {
                part.unicodeScalars.append(scalars[index])
                index += 1
            }
            return part.isEmpty ? nil : part
        }
        guard let major = digits() else { return nil }
        parts.append(major)
        for _ in 0..<2 {
            guard index + 1 < scalars.count, scalars[index] == ".", scalars[index + 1].properties.numericType == .decimal else { break }
            index += 1
            if let part = digits() { parts.append(part) }
        }
        return parts.first { UInt64($0) == nil }
    }
}
