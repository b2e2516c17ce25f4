import JSONSyntax

// Paths and survey options, matched by id: which there are (an id removed or renamed ends its
// analytics history), and every field the SDKs read of each. A change that makes a target
// platform stop showing a path, or makes its action do nothing there, is breaking
// (docs/commands.md, `diff`; docs/android-semantics.md for what each SDK shows).
extension ConfigDiff {
    static func paths(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        func byID(_ config: CustomerCenterConfig) -> [String: Path] {
            var result: [String: Path] = [:]
            for path in config.allPaths { if let id = path.id?.value, result[id] == nil { result[id] = path } }
            return result
        }
        let oldPaths = byID(old), newPaths = byID(new)
        // A removed id and an added one of the same type at the same place on the same screen: a rename.
        changes += identityChanges(
            subject: "path", pointer: \.pointer,
            removed: old.allPaths.filter { $0.id.map { newPaths[$0.value] == nil } ?? false },
            added: new.allPaths.filter { $0.id.map { oldPaths[$0.value] == nil } ?? false },
            samePlace: { $0.screenKey == $1.screenKey && $0.type?.value == $1.type?.value && $0.pointer.tokens.last == $1.pointer.tokens.last },
            renamed: { "renamed path \(q($0.id?.value ?? "")) to \(q($1.id?.value ?? "")): analytics history of the old id ends" },
            removedText: { "removed path \(q($0.id?.value ?? "")) from screen \(q($0.screenKey)): analytics history for this id ends" },
            addedText: { "added path \(q($0.id?.value ?? "")) to screen \(q($0.screenKey))" })
        for (id, newPath) in newPaths.sorted(by: { $0.key < $1.key }) {
            guard let oldPath = oldPaths[id] else { continue }
            let details = pathDetails(oldPath, newPath, context)
            let placeholders = placeholdersChanged(oldPath.title, newPath.title) || placeholdersChanged(oldPath.survey?.title, newPath.survey?.title)
            if let change = changed("path", "path \(q(id))", at: newPath.pointer, details, alsoBreaking: placeholders,
                                    suffix: placeholders ? " (its placeholders changed)" : "") {
                changes.append(change)
            }
            options(oldPath, newPath, context, into: &changes)
        }
    }

    static func pathDetails(_ oldPath: Path, _ newPath: Path, _ context: DiffContext) -> [ChangeDetail] {
        var details: [ChangeDetail] = []
        if oldPath.screenKey != newPath.screenKey { details.append(ChangeDetail("moved from \(q(oldPath.screenKey)) to \(q(newPath.screenKey))")) }
        let invalid = context.format == .authoring ? "not a known value: the config is no longer valid" : nil
        compare("type", oldPath.type?.value, newPath.type?.value, into: &details) { _, type in
            guard let type else { return context.missingRequired(android: .path) }
            return PathType(rawValue: type) == nil ? invalid : nil
        }
        compare("title", text(oldPath.title), text(newPath.title), into: &details) { _, title in
            title == nil ? context.missingRequired(android: .path) : nil
        }
        compare("offer", offerKey(oldPath.offer), offerKey(newPath.offer), into: &details) { _, key in
            key == nil ? "customers are no longer offered it here" : nil
        }
        compare("url", oldPath.url?.value, newPath.url?.value, into: &details)
        compare("open_method", oldPath.openMethod?.value, newPath.openMethod?.value, into: &details) { _, method in
            method.map { OpenMethod(rawValue: $0) == nil } == true ? invalid : nil
        }
        compare("action_identifier", oldPath.actionIdentifier?.value, newPath.actionIdentifier?.value, into: &details) { was, _ in
            // The app's handler knows the identifier it was built with: app builds in customers'
            // hands do nothing with another one.
            guard let was, newPath.kind == .customAction else { return nil }
            return "app builds that handle \(q(was)) do nothing"
        }
        compare("refund_window", oldPath.refundWindow?.value, newPath.refundWindow?.value, into: &details) { _, _ in
            refundWindowLoss(oldPath, newPath, context)
        }
        switch (oldPath.survey, newPath.survey) {
        case (nil, _?): details.append(ChangeDetail("survey added"))
        case (_?, nil): details.append(ChangeDetail("survey removed", loss: "analytics history for its answers ends"))
        case (let was?, let now?):
            compare("survey title", text(was.title), text(now.title), into: &details) { _, title in
                title == nil ? context.missingRequired(android: .path) : nil
            }
        case (nil, nil): break
        }
        for platform in Platform.allCases.sorted() where context.platforms.contains(platform) {
            guard hidden(oldPath, on: platform) == nil, let reason = hidden(newPath, on: platform) else { continue }
            details.append(ChangeDetail("no longer shown on \(platform.displayName)", loss: reason))
        }
        return details
    }

    /// Why `platform` does not show `path` although it decodes, or `nil` when it shows it.
    /// (A required field that is missing is the decoder's failure, reported with the field.)
    static func hidden(_ path: Path, on platform: Platform) -> String? {
        guard let type = path.type?.value else { return nil }
        switch platform {
        case .ios:
            guard let kind = PathType(rawValue: type) else { return "iOS hides a path type it does not know" }
            if kind == .customURL {
                if path.url == nil { return "iOS drops a CUSTOM_URL path without url" }
                if path.method == nil { return "iOS drops a CUSTOM_URL path without a known open_method" }
            }
            if kind == .refundRequest, let window = path.refundWindow?.value, case .hidden = IOSRefundWindow.evaluate(window) {
                return "iOS hides a refund path whose window is zero"
            }
            return nil
        case .android:
            guard let kind = PathType(rawValue: type) else { return "Android drops a path type it does not know" }
            if androidNeverShows.contains(kind) { return "Android never shows \(type)" }
            if path.openMethod != nil, path.method == nil { return "Android drops a path whose open_method it does not know" }
            return nil
        }
    }

    /// Path types Android's `isPathAllowedForStore` never allows (the `path.platform-unsupported` rule's).
    static let androidNeverShows: Set<PathType> = [.refundRequest, .changePlans]

    /// A refund window iOS now shows for less time, or that now crashes iOS. (A zero window
    /// hides the path: `hidden(_:on:)`.)
    static func refundWindowLoss(_ oldPath: Path, _ newPath: Path, _ context: DiffContext) -> String? {
        guard context.ios, newPath.kind == .refundRequest else { return nil }
        func seconds(_ path: Path) -> Double? {
            guard let text = path.refundWindow?.value else { return .infinity }
            switch IOSRefundWindow.evaluate(text) {
            case .noLimit: return .infinity
            case .window(let seconds, _): return seconds
            case .hidden: return 0
            case .crash: return nil
            }
        }
        guard let now = seconds(newPath) else { return "iOS crashes when it reads it" }
        guard let was = seconds(oldPath), now > 0, now < was else { return nil }
        return "iOS customers past the new window no longer see the path"
    }

    static func options(_ oldPath: Path, _ newPath: Path, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let oldOptions = oldPath.survey?.options ?? [], newOptions = newPath.survey?.options ?? []
        let oldIDs = Set(oldOptions.compactMap(\.id?.value)), newIDs = Set(newOptions.compactMap(\.id?.value))
        let pathID = q(newPath.id?.value ?? "")
        changes += identityChanges(
            subject: "survey-option", pointer: \.pointer,
            removed: oldOptions.filter { $0.id.map { !newIDs.contains($0.value) } ?? false },
            added: newOptions.filter { $0.id.map { !oldIDs.contains($0.value) } ?? false },
            samePlace: { $0.pointer.tokens.last == $1.pointer.tokens.last },
            renamed: { "renamed survey option \(q($0.id?.value ?? "")) of path \(pathID) to \(q($1.id?.value ?? "")): its answers no longer add up" },
            removedText: { "removed survey option \(q($0.id?.value ?? "")) of path \(pathID): analytics history for this answer ends" },
            addedText: { "added survey option \(q($0.id?.value ?? "")) to path \(pathID)" })
        for option in newOptions {
            guard let id = option.id?.value, let before = oldOptions.first(where: { $0.id?.value == id }) else { continue }
            var details: [ChangeDetail] = []
            compare("title", text(before.title), text(option.title), into: &details) { _, title in
                title == nil ? context.missingRequired(android: .path) : nil
            }
            compare("offer", offerKey(before.offer), offerKey(option.offer), into: &details) { _, key in
                key == nil ? "customers are no longer offered it here" : nil
            }
            let placeholders = placeholdersChanged(before.title, option.title)
            if let change = changed("survey-option", "survey option \(q(id)) of path \(pathID)", at: option.pointer, details,
                                    alsoBreaking: placeholders, suffix: placeholders ? " (its placeholders changed)" : "") {
                changes.append(change)
            }
        }
    }
}
