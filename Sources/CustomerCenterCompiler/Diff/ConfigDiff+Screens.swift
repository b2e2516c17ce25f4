import JSONSyntax

// Screens: which there are, and what each shows (its type, title, subtitle and offering). A
// screen is matched by its key, as both SDKs look screens up (docs/android-semantics.md).
extension ConfigDiff {
    static func screens(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let oldKeys = Set(old.screens.map(\.key.value)), newKeys = Set(new.screens.map(\.key.value))
        for screen in old.screens where !newKeys.contains(screen.key.value) {
            changes.append(ConfigChange(kind: .removed, breaking: true, subject: "screen", pointer: screen.pointer,
                                        message: "removed screen \(q(screen.key.value)): its customers see an empty fallback"))
        }
        for screen in new.screens where !oldKeys.contains(screen.key.value) {
            changes.append(ConfigChange(kind: .added, breaking: false, subject: "screen", pointer: screen.pointer, message: "added screen \(q(screen.key.value))"))
        }
        var before: [String: Screen] = [:]
        for screen in old.screens where before[screen.key.value] == nil { before[screen.key.value] = screen }
        var seen: Set<String> = []
        for screen in new.screens where seen.insert(screen.key.value).inserted {
            guard let was = before[screen.key.value] else { continue }
            var details: [ChangeDetail] = []
            compare("type", was.type?.value, screen.type?.value, into: &details) { _, now in
                guard let now else { return context.missingRequired(android: .screen) }
                return ScreenType(rawValue: now) == nil ? context.unknownValue(android: .screen) : nil
            }
            compare("title", text(was.title), text(screen.title), into: &details) { _, now in
                now == nil ? context.missingRequired(android: .screen) : nil
            }
            compare("subtitle", text(was.subtitle), text(screen.subtitle), into: &details) { _, now in
                now == nil ? "customers no longer see it" : nil
            }
            offering(was.offering, screen.offering, context, into: &details)
            let placeholders = placeholdersChanged(was.title, screen.title) || placeholdersChanged(was.subtitle, screen.subtitle)
                || placeholdersChanged(was.offering?.buttonText, screen.offering?.buttonText)
            if let change = changed("screen", "screen \(q(screen.key.value))", at: screen.pointer, details, alsoBreaking: placeholders,
                                    suffix: placeholders ? " (its placeholders changed)" : "") {
                changes.append(change)
            }
        }
    }

    /// A screen's offering: the subscribe button customers without a subscription get.
    static func offering(_ was: ScreenOffering?, _ now: ScreenOffering?, _ context: DiffContext, into details: inout [ChangeDetail]) {
        switch (was, now) {
        case (nil, nil):
            return
        case (nil, let now?):
            // Customers had the screen: an offering Android cannot read drops it.
            let loss = now.type.map { OfferingType(rawValue: $0.value) == nil ? context.unknownValue(android: .screen) : nil }
                ?? context.missing(authoring: true, ios: true, android: .screen)
            details.append(ChangeDetail("offering added", loss: loss))
            return
        case (_?, nil):
            details.append(ChangeDetail("offering removed", loss: "customers no longer get its subscribe button"))
            return
        case (let was?, let now?):
            // SPECIFIC without an id: iOS only logs it and Android resolves no offering, so the
            // button is gone (docs/android-semantics.md).
            func resolves(_ offering: ScreenOffering) -> Bool { offering.type?.value != OfferingType.specific.rawValue || offering.offeringID != nil }
            let lostButton = resolves(was) && !resolves(now) ? "SPECIFIC without offering_id: customers get no subscribe button" : nil
            let idChanged = was.offeringID?.value != now.offeringID?.value
            compare("offering type", was.type?.value, now.type?.value, into: &details) { _, type in
                guard let type else { return context.missing(authoring: true, ios: true, android: .screen) }
                if OfferingType(rawValue: type) == nil { return context.unknownValue(android: .screen) }
                return idChanged ? nil : lostButton
            }
            compare("offering_id", was.offeringID?.value, now.offeringID?.value, into: &details) { _, _ in lostButton }
            compare("offering button text", text(was.buttonText), text(now.buttonText), into: &details)
        }
    }
}

extension DiffContext {
    /// What customers lose when an enum field takes a value its format does not have: an
    /// authoring config is no longer valid; in a response, Android's strict enums fail where
    /// `scope` says while iOS reads an unknown value (its losses are the caller's).
    func unknownValue(android scope: AndroidScope) -> String? {
        if format == .authoring { return "not a known value: the config is no longer valid" }
        return android ? Self.androidLoss(scope) : nil
    }
}
