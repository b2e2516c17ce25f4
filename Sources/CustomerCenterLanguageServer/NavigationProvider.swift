import CustomerCenterCompiler
import JSONSyntax

/// A name the config defines and refers to.
enum Symbol: Equatable {
    /// A key of `localized_strings`.
    case string(String)
    /// A key of `promotional_offers`.
    case offer(String)

    var name: String {
        switch self {
        case .string(let name), .offer(let name): return name
        }
    }

    /// The symbol under `offset`, with the token it is written as.
    static func at(_ offset: Int, in resolved: ResolvedConfig) -> (symbol: Symbol, token: Located<String>)? {
        if let reference = resolved.stringReferences.first(where: { $0.key.range.touches(offset) }) {
            return (.string(reference.key.value), reference.key)
        }
        if let entry = resolved.config.localization?.entries.first(where: { $0.key.range.touches(offset) }),
           resolved.config.format == .authoring {
            return (.string(entry.key.value), entry.key)
        }
        if let reference = resolved.offerReferences.first(where: { $0.range.touches(offset) }) {
            return (.offer(reference.value), reference)
        }
        if let key = resolved.config.offers.compactMap(\.key).first(where: { $0.range.touches(offset) }) {
            return (.offer(key.value), key)
        }
        return nil
    }

    /// Where it is defined.
    func definition(in resolved: ResolvedConfig) -> Located<String>? {
        switch self {
        case .string(let key): return resolved.strings[key]?.key
        case .offer(let key): return resolved.offers[key]?.key
        }
    }

    /// Every use, in document order.
    func uses(in resolved: ResolvedConfig) -> [Located<String>] {
        switch self {
        case .string(let key): return resolved.stringReferences.map(\.key).filter { $0.value == key }
        case .offer(let key): return resolved.offerReferences.filter { $0.value == key }
        }
    }
}

/// Definition, references, rename and document symbols, over a snapshot of the current text.
enum NavigationProvider {
    /// The snapshot's resolved config and the offset a request points at.
    static func target(_ params: JSON, _ snapshot: Snapshot) -> (offset: Int, resolved: ResolvedConfig)? {
        guard let offset = snapshot.offset(params), let resolved = snapshot.resolved else { return nil }
        return (offset, resolved)
    }

    static func definition(_ params: JSON, _ snapshot: Snapshot) -> JSON {
        guard let (offset, resolved) = target(params, snapshot),
              let (symbol, _) = Symbol.at(offset, in: resolved), let place = symbol.definition(in: resolved) else { return .null }
        return snapshot.location(place.range)
    }

    static func references(_ params: JSON, _ snapshot: Snapshot) -> JSON {
        guard let (offset, resolved) = target(params, snapshot), let (symbol, _) = Symbol.at(offset, in: resolved) else { return [] }
        var places = symbol.uses(in: resolved)
        if params["context"]?["includeDeclaration"]?.bool ?? true, let declaration = symbol.definition(in: resolved) {
            places.insert(declaration, at: 0)
        }
        return .array(places.map { snapshot.location($0.range) })
    }

    /// Why a rename cannot be done.
    struct Refusal: Error {
        let message: String
    }

    /// The symbol a rename at `params` would change, or why it cannot.
    static func renamable(_ params: JSON, _ snapshot: Snapshot) -> Result<(resolved: ResolvedConfig, symbol: Symbol, token: Located<String>), Refusal> {
        guard let (offset, resolved) = target(params, snapshot), let (symbol, token) = Symbol.at(offset, in: resolved) else {
            return .failure(Refusal(message: "only a key of 'localized_strings' or 'promotional_offers' can be renamed, here or where it is used"))
        }
        if case .string(let key) = symbol, BuiltInStrings.isBuiltIn(key) {
            return .failure(Refusal(message: "'\(key)' is a key the SDKs read for their own label: under another name they would no longer find your text"))
        }
        return .success((resolved, symbol, token))
    }

    static func prepareRename(_ params: JSON, _ snapshot: Snapshot) -> JSON {
        guard case .success(let target) = renamable(params, snapshot) else { return .null }
        // The name without its quotes.
        let inner = target.token.range.count >= 2 ? ByteRange(target.token.range.start + 1, target.token.range.end - 1) : target.token.range
        return ["range": snapshot.range(inner), "placeholder": .string(target.symbol.name)]
    }

    /// A rename's edit, and a warning for the user when it has a consequence they may not expect.
    struct RenameEdit {
        let edit: JSON
        let warning: String?
    }

    /// The warning for renaming string key `old` onto `new` when `new` is a key the SDKs read for
    /// one of their own labels: the config's text then replaces that label wherever the SDK shows it.
    static func builtInLabelWarning(renaming old: String, to new: String, in resolved: ResolvedConfig) -> String? {
        guard new != old, BuiltInStrings.isBuiltIn(new) else { return nil }
        let label = BuiltInStrings.strings(for: "en").strings[new].map { " (\"\($0)\" in English)" } ?? ""
        let text = resolved.defaultLocale.flatMap { resolved.text(old, locale: $0)?.translation.textValue }
        let replacement = text.map { " with \"\($0)\"" } ?? " with this key's texts"
        return "'\(new)' is a key the SDKs read for their own label\(label): after this rename the app replaces that label\(replacement), in every locale this key has, wherever the SDK shows it"
    }

    /// A rename's edit; `capabilities`: the client's, for whether it can confirm an edit.
    static func rename(_ params: JSON, _ snapshot: Snapshot, capabilities: JSON) -> Result<RenameEdit, Refusal> {
        let target: (resolved: ResolvedConfig, symbol: Symbol, token: Located<String>)
        switch renamable(params, snapshot) {
        case .success(let found): target = found
        case .failure(let refusal): return .failure(refusal)
        }
        guard let newName = params["newName"]?.string, !newName.isEmpty else { return .failure(Refusal(message: "the new name is empty")) }
        let taken: Bool
        switch target.symbol {
        case .string: taken = target.resolved.strings[newName] != nil
        case .offer: taken = target.resolved.offers[newName] != nil
        }
        if taken, newName != target.symbol.name {
            return .failure(Refusal(message: "'\(newName)' is already defined: renaming would merge two entries"))
        }
        var places = target.symbol.uses(in: target.resolved)
        if let declaration = target.symbol.definition(in: target.resolved) { places.append(declaration) }
        let edits: [JSON] = places.sorted { $0.range.start < $1.range.start }.map {
            ["range": snapshot.range($0.range), "newText": .string(JSONWriter.quoted(newName))]
        }
        guard case .string = target.symbol,
              let warning = builtInLabelWarning(renaming: target.symbol.name, to: newName, in: target.resolved) else {
            return .success(RenameEdit(edit: ["changes": .object([(snapshot.uri, .array(edits))])], warning: nil))
        }
        // Clients that can ask before applying (change annotations) ask; every client also gets the
        // warning as a message.
        guard capabilities["workspace"]?["workspaceEdit"]?["changeAnnotationSupport"] != nil,
              capabilities["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool == true else {
            return .success(RenameEdit(edit: ["changes": .object([(snapshot.uri, .array(edits))])], warning: warning))
        }
        let annotated: [JSON] = edits.map { edit in
            ["range": edit["range"] ?? .null, "newText": edit["newText"] ?? .null, "annotationId": "sdk-label"]
        }
        let documentEdit: JSON = ["textDocument": ["uri": .string(snapshot.uri), "version": .null], "edits": .array(annotated)]
        let annotation: JSON = ["label": .string("Replace the SDK's own '\(newName)' label"), "needsConfirmation": true,
                                "description": .string(warning)]
        return .success(RenameEdit(edit: ["documentChanges": [documentEdit], "changeAnnotations": ["sdk-label": annotation]],
                                   warning: warning))
    }

    // MARK: Document symbols

    static func documentSymbols(_ snapshot: Snapshot) -> JSON {
        guard let config = snapshot.analysis?.config else { return [] }
        func symbol(_ name: String, _ detail: String?, kind: Int, range: ByteRange, selection: ByteRange, children: [JSON] = []) -> JSON {
            var members: [(String, JSON)] = [("name", .string(name.isEmpty ? "(unnamed)" : name)), ("kind", .int(kind)),
                                             ("range", snapshot.range(range.union(selection))),
                                             ("selectionRange", snapshot.range(selection))]
            if let detail { members.append(("detail", .string(detail))) }
            if !children.isEmpty { members.append(("children", .array(children))) }
            return .object(members)
        }
        func group(_ name: String, kind: Int, _ children: [(JSON, ByteRange)], key: ByteRange?) -> JSON? {
            guard let first = children.first else { return nil }
            let whole = children.dropFirst().reduce(first.1) { $0.union($1.1) }
            return symbol(name, nil, kind: kind, range: key.map { whole.union($0) } ?? whole, selection: key ?? ByteRange(whole.start, whole.start),
                          children: children.map(\.0))
        }
        let screens: [(JSON, ByteRange)] = config.screens.map { screen in
            let paths: [(JSON, ByteRange)] = screen.paths.map { path in
                let options: [JSON] = (path.survey?.options ?? []).map { option in
                    symbol(option.id?.value ?? "", text(option.title), kind: 22, range: option.range, selection: option.id?.range ?? option.range)
                }
                let survey = path.survey.map { survey in
                    [symbol("feedback_survey", text(survey.title), kind: 11, range: survey.keyRange.union(options.isEmpty ? survey.keyRange : path.range),
                            selection: survey.keyRange, children: options)]
                } ?? []
                let whole = path.range
                return (symbol(path.id?.value ?? "", path.type?.value, kind: 6, range: whole, selection: path.id?.range ?? whole, children: survey), whole)
            }
            let whole = screen.key.range.union(screen.range)
            return (symbol(screen.key.value, text(screen.title), kind: 5, range: whole, selection: screen.key.range, children: paths.map(\.0)), whole)
        }
        let offers: [(JSON, ByteRange)] = config.offers.compactMap { offer in
            guard let key = offer.key else { return nil }
            let whole = key.range.union(offer.range)
            return (symbol(key.value, text(offer.title), kind: 23, range: whole, selection: key.range), whole)
        }
        let strings: [(JSON, ByteRange)] = config.format == .authoring ? (config.localization?.entries ?? .empty).map { entry in
            let whole = entry.translations.reduce(entry.key.range) { $0.union($1.text.range) }
            let text = entry.translations.first.map(\.textValue)
            return (symbol(entry.key.value, text, kind: 15, range: whole, selection: entry.key.range), whole)
        } : []
        return .array([
            group("screens", kind: 3, screens, key: config.screensKeyRange),
            group("promotional_offers", kind: 3, offers, key: nil),
            group("localized_strings", kind: 3, strings, key: config.localization?.keyRange),
        ].compactMap { $0 })
    }

    /// A text source in words: the key, or the literal.
    static func text(_ source: TextSource?) -> String? { source?.located.value }
}
