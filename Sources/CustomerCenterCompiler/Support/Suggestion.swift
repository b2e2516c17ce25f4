/// "Did you mean" from an edit distance with a floor.

import JSONSyntax
package enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo:
    /// a case-only difference, or an optimal-string-alignment distance of at most 1 for short
    /// words, 2 up to 8 characters and 3 beyond (ties go to the earlier candidate); failing
    /// that, the only candidate that starts with `word`.
    ///
    /// Distances are counted in Unicode scalars of the lowercased texts. An ASCII candidate is
    /// compared as bytes (the same scalars), after a length check that needs no copy: the
    /// language server asks this of a whole table's keys at a letter typed in a reference.
    package static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        let lowered = word.lowercased()
        let target = Array(lowered.unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = target.count <= 4 ? 1 : (target.count <= 8 ? 2 : 3)
        // The target as ASCII bytes, when it is ASCII (then an ASCII candidate's bytes are its scalars).
        let targetBytes: [UInt8]? = lowered.utf8.allSatisfy { $0 < 0x80 } ? Array(lowered.utf8) : nil
        var rows = DistanceRows()
        var candidateBytes: [UInt8] = []
        var best: (String, Int)?
        scan: for candidate in candidates where candidate != word {
            let bound = min(limit, (best?.1 ?? limit + 1) - 1)
            let distance: Int?
            if let targetBytes, case let found = Self.lowercasedASCII(candidate, into: &candidateBytes, near: targetBytes.count, limit: limit),
               found != .notASCII {
                if found == .tooFar { continue }
                if bound < 0 { break scan }
                distance = rows.distance(targetBytes, candidateBytes, bound: bound)
            } else {
                let other = Array(candidate.lowercased().unicodeScalars)
                if abs(other.count - target.count) > limit { continue }
                if bound < 0 { break scan }
                distance = rows.distance(target, other, bound: bound)
            }
            if let distance, best == nil || distance < best!.1 {
                best = (candidate, distance)
                if distance == 0 { break }
            }
        }
        if let best { return best.0 }
        // A unique candidate that starts with what was typed ("offer.unsatisfiable" → "offer.unsatisfiable-eligibility").
        let prefixed = target.count >= 4 ? candidates.filter { $0.lowercased().hasPrefix(lowered) } : []
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// What an ASCII word learns of a candidate without copying it, or from its copy.
    private enum ASCIICandidate {
        /// ASCII, and its length (its scalar count) is more than the limit from the word's.
        case tooFar
        /// ASCII: its bytes lowercased are in the buffer.
        case ascii
        /// Not ASCII: its scalars are compared.
        case notASCII
    }

    /// `candidate`'s bytes lowercased into `bytes` (kept from one candidate to the next), when it
    /// is ASCII and its length is within `limit` of `length`.
    private static func lowercasedASCII(_ candidate: String, into bytes: inout [UInt8], near length: Int, limit: Int) -> ASCIICandidate {
        var candidate = candidate
        return candidate.withUTF8 { utf8 in
            // Only an ASCII text's length is its scalar count: another may be near in scalars.
            guard abs(utf8.count - length) <= limit else { return utf8.allSatisfy { $0 < 0x80 } ? .tooFar : .notASCII }
            bytes.removeAll(keepingCapacity: true)
            for byte in utf8 {
                guard byte < 0x80 else { return .notASCII }
                bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
            return .ascii
        }
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transposition), or `nil`
    /// as soon as it must exceed `bound`, so most comparisons stop after a row or two.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int? {
        var rows = DistanceRows()
        return rows.distance(a, b, bound: bound)
    }
}

/// The three rows of the distance table, kept from one comparison to the next.
private struct DistanceRows {
    var previous2: [Int] = []
    var previous: [Int] = []
    var current: [Int] = []

    mutating func distance<Element: Equatable>(_ a: [Element], _ b: [Element], bound: Int) -> Int? {
        if a == b { return 0 }
        let n = a.count, m = b.count
        if abs(n - m) > bound { return nil }
        previous2.removeAll(keepingCapacity: true)
        previous2.append(contentsOf: repeatElement(0, count: m + 1))
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...m)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: m + 1))
        for i in 1...max(n, 1) where n > 0 {
            current[0] = i
            var rowMin = current[0]
            for j in 1...max(m, 1) where m > 0 {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMin = min(rowMin, value)
            }
            if rowMin > bound { return nil }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        let result = n == 0 ? m : previous[m]
        return result <= bound ? result : nil
    }
}
