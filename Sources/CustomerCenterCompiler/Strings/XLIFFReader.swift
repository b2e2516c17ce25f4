/// Reads the units of an XLIFF 1.x file (`strings import`, docs/translation.md): what
/// `strings export` writes, and what translation tools write from it (translate-toolkit's
/// `po2xliff`: numbered ids, the language in the gettext header unit, no key).

import JSONSyntax
enum XLIFFReader {
    /// XLIFF states that are not a translation to ship: the unit is offered for review.
    static let reviewStates: Set<String> = ["new", "needs-translation", "needs-adaptation", "needs-l10n",
                                            "needs-review-translation", "needs-review-adaptation", "needs-review-l10n"]

    static func read(_ bytes: [UInt8]) -> TranslationFileContents {
        // Each unit is read as soon as its element is, and its element let go: a file's units,
        // not its tree, are what is kept (docs/performance.md "strings").
        let collected = Collected()
        let root: XMLElement
        do {
            root = try XMLReader.parse(bytes) { element, open in collected.take(element, open: open) }
        } catch {
            return TranslationFileContents(problem: ("not well-formed XML: \(error.message)", ByteRange(error.offset, min(error.offset + 1, bytes.count))))
        }
        guard root.localName == "xliff" else {
            return TranslationFileContents(problem: ("not an XLIFF file: its root element is '\(root.name)', not 'xliff'", root.range))
        }
        let version = root.attribute("version") ?? "1.2"
        guard version.hasPrefix("1.") else {
            return TranslationFileContents(problem: ("XLIFF \(version) is not read: export XLIFF 1.2 from your tool (docs/translation.md)", root.range))
        }
        if let error = collected.error {
            return TranslationFileContents(problem: (error.message, ByteRange(error.offset, error.offset + 1)))
        }
        var contents = TranslationFileContents()
        for file in root.children("file") {
            if contents.original == nil { contents.original = file.attribute("original") }
            guard var read = collected.files[file.range.start] else { continue }
            for index in read.units.indices {
                read.units[index].locale = read.locale
                read.units[index].localeRange = read.localeRange ?? file.range
            }
            contents.units += read.units
        }
        return contents
    }

    /// The units of each `<file>` (by where its start tag is) as their elements are read: those
    /// of its bodies and their groups, groups included; the gettext header unit gives the locale
    /// when the file has no `target-language`. The first unit that cannot be read is the file's
    /// problem (when it is well-formed XML).
    final class Collected {
        struct File {
            var units: [ImportedUnit] = []
            var locale: String?
            var localeRange: ByteRange?
        }

        var files: [Int: File] = [:]
        var error: XMLError?

        /// Takes `element` when it is a unit of a file's body: `open` is xliff, file, body, then groups.
        func take(_ element: XMLElement, open: [XMLReader.Open]) -> Bool {
            guard element.localName == "trans-unit", open.count >= 3, open[0].localName == "xliff", open[1].localName == "file",
                  open[2].localName == "body", open.dropFirst(3).allSatisfy({ $0.localName == "group" }) else { return false }
            // The file's entry is changed where it lies (a copy would copy its units each time).
            let key = open[1].start
            if files[key] == nil {
                let language = open[1].attributes.first { $0.name == "target-language" }
                files[key] = File(locale: language?.value, localeRange: language?.range)
            }
            if element.attribute("restype") == "x-gettext-domain-header" {
                if files[key]?.locale == nil, let header = (element.children("target").first ?? element.children("source").first),
                   let language = POReader.language(inHeader: header.text) {
                    files[key]?.locale = language
                    files[key]?.localeRange = header.range
                }
                return true
            }
            if element.attribute("translate") == "no" { return true }
            guard error == nil else { return true }
            do { files[key]?.units.append(try unit(element)) } catch { self.error = error }
            return true
        }
    }

    static func unit(_ element: XMLElement) throws(XMLError) -> ImportedUnit {
        guard let source = element.children("source").first else {
            throw XMLError(message: "a <trans-unit> without <source>", offset: element.range.start)
        }
        let target = element.children("target").first
        let (sourceText, inline) = try text(of: source, sourceInline: nil)
        let targetText = try target.map { element throws(XMLError) in try text(of: element, sourceInline: inline).text } ?? ""
        let state = target?.attribute("state")
        let fuzzy = state.map(reviewStates.contains) ?? (element.attribute("approved") == "no")
        return ImportedUnit(key: key(of: element), source: sourceText, target: targetText, fuzzy: fuzzy, locale: nil, localeRange: nil,
                            range: element.range, sourceRange: source.range, targetRange: target?.range ?? element.range)
    }

    /// The key: `resname`, else an `id` that is not a number, else a gettext context a tool
    /// kept; the key's line from the `linenumber` context `strings export` writes and `po2xliff`
    /// keeps; a numeric id.
    static func key(of element: XMLElement) -> UnitKey {
        let contexts = element.children("context-group").flatMap { $0.children("context") }
        let line = contexts.first { $0.attribute("context-type") == "linenumber" }.flatMap { Int($0.text) }
        let id = element.attribute("id").flatMap { $0.isEmpty ? nil : $0 }
        if let name = element.attribute("resname"), !name.isEmpty { return UnitKey(name: name, line: line, id: id) }
        if let id, !id.allSatisfy(\.isNumber) { return UnitKey(name: id, line: line) }
        let context = contexts.first { ["x-po-msgctxt", "msgctxt"].contains($0.attribute("context-type") ?? "") }
        return UnitKey(name: context?.text, line: line, id: id)
    }

    /// The text of a `<source>` or `<target>`: inline elements read back to what they stand
    /// for. `<ph>` and the like hold the code they replace (`{{ price }}`, as `strings export`
    /// writes it); an empty `<x/>`, `<ph/>` or `<bx/>` is the source's inline element of the same
    /// id (its `equiv-text` failing that). Returns the inline codes by id for the target.
    static func text(of element: XMLElement, sourceInline: [String: String]?) throws(XMLError) -> (text: String, inline: [String: String]) {
        var inline: [String: String] = [:]
        var out = ""
        func walk(_ element: XMLElement) throws(XMLError) {
            for part in element.content {
                switch part {
                case .text(let text): out += text
                case .element(let child):
                    switch child.localName {
                    case "ph", "x", "bx", "ex", "bpt", "ept", "it":
                        let id = child.attribute("id") ?? ""
                        var code = child.text
                        if code.isEmpty {
                            guard let known = sourceInline?[id] ?? child.attribute("equiv-text") else {
                                throw XMLError(message: "inline <\(child.name) id=\"\(id)\"/> stands for nothing the source has", offset: child.range.start)
                            }
                            code = known
                        }
                        if !id.isEmpty, inline[id] == nil { inline[id] = code }
                        out += code
                    case "g", "mrk": try walk(child)
                    case "sub":
                        throw XMLError(message: "<sub> (a sub-flow) is not read: translate the unit's text only", offset: child.range.start)
                    default:
                        throw XMLError(message: "<\(child.name)> is not an XLIFF inline element", offset: child.range.start)
                    }
                }
            }
        }
        try walk(element)
        return (out, inline)
    }
}
