/// A translation file as `strings import` reads it (docs/translation.md): its units, each with
/// where it is in the file, and the locale the file translates into.

import JSONSyntax
/// How a unit names its key (docs/translation.md "What it reads"): the key it names, else the
/// key at the config line its reference gives among those whose default text is its source,
/// else the one key with that source.
struct UnitKey: Sendable, Equatable {
    /// The key as the unit names it (XLIFF `resname` or a non-numeric `id`, PO `msgctxt`), which
    /// a tool may have replaced by something else (xliff2po's `msgctxt "cfg.json:21"`).
    var name: String?
    /// The key's line in the config, when the unit says it (PO `#: FILE:LINE`, an XLIFF
    /// `linenumber` context: both written by `strings export` and kept by translate-toolkit).
    var line: Int?
    /// A numeric XLIFF id (`po2xliff` numbers its units): the key when the config has such a key.
    var id: String?
}

/// One unit read from a translation file.
struct ImportedUnit: Sendable {
    var key: UnitKey
    /// The default locale's text the translator saw.
    var source: String
    /// The translation (empty: not translated).
    var target: String
    /// Marked for review (PO `fuzzy`, an XLIFF state that is not final): not taken.
    var fuzzy: Bool
    /// The locale the unit translates into, and where the file says so.
    var locale: String?
    var localeRange: ByteRange?
    /// The whole unit, its source and its target (the unit's range when it has no target).
    var range: ByteRange
    var sourceRange: ByteRange
    var targetRange: ByteRange
}

/// What a translation file holds, or why it cannot be read.
struct TranslationFileContents: Sendable {
    /// The units, in file order (a PO header and an XLIFF header unit are not units).
    var units: [ImportedUnit] = []
    /// Not well-formed, or not a translation file: the message and where.
    var problem: (message: String, range: ByteRange)?
    /// The config the file says it was exported from (XLIFF `original`, PO `Project-Id-Version`).
    var original: String?

    /// Reads `source`: XLIFF when it starts with `<` (after white space and a byte-order mark),
    /// else gettext PO.
    static func read(_ source: SourceFile) -> TranslationFileContents {
        let bytes = source.bytes
        guard String(validating: bytes, as: UTF8.self) != nil else {
            if utf16Order(bytes) != nil {
                return TranslationFileContents(problem: ("the file is UTF-16 but not a well-formed UTF-16 XLIFF file: save it as UTF-8 (a PO file must be UTF-8)", ByteRange(0, min(2, bytes.count))))
            }
            let offset = Self.firstInvalidUTF8(bytes)
            return TranslationFileContents(problem: ("the file is not UTF-8 (byte \(offset) is not)", ByteRange(offset, min(offset + 1, bytes.count))))
        }
        let first = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        return first == UInt8(ascii: "<") ? XLIFFReader.read(bytes) : POReader.read(bytes)
    }

    /// `source` as UTF-8 when it is an XML file in UTF-16 (XML processors must read both: a
    /// byte-order mark, or `<?` in either byte order, says which), else `source` itself. Findings
    /// are then placed in the UTF-8 text (the same lines and characters).
    static func utf8(_ source: SourceFile) -> SourceFile {
        let bytes = source.bytes
        guard let bigEndian = utf16Order(bytes), bytes.count % 2 == 0 else { return source }
        let hasMark = bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var at = hasMark ? 2 : 0
        while at + 1 < bytes.count {
            units.append(bigEndian ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at]))
            at += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { out.append($0) }
        guard !failed, out.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }).first == UInt8(ascii: "<") else { return source }
        return SourceFile(path: source.path, bytes: out)
    }

    /// Whether `bytes` look like UTF-16: `true` big-endian, `false` little-endian, `nil` not.
    static func utf16Order(_ bytes: [UInt8]) -> Bool? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return true }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return false }
        return nil
    }

    /// The offset of the first character that is not valid UTF-8 (the file's length when all are).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var at = 0
        while at < bytes.count {
            let lead = bytes[at]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
            guard length > 0, at + length <= bytes.count,
                  String(validating: bytes[at..<at + length], as: UTF8.self) != nil else { return at }
            at += length
        }
        return at
    }
}
