import CustomerCenterCompiler
import JSONSyntax

/// Where an edit inside one list of the config outside `localized_strings` lies in the analysed
/// text: one screen's `paths` array, or the `promotional_offers` object; or inside the value of
/// one of a screen's own fields (its title or subtitle key, its type, its offering).
/// `ElementEditCheck` re-checks the elements it touched.
struct ElementSegment {
    enum List: Equatable {
        /// `screens[screen].paths`.
        case paths(screen: String)
        /// `promotional_offers`.
        case offers
        /// The value of one of `screens[screen]`'s own fields (not its `paths`): `field`.
        case screenField(screen: String, field: String)
    }

    let list: List
    /// The list's value, brackets included.
    let container: ByteRange
    /// The elements the edit touched, with the untouched element just before them and the one
    /// just after (so that the commas between them are the text's own): from the first one's
    /// start (or just after the opening bracket) to the last one's end (or the closing bracket).
    let segment: ByteRange
    /// The segment's elements in the analysed text: a path each, or an offer's member.
    let elements: [JSONNode]
    /// The offers' keys of `elements` (offers only).
    let offerKeys: [String]
    /// The position in the list of the first element of the segment.
    let firstIndex: Int

    /// `nil` when the edit is not strictly inside one screen's `paths` or `promotional_offers`.
    init?(tape: JSONTape, edit: IncrementalEdit) {
        guard let root = tape.root?.objectMembers else { return nil }
        func inside(_ node: JSONNode) -> Bool { node.range.start < edit.prefix && edit.analysedEnd < node.range.end }
        var found: (List, JSONNode)?
        for member in root where inside(member.value) {
            if member.keyEquals("promotional_offers"), member.value.kind == .object {
                found = (.offers, member.value)
            } else if member.keyEquals("screens"), let screens = member.value.objectMembers {
                for screen in screens where inside(screen.value) {
                    guard let fields = screen.value.objectMembers else { return nil }
                    for field in fields where inside(field.value) {
                        if field.keyEquals("paths") {
                            guard field.value.kind == .array else { return nil }
                            found = (.paths(screen: screen.key), field.value)
                        } else {
                            found = (.screenField(screen: screen.key, field: field.key), field.value)
                        }
                    }
                }
            }
        }
        guard let (list, container) = found else { return nil }
        if case .screenField = list {
            // The field's value alone, replaced whole in the copies (the edit is strictly inside
            // it: the separators around it are untouched); its names are read by `parsed`.
            self.list = list
            self.container = container.range
            segment = container.range
            elements = []
            offerKeys = []
            firstIndex = 0
            return
        }
        // Each element with its whole span (an offer's key too) and what is checked of it.
        var spans: [(span: ByteRange, node: JSONNode, key: String)] = []
        if let paths = container.arrayElements {
            for path in paths { spans.append((path.range, path, "")) }
        } else if let offers = container.objectMembers {
            for offer in offers { spans.append((offer.range, offer.value, offer.key)) }
        }
        // The neighbours: the last element that ends before the edit, the first that starts after it.
        var before: Int?, after: Int?
        for (index, element) in spans.enumerated() {
            if element.span.end < edit.prefix {
                before = index
            } else if element.span.start > edit.analysedEnd {
                after = index
                break
            }
        }
        let first = before ?? 0, last = after ?? spans.count - 1
        let range = container.range
        self.list = list
        self.container = range
        segment = ByteRange(before.map { spans[$0].span.start } ?? range.start + 1, after.map { spans[$0].span.end } ?? range.end - 1)
        let kept = first <= last ? Array(spans[first...last]) : []
        elements = kept.map(\.node)
        offerKeys = kept.map(\.key)
        firstIndex = first
    }

    /// The segment of the current text, parsed on its own inside the list's brackets; `nil`
    /// when it is not a run of elements (a syntax issue: the whole check reports it).
    /// A screen's field is parsed as the one member of an object, `{"field": value}`, so that
    /// what it names is read as a path's fields are.
    func parsed(_ bytes: ArraySlice<UInt8>) -> (elements: [JSONNode], offerKeys: [String])? {
        var text: [UInt8]
        switch list {
        case .paths: text = [UInt8(ascii: "[")]
        case .offers: text = [UInt8(ascii: "{")]
        case .screenField(_, let field): text = Array("{\(JSONWriter.quoted(field)):".utf8)
        }
        text.reserveCapacity(text.count + bytes.count + 1)
        text += bytes
        text.append(text[0] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        let parsed = JSONParser.parseTape(text)
        guard parsed.issues.isEmpty, let root = parsed.root else { return nil }
        if case .screenField = list { return ([root], []) }
        if let paths = root.arrayElements { return (Array(paths), Array(repeating: "", count: paths.count)) }
        guard let offers = root.objectMembers else { return nil }
        return (offers.map(\.value), offers.map(\.key))
    }

    /// What a run of elements names, read from their text: the `*_key` strings (string keys),
    /// the `promotional_offer_key` strings (offers), and the paths' own `id` and `type`.
    struct Names {
        var keys = Set<String>()
        var offers = Set<String>()
        var ids = Set<String>()
        var types = Set<String>()

        /// Adds what `elements` (paths when `paths`, else offers) name.
        mutating func add(_ elements: [JSONNode], paths: Bool) {
            for element in elements {
                collect(element)
                guard paths, let fields = element.objectMembers else { continue }
                for field in fields {
                    if field.keyEquals("id"), let id = field.value.stringValue { ids.insert(id) }
                    if field.keyEquals("type"), let type = field.value.stringValue { types.insert(type) }
                }
            }
        }

        private mutating func collect(_ node: JSONNode) {
            if let members = node.objectMembers {
                for member in members {
                    if let value = member.value.stringValue {
                        let key = member.key
                        if key == "promotional_offer_key" { offers.insert(value) } else if key.hasSuffix("_key") { keys.insert(value) }
                    } else {
                        collect(member.value)
                    }
                }
            } else if let elements = node.arrayElements {
                for element in elements { collect(element) }
            }
        }
    }
}
