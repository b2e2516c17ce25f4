/// ISO-8601 durations (`P1Y2M3W4DT5H6M7S`), case-insensitive as iOS parses them.

import JSONSyntax
enum ISODuration {
    /// The duration in seconds (months as 30 days, years as 365), or `nil` when it does not parse.
    static func seconds(_ text: String) -> Double? {
        var chars = Array(text.uppercased())
        guard chars.first == "P", chars.count > 1 else { return nil }
        chars.removeFirst()
        var total = 0.0, number = "", inTime = false, sawComponent = false
        let dateUnits: [Character: Double] = ["Y": 31_536_000, "M": 2_592_000, "W": 604_800, "D": 86_400]
        let timeUnits: [Character: Double] = ["H": 3_600, "M": 60, "S": 1]
        for c in chars {
            if c.isNumber || c == "." || c == "," { number.append(c == "," ? "." : c); continue }
            if c == "T" { guard !inTime, number.isEmpty else { return nil }; inTime = true; continue }
            guard let value = Double(number), let unit = (inTime ? timeUnits : dateUnits)[c] else { return nil }
            total += value * unit
            number = ""
            sawComponent = true
        }
        return number.isEmpty && sawComponent ? total : nil
    }

    /// "14 days" → "P14D", "2 weeks" → "P2W", "1 month" → "P1M".
    static func fromWords(_ text: String) -> String? {
        let parts = text.lowercased().split(separator: " ")
        guard parts.count == 2, let n = Int(parts[0]), n > 0 else { return nil }
        switch parts[1] {
        case "day", "days": return "P\(n)D"
        case "week", "weeks": return "P\(n)W"
        case "month", "months": return "P\(n)M"
        case "year", "years": return "P\(n)Y"
        default: return nil
        }
    }
}
