/// A translation file as `strings import` reads it (docs/translation.md): its units, each with
/// where it is in the file, and the locale the file translates into.

import JSONSyntax
/// How a unit names its key.
enum UnitKey: Sendable, Equatable {
    /// The key itself (XLIFF `id`/`resname`, PO `msgctxt`).
    case key(String)
    /// No key: the key whose default text is the unit's source (translate-toolkit's `po2xliff`
    /// numbers its units); `line` is the key's line in the config when the unit says it, `id`
    /// the unit's numeric id (taken as the key when the config has such a key).
    case bySource(line: Int?, id: String?)
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
            let offset = Self.firstInvalidUTF8(bytes)
            return TranslationFileContents(problem: ("the file is not UTF-8 (byte \(offset) is not)", ByteRange(offset, min(offset + 1, bytes.count))))
        }
        let first = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        return first == UInt8(ascii: "<") ? XLIFFReader.read(bytes) : POReader.read(bytes)
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
