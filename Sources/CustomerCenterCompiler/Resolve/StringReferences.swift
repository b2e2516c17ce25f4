import JSONSyntax

/// Every `*_key` use of a config, in document order (``ResolvedConfig/stringReferences``): where
/// each one is in the model, 12 bytes, and the ``StringReference`` built from the model when it
/// is read. A 41 MB config names 34,619 keys: a list of the uses themselves (72 bytes each,
/// a copy of the key's located value) was 2.5 MB beside the model they copy.
package struct StringReferences: RandomAccessCollection, Sendable {
    /// Where one use is: its role, and the screen (or offer), path and option it is on.
    struct Origin: Sendable {
        let role: StringReference.Role
        let owner: UInt32
        let path: UInt32
        let option: UInt32
    }

    private let config: CustomerCenterConfig
    private let origins: [Origin]

    /// The uses of `config`, in document order.
    init(_ config: CustomerCenterConfig) {
        self.config = config
        origins = Self.origins(config)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { origins.count }

    package subscript(position: Int) -> StringReference {
        let origin = origins[position]
        let (key, owner) = Self.read(origin, config)
        return StringReference(key: key ?? Located("", range: ByteRange(0, 0), pointer: .root), role: origin.role, owner: owner)
    }

    /// The role of the use at `position`, read without building it.
    package func role(at position: Int) -> StringReference.Role { origins[position].role }

    /// The key of the use at `position`, read without its owner's name.
    package func key(at position: Int) -> Located<String> {
        let origin = origins[position], (first, pathIndex, optionIndex) = (Int(origin.owner), Int(origin.path), Int(origin.option))
        let text: TextSource?
        switch origin.role {
        case .screenTitle: text = config.screens[first].title
        case .screenSubtitle: text = config.screens[first].subtitle
        case .offeringButton: text = config.screens[first].offering?.buttonText
        case .pathTitle: text = config.screens[first].paths[pathIndex].title
        case .surveyQuestion: text = config.screens[first].paths[pathIndex].survey?.title
        case .surveyOption: text = config.screens[first].paths[pathIndex].survey?.options[optionIndex].title
        case .offerTitle: text = config.offers[first].title
        case .offerSubtitle: text = config.offers[first].subtitle
        }
        return text?.key ?? Located("", range: ByteRange(0, 0), pointer: .root)
    }

    /// The key and the owner's name of the use at `origin`.
    private static func read(_ origin: Origin, _ config: CustomerCenterConfig) -> (key: Located<String>?, owner: String) {
        let (first, pathIndex, optionIndex) = (Int(origin.owner), Int(origin.path), Int(origin.option))
        switch origin.role {
        case .screenTitle, .screenSubtitle, .offeringButton:
            let screen = config.screens[first]
            let text = origin.role == .screenTitle ? screen.title : origin.role == .screenSubtitle ? screen.subtitle : screen.offering?.buttonText
            return (text?.key, screen.key.value)
        case .pathTitle, .surveyQuestion:
            let path = config.screens[first].paths[pathIndex]
            return ((origin.role == .pathTitle ? path.title : path.survey?.title)?.key, path.id?.value ?? "?")
        case .surveyOption:
            let option = config.screens[first].paths[pathIndex].survey?.options[optionIndex]
            return (option?.title?.key, option?.id?.value ?? "?")
        case .offerTitle, .offerSubtitle:
            let offer = config.offers[first]
            return ((origin.role == .offerTitle ? offer.title : offer.subtitle)?.key, offer.key?.value ?? "?")
        }
    }

    /// Every use's origin, in document order: screens (their title, subtitle and offering
    /// button, then each path's title, survey question and options), then offers.
    private static func origins(_ config: CustomerCenterConfig) -> [Origin] {
        // Sized once from the model (at most three texts a screen, two a path and one an option,
        // two an offer), not grown by doubling: a large config names hundreds of thousands.
        var slots = 3 * config.screens.count + 2 * config.offers.count
        for screen in config.screens {
            for path in screen.paths { slots += 2 + (path.survey?.options.count ?? 0) }
        }
        var origins: [Origin] = []
        origins.reserveCapacity(slots)
        func add(_ text: TextSource?, _ role: StringReference.Role, _ owner: Int, _ path: Int = 0, _ option: Int = 0) {
            guard text?.key != nil else { return }
            origins.append(Origin(role: role, owner: UInt32(truncatingIfNeeded: owner), path: UInt32(truncatingIfNeeded: path),
                                  option: UInt32(truncatingIfNeeded: option)))
        }
        for (index, screen) in config.screens.enumerated() {
            add(screen.title, .screenTitle, index)
            add(screen.subtitle, .screenSubtitle, index)
            add(screen.offering?.buttonText, .offeringButton, index)
            for (pathIndex, path) in screen.paths.enumerated() {
                add(path.title, .pathTitle, index, pathIndex)
                add(path.survey?.title, .surveyQuestion, index, pathIndex)
                for (optionIndex, option) in (path.survey?.options ?? []).enumerated() {
                    add(option.title, .surveyOption, index, pathIndex, optionIndex)
                }
            }
        }
        for (index, offer) in config.offers.enumerated() {
            add(offer.title, .offerTitle, index)
            add(offer.subtitle, .offerSubtitle, index)
        }
        return origins
    }
}
