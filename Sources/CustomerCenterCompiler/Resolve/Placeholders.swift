/// `{{ name }}` placeholders, matched literally by the SDKs (exactly one space inside each brace).
public enum Placeholders {
    /// A placeholder-like span of a text.
    public struct Match: Sendable, Equatable {
        /// The variable name (`price`), empty when there is none.
        public var name: String
        /// Scalar offsets within the text.
        public var range: Range<Int>
        /// Whether it is written exactly `{{ name }}`.
        public var isWellFormed: Bool
        /// The canonical spelling, when a name could be read.
        public var canonical: String? { name.isEmpty ? nil : "{{ \(name) }}" }
    }

    /// Every `{{…}}`, `{{…}`, `{…}}` and `{ name }` span of `text`, well-formed or not.
    public static func scan(_ text: String) -> [Match] {
        let scalars = Array(text.unicodeScalars)
        var matches: [Match] = []
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "{" else { i += 1; continue }
            let start = i
            var open = 0
            while i < scalars.count, scalars[i] == "{" { open += 1; i += 1 }
            // Read up to the closing braces on the same run; stop at another '{' or a line break.
            var j = i
            while j < scalars.count, scalars[j] != "}", scalars[j] != "{", scalars[j] != "\n", j - i <= 64 { j += 1 }
            guard j < scalars.count, scalars[j] == "}" else { continue }
            var close = 0
            var k = j
            while k < scalars.count, scalars[k] == "}" , close < 2 { close += 1; k += 1 }
            let inner = String(String.UnicodeScalarView(scalars[i..<j]))
            let name = inner.trimmingCharacters(in: " \t")
            let isName = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }
            // Single braces are placeholder-like only around a known variable or with the spaces of
            // one (`{price}`, `{ name }`); other braces in prose are left alone.
            if open == 1 && close == 1 && !(isName && (knownNames.contains(name) || (inner.hasPrefix(" ") && inner.hasSuffix(" ")))) {
                i = k
                continue
            }
            guard isName else { i = k; continue }
            let wellFormed = open == 2 && close == 2 && inner == " \(name) "
            matches.append(Match(name: name, range: start..<k, isWellFormed: wellFormed))
            i = k
        }
        return matches
    }

    /// Variables the SDKs replace (sdk-decoding.md §7.3).
    public static let knownNames: Set<String> = [
        "date", "price", "duration", "count", "sub_offer_duration", "sub_offer_duration_2", "sub_offer_price",
        "sub_offer_price_2", "discounted_recurring_payment_price_per_period", "discounted_recurring_payment_cycles",
    ]

    /// The names of the well-formed placeholders of `text`.
    public static func names(in text: String) -> Set<String> {
        Set(scan(text).filter(\.isWellFormed).map(\.name))
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
