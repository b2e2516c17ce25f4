/// "Did you mean" from an edit distance with a floor.

import JSONSyntax
package enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo:
    /// a case-only difference, or an optimal-string-alignment distance of at most 1 for short
    /// words, 2 up to 8 characters and 3 beyond (ties go to the earlier candidate); failing
    /// that, the only candidate that starts with `word`.
    package static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = target.count <= 4 ? 1 : (target.count <= 8 ? 2 : 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - target.count) > limit { continue }
            let bound = min(limit, (best?.1 ?? limit + 1) - 1)
            if bound < 0 { break }
            if let distance = distance(target, other, bound: bound), best == nil || distance < best!.1 {
                best = (candidate, distance)
                if distance == 0 { break }
            }
        }
        if let best { return best.0 }
        // A unique candidate that starts with what was typed ("offer.unsatisfiable" → "offer.unsatisfiable-eligibility").
        let prefixed = target.count >= 4 ? candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) } : []
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transposition), or `nil`
    /// as soon as it must exceed `bound`, so most comparisons stop after a row or two.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int? {
        if a == b { return 0 }
        let n = a.count, m = b.count
        if abs(n - m) > bound { return nil }
        var previous2 = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
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
            (previous2, previous, current) = (previous, current, previous2)
        }
        let result = n == 0 ? m : previous[m]
        return result <= bound ? result : nil
    }
}
