/// Keys one edit away from a key the SDKs read (`restore_purchase` for `restore_purchases`):
/// resolving needs it (such a key is used, as the SDK key it meant) and so does the rule that
/// reports it, so it lives here, below both.

import JSONSyntax
enum SDKKeyDrift {
    /// SDK keys by length in bytes (they are ASCII): a key is compared only with keys one length
    /// away, a few of them.
    static let keysByLength: [Int: [(key: String, bytes: [UInt8])]] = Dictionary(
        grouping: SDKStrings.keys.sorted().map { ($0, Array($0.utf8)) }, by: { $0.1.count })

    /// The SDK key exactly one edit from `key` (substitution, insertion, deletion or adjacent
    /// transposition), if `key` is not itself one.
    static func nearestSDKKey(to key: String) -> String? {
        let length = key.utf8.count
        guard length >= 4, !SDKStrings.keys.contains(key) else { return nil }
        var copy = key
        return copy.withUTF8 { target in
            for candidateLength in [length - 1, length, length + 1] {
                for candidate in keysByLength[candidateLength] ?? [] where isOneEdit(target, candidate.bytes) {
                    return candidate.key
                }
            }
            return nil
        }
    }

    /// Whether `a` and `b` differ by exactly one edit: after their common prefix and suffix, at
    /// most one byte remains on each side, or two swapped ones. Linear, no allocation.
    static func isOneEdit(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        let shorter = min(a.count, b.count)
        var prefix = 0
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count, prefix == b.count { return false }
        var suffix = 0
        while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let restA = a.count - prefix - suffix, restB = b.count - prefix - suffix
        if restA <= 1, restB <= 1 { return true }
        return restA == 2 && restB == 2 && a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix]
    }
}
