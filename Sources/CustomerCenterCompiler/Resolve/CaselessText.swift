import JSONSyntax

/// Text equality ignoring case, on UTF-8 bytes, for the scripts config texts are written in.
///
/// The rules compare texts as `a == b || (a.utf8.count == b.utf8.count && a.lowercased() ==
/// b.lowercased())`: canonical equivalence, and the standard library's lower-casing scalar by
/// scalar, both of which decode and allocate. For texts made only of *plain* scalars the same
/// verdict is read from the bytes. A plain scalar is its own NFC form, never the second of a
/// canonical composition, and its lower case is one plain scalar of the same UTF-8 length; its
/// canonical combining class is 0, or it is one of a few marks (Arabic vowel marks, the
/// Devanagari virama, Thai vowel and tone marks) whose class is known here. A text of plain
/// scalars whose marks are in canonical order (no mark after a mark of a higher class) is in
/// NFC, and so is its lower case: two such texts are canonically equivalent exactly when their
/// scalars are the same, so the verdict is whether their lower-cased scalars are the same; marks
/// out of order leave the verdict to decoding. Any other scalar
/// (a combining mark, a compatibility ideograph, a letter that lower-cases to two scalars, a
/// four-byte scalar) leaves the verdict to the decoding comparison. CaselessTextTests check
/// every plain scalar against the standard library and Foundation's normalization.
enum CaselessText {
    /// Whether two UTF-8 texts are the same ignoring case, as above; `nil` when either has a
    /// scalar that is not plain (or bytes that are not UTF-8).
    static func verdict(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool? {
        // The same bytes are the same text, whatever its scalars.
        if p.count == q.count, sameBytes(p, q) { return true }
        var same = p.count == q.count
        var i = 0, j = 0
        // The combining class of the scalar before, in each text (0 after a starter).
        var classP: UInt8 = 0, classQ: UInt8 = 0
        while i < p.count || j < q.count {
            // A text that has ended reads as a scalar no text has.
            var x = UInt32.max, y = UInt32.max
            if i < p.count {
                guard let (scalar, length) = lowered(p, at: i), inOrder(scalar, after: &classP) else { return nil }
                x = scalar
                i += length
            }
            if j < q.count {
                guard let (scalar, length) = lowered(q, at: j), inOrder(scalar, after: &classQ) else { return nil }
                y = scalar
                j += length
            }
            if x != y { same = false }
        }
        return same
    }

    /// Whether two texts of one length have the same bytes, eight a step.
    private static func sameBytes(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 8 <= p.count {
            if ByteScan.word(p, at: i) != ByteScan.word(q, at: i) { return false }
            i += 8
        }
        while i < p.count {
            if p[i] != q[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether `scalar` may follow a scalar of combining class `previous` in NFC (a mark of a
    /// lower class after a mark may not); `previous` becomes its class.
    @inline(__always)
    private static func inOrder(_ scalar: UInt32, after previous: inout UInt8) -> Bool {
        guard scalar >= 0x064B, scalar <= 0x0E4B else { previous = 0; return true }
        let mark = markClass(scalar)
        if mark != 0, previous > mark { return false }
        previous = mark
        return true
    }

    /// The canonical combining class of a plain scalar: the marks among them have theirs.
    static func markClass(_ scalar: UInt32) -> UInt8 {
        switch scalar {
        case 0x064B...0x0652: return UInt8(scalar - 0x064B + 27)
        case 0x094D, 0x0E3A: return 9
        case 0x0E38...0x0E39: return 103
        case 0x0E48...0x0E4B: return 107
        default: return 0
        }
    }

    /// The lower case of the plain scalar at `i` of `b` and its UTF-8 length; `nil` when the
    /// scalar there is not plain.
    @inline(__always)
    static func lowered(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let lead = b[i]
        if lead < 0x80 {
            return (lead &- 0x41 < 26 ? UInt32(lead | 0x20) : UInt32(lead), 1)
        }
        if lead & 0xF0 == 0xE0, i + 2 < b.count, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80 {
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            guard let lower = plainLowercase3(scalar) else { return nil }
            return (lower, 3)
        }
        if lead & 0xE0 == 0xC0, i + 1 < b.count, b[i + 1] & 0xC0 == 0x80 {
            let scalar = UInt32(lead & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F)
            guard let lower = plainLowercase2(scalar) else { return nil }
            return (lower, 2)
        }
        return nil
    }

    /// The lower case of `scalar` (U+0080 and up) when it is plain, else `nil`. Ranges of Latin-1,
    /// Latin Extended-A, Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai, Vietnamese letters,
    /// general punctuation and currency, CJK punctuation, kana, ideographs, Hangul syllables and
    /// full-width punctuation; whatever is left out is decided by decoding.
    static func plainLowercase(_ scalar: UInt32) -> UInt32? {
        scalar < 0x80 ? nil : scalar < 0x800 ? plainLowercase2(scalar) : plainLowercase3(scalar)
    }

    /// `plainLowercase` of a two-byte scalar (U+0080–U+07FF), the likeliest ranges first.
    @inline(__always)
    private static func plainLowercase2(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x0430...0x045F, 0x0620...0x0652, 0x00DF...0x00FF, 0x03AC...0x03CE, 0x05D0...0x05EA: return scalar
        case 0x0410...0x042F, 0x00C0...0x00D6, 0x00D8...0x00DE: return scalar + 0x20
        case 0x0400...0x040F: return scalar + 0x50
        case 0x0100...0x012F, 0x0132...0x0137, 0x014A...0x0177, 0x0490...0x04BF: return scalar | 1
        case 0x0139...0x0148, 0x0179...0x017E: return scalar & 1 == 1 ? scalar + 1 : scalar
        case 0x00A0...0x00BF, 0x00D7, 0x0138, 0x0390: return scalar
        case 0x060C, 0x061B, 0x061F, 0x0660...0x066F, 0x0671...0x06D5: return scalar
        case 0x0391...0x03A1, 0x03A3...0x03AB: return scalar + 0x20
        case 0x0386: return 0x03AC
        case 0x0388...0x038A: return scalar + 0x25
        case 0x038C: return 0x03CC
        case 0x038E...0x038F: return scalar + 0x3F
        default: return nil
        }
    }

    /// `plainLowercase` of a three-byte scalar (U+0800–U+FFFF), the likeliest ranges first.
    @inline(__always)
    private static func plainLowercase3(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x4E00...0x9FFF, 0x3041...0x3096, 0x309D...0x30FF, 0x3000...0x3029, 0xAC00...0xD7A3: return scalar
        case 0x0900...0x093B, 0x093D...0x0950, 0x0955...0x0957, 0x0960...0x097F, 0x0E01...0x0E3A, 0x0E3F...0x0E5B: return scalar
        case 0x1E00...0x1E95, 0x1EA0...0x1EFF: return scalar | 1
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x3030...0x303F, 0x3400...0x4DBF: return scalar
        case 0xFF01...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: return scalar
        default: return nil
        }
    }
}
