/// `{{ name }}` placeholders, matched literally by the SDKs (exactly one space inside each brace).

import JSONSyntax
package enum Placeholders {
    /// A placeholder-like span of a text.
    package struct Match: Sendable, Equatable {
        /// The variable name (`price`), empty when there is none.
        package var name: String
        /// Scalar offsets within the text.
        package var range: Range<Int>
        /// Whether it is written exactly `{{ name }}`.
        package var isWellFormed: Bool
        /// The canonical spelling, when a name could be read.
        package var canonical: String? { name.isEmpty ? nil : "{{ \(name) }}" }
    }

    /// Every `{{…}}`, `{{…}`, `{…}}` and `{ name }` span of `text`, well-formed or not. Works on
    /// UTF-8 bytes (braces and variable names are ASCII), counting scalars only for the ranges.
    package static func scan(_ text: String) -> [Match] {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
        var copy = text
        return copy.withUTF8 { scan($0) }
    }

    /// The same, over a text's UTF-8 bytes.
    static func scan(_ b: UnsafeBufferPointer<UInt8>) -> [Match] {
        var matches: [Match] = []
        forEachSpan(b) { name, range, isWellFormed in
            matches.append(Match(name: String(decoding: name, as: UTF8.self), range: range, isWellFormed: isWellFormed))
        }
        return matches
    }

    /// Calls `body` with each placeholder-like span of a text's UTF-8 bytes, in order: the
    /// variable name's bytes, the span's scalar offsets, and whether it is written exactly
    /// `{{ name }}`. Builds nothing: `scan` and the checks that only ask a question share it.
    static func forEachSpan(_ b: UnsafeBufferPointer<UInt8>,
                            _ body: (_ name: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ isWellFormed: Bool) -> Void) {
        let n = b.count
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        @inline(__always) func scalarStart(_ byte: UInt8) -> Int { byte & 0xC0 != 0x80 ? 1 : 0 }
        var i = 0, scalar = 0
        while i < n {
            guard b[i] == open else { scalar += scalarStart(b[i]); i += 1; continue }
            let startScalar = scalar
            var opens = 0
            while i < n, b[i] == open { opens += 1; i += 1; scalar += 1 }
            var j = i, jScalar = scalar
            while j < n, b[j] != close, b[j] != open, b[j] != UInt8(ascii: "\n"), j - i <= 64 { jScalar += scalarStart(b[j]); j += 1 }
            guard j < n, b[j] == close else { continue }
            var closes = 0, k = j, kScalar = jScalar
            // Every closing brace of the run belongs to the span: `{{ price }}}` shows a stray one.
            while k < n, b[k] == close { closes += 1; k += 1; kScalar += 1 }
            var lo = i, hi = j
            while lo < hi, b[lo] == space || b[lo] == tab { lo += 1 }
            while hi > lo, b[hi - 1] == space || b[hi - 1] == tab { hi -= 1 }
            let isName = lo < hi && (lo..<hi).allSatisfy { index in
                let c = b[index]
                return (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
            }
            defer { i = k; scalar = kScalar }
            guard isName else { continue }
            let name = UnsafeBufferPointer(rebasing: b[lo..<hi])
            let paddedBySingleSpaces = lo == i + 1 && hi == j - 1 && b[i] == space && b[j - 1] == space
            // Single braces are placeholder-like only around a known variable or with the spaces of
            // one (`{price}`, `{ name }`); other braces in prose are left alone.
            if opens == 1, closes == 1, !(isKnown(name) || (b[i] == space && b[j - 1] == space)) { continue }
            body(name, startScalar..<kScalar, opens == 2 && closes == 2 && paddedBySingleSpaces)
        }
    }

    /// Whether a text has a span that l10n.malformed-placeholder or l10n.unknown-placeholder
    /// reports: one not written `{{ name }}`, or a well-formed one no SDK replaces.
    static func hasSuspectSpan(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var suspect = false
        forEachSpan(bytes) { name, _, isWellFormed in
            if !isWellFormed || !isKnown(name) { suspect = true }
        }
        return suspect
    }

    /// Whether the names a text mentions (as `mentionedNames` reads them) are exactly `names`,
    /// given as UTF-8 (variable names are ASCII: bytes compare as the strings do). Builds
    /// nothing when there are at most 64 names.
    static func mentionsExactly(_ names: [[UInt8]], inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard names.count <= 64 else {
            return mentionedNames(inUTF8: bytes) == Set(names.map { String(decoding: $0, as: UTF8.self) })
        }
        var seen: UInt64 = 0, stranger = false
        forEachSpan(bytes) { name, _, _ in
            guard let index = names.firstIndex(where: { $0.count == name.count && $0.withUnsafeBufferPointer { ByteScan.equal($0, name) } }) else {
                stranger = true
                return
            }
            seen |= 1 << UInt64(index)
        }
        return !stranger && seen == (names.count == 64 ? ~0 : (1 << UInt64(names.count)) - 1)
    }

    /// Whether `name` is one of `knownNames`, by its bytes.
    static func isKnown(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        knownNamesUTF8.contains { $0.count == name.count && $0.withUnsafeBufferPointer { ByteScan.equal($0, name) } }
    }

    private static let knownNamesUTF8: [[UInt8]] = knownNames.map { Array($0.utf8) }

    /// Variables the SDKs replace (docs/android-semantics.md, "Placeholders the SDKs replace").
    package static let knownNames: Set<String> = [
        "date", "price", "duration", "count", "sub_offer_duration", "sub_offer_duration_2", "sub_offer_price",
        "sub_offer_price_2", "discounted_recurring_payment_price_per_period", "discounted_recurring_payment_cycles",
    ]

    /// The names of every placeholder-like span of `text`, well-formed or not (`{{price}}` names
    /// `price`): what a translation means to include, whatever its spelling.
    package static func mentionedNames(in text: String) -> Set<String> {
        var copy = text
        return copy.withUTF8 { mentionedNames(inUTF8: $0) }
    }

    /// The same, over a text's UTF-8 bytes (what a `Translation` lends without decoding).
    static func mentionedNames(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        guard bytes.contains(UInt8(ascii: "{")) else { return [] }
        return Set(scan(bytes).lazy.map(\.name).filter { !$0.isEmpty })
    }

    /// The names of the well-formed placeholders of `text`.
    package static func names(in text: String) -> Set<String> {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
        return Set(scan(text).filter(\.isWellFormed).map(\.name))
    }
}
