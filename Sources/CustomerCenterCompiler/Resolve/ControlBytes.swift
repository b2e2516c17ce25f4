import JSONSyntax

/// Which texts `l10n.control-character` reads: the text index (`TextIndex.classify`) asks this of
/// each text in its one pass, and the rule reads only the texts it keeps (docs/rules.md).
enum ControlBytes {
    /// A byte that may start a control character: C0 but tab and line feed, DEL, or 0xC2 (the
    /// lead byte of U+0080–U+00BF, C1 controls among them).
    /// Eight bytes a step: a byte below 0x20 (`(w - 0x20…) & ~w & 0x80…`, exact for
    /// whether there is one), DEL or 0xC2 sends the rest to the byte loop.
    static func mayHaveControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 8 <= bytes.count {
            let word = ByteScan.word(bytes, at: i)
            let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            if below | ByteScan.matches(0x7F, in: word) | ByteScan.matches(0xC2, in: word) != 0 { break }
            i += 8
        }
        return bytes[i...].contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F || $0 == 0xC2 }
    }
}
