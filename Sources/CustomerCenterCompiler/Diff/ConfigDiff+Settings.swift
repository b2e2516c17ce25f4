import JSONSyntax

// The settings around the screens: the config's parts themselves, support (email, the sections
// it turns on, support tickets), colours and change-plan groups. Each is compared as the SDKs
// read it, a flag by its effective value (its default when absent); one that takes away
// something customers of a target platform had is breaking (docs/android-semantics.md).
extension ConfigDiff {
    static func settings(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        parts(old, new, context, into: &changes)
        support(old, new, context, into: &changes)
        appearance(old, new, context, into: &changes)
        changePlans(old, new, context, into: &changes)
        appVersion(old, new, context, into: &changes)
    }

    /// A response's top level: the version iOS's update warning compares the app with, and the
    /// App Store id its Update button opens.
    static func appVersion(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let (a, b) = (old.lastPublishedAppVersion?.value, new.lastPublishedAppVersion?.value)
        if a != b {
            changes.append(setting(.root.appending("last_published_app_version"),
                                   "changed last_published_app_version: \(describe(a)) → \(describe(b))",
                                   loss: a != nil && b == nil && context.ios ? "iOS customers no longer see the update warning" : nil))
        }
        let (x, y) = (old.itunesTrackID?.value.text, new.itunesTrackID?.value.text)
        if x != y {
            changes.append(setting(.root.appending("itunes_track_id"), "changed itunes_track_id: \(x ?? "none") → \(y ?? "none")",
                                   loss: x != nil && context.ios ? "iOS's Update button no longer opens the app's page" : nil))
        }
    }

    static func setting(_ pointer: JSONPointer, _ message: String, loss: String? = nil) -> ConfigChange {
        ConfigChange(kind: .changed, breaking: loss != nil, subject: "setting", pointer: pointer, message: message + (loss.map { " (\($0))" } ?? ""))
    }

    /// The objects a response must have: without one, an SDK rejects the whole config.
    static func parts(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let parts: [(name: String, old: Bool, new: Bool, authoring: Bool, android: Bool)] = [
            ("appearance", old.appearance != nil, new.appearance != nil, false, true),
            ("support", old.support != nil, new.support != nil, false, true),
            ("localization", old.localization != nil, new.localization != nil, true, true),
            // Android never reads the plans.
            ("change_plans", old.changePlans != nil, new.changePlans != nil, false, false),
        ]
        // The table inside `localization` (a removed `localization` is reported as that).
        if let was = old.localization, let now = new.localization, was.hasStringTable, !now.hasStringTable {
            let loss = context.missing(authoring: true, ios: true, android: .config)
            changes.append(ConfigChange(kind: .removed, breaking: loss != nil, subject: "setting",
                                        pointer: now.pointer.appending("localized_strings"),
                                        message: "removed localized_strings" + (loss.map { " (\($0))" } ?? "")))
        }
        for part in parts where part.old != part.new {
            let loss = part.new ? nil : context.missing(authoring: part.authoring, ios: true, android: part.android ? .config : nil)
            changes.append(ConfigChange(kind: part.new ? .added : .removed, breaking: loss != nil, subject: "setting",
                                        pointer: new.basePointer.appending(part.name),
                                        message: (part.new ? "added " : "removed ") + part.name + (loss.map { " (\($0))" } ?? "")))
        }
    }

    /// A support flag: its default, who reads it and what customers see of it.
    struct SupportFlag {
        var name: String
        var defaultValue: Bool
        var readBy: Set<Platform>
        var shows: String
    }

    static let supportFlags = [
        SupportFlag(name: "should_warn_customer_to_update", defaultValue: true, readBy: [.ios], shows: "the update warning"),
        SupportFlag(name: "display_purchase_history_link", defaultValue: false, readBy: [.ios], shows: "the purchase history link"),
        SupportFlag(name: "display_user_details_section", defaultValue: true, readBy: [.ios], shows: "the user details section"),
        SupportFlag(name: "display_virtual_currencies", defaultValue: false, readBy: [.ios, .android], shows: "virtual currency balances"),
        // Decoded by iOS, read by nothing in RevenueCatUI: compared, never breaking.
        SupportFlag(name: "should_warn_customers_about_multiple_subscriptions", defaultValue: false, readBy: [], shows: ""),
    ]

    static func support(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let pointer = new.support?.pointer ?? new.basePointer.appending("support")
        let (was, now) = (old.support, new.support)
        if was?.email?.value != now?.email?.value {
            // An empty email hides "Contact support" on both platforms; a response without one fails on iOS.
            let hadContact = !(was?.email?.value.isEmpty ?? true), hasContact = !(now?.email?.value.isEmpty ?? true)
            var losses: [String] = []
            if hadContact, !hasContact { losses.append("customers no longer see Contact support") }
            if was?.email != nil, now?.email == nil, now != nil, let missing = context.missing(authoring: false, ios: true, android: nil) {
                losses.append(missing)
            }
            changes.append(setting(pointer, "changed the support email: \(describe(was?.email?.value)) → \(describe(now?.email?.value))",
                                   loss: losses.isEmpty ? nil : losses.joined(separator: ", ")))
        }
        for flag in supportFlags {
            let a = was?.flags.first { $0.name == flag.name }?.value ?? flag.defaultValue
            let b = now?.flags.first { $0.name == flag.name }?.value ?? flag.defaultValue
            guard a != b else { continue }
            let loss = a && !b ? context.customers(on: flag.readBy).map { "\($0) no longer see \(flag.shows)" } : nil
            changes.append(setting(pointer, "changed support \(flag.name): \(a) → \(b)", loss: loss))
        }
        tickets(was?.supportTickets, now?.supportTickets, context, pointer: pointer, into: &changes)
    }

    /// Support tickets: who may create one (`allow_creation` and `customer_type`), and what a
    /// ticket carries (`customer_details`, which customers do not see).
    static func tickets(_ was: SupportTickets?, _ now: SupportTickets?, _ context: DiffContext, pointer: JSONPointer,
                        into changes: inout [ConfigChange]) {
        // Who sees the button: iOS reads an unknown type as `none`.
        func audience(_ tickets: SupportTickets?) -> Set<String> {
            guard let tickets, tickets.allowCreation == true else { return [] }
            switch tickets.customerType {
            case "all"?: return ["with", "without"]
            case "active"?: return ["with"]
            case "not_active"?: return ["without"]
            default: return []
            }
        }
        let lost = audience(was).subtracting(audience(now))
        var lossLeft: String? = lost.isEmpty ? nil
            : "customers \(lost.count == 2 ? "" : lost.contains("with") ? "with a subscription " : "without a subscription ")can no longer create a support ticket"
        func report(_ text: String, _ extra: String? = nil) {
            let losses = [lossLeft, extra].compactMap { $0 }
            lossLeft = nil
            changes.append(setting(pointer, text, loss: losses.isEmpty ? nil : losses.joined(separator: ", ")))
        }
        if was != nil, now == nil { report("removed support_tickets") }
        if was == nil, now != nil { changes.append(setting(pointer, "added support_tickets")) }
        guard let was, let now else { return }
        if was.customerType != now.customerType {
            let unknown = now.customerType.map { !SharedSchema.customerTypes.contains($0) } ?? false
            let extra = now.customerType == nil ? context.missing(authoring: true, ios: true, android: nil)
                : unknown ? context.unknownValue(android: .config) : nil
            report("changed support_tickets customer_type: \(describe(was.customerType)) → \(describe(now.customerType))", extra)
        }
        if was.allowCreation != now.allowCreation {
            let extra = now.allowCreation == nil ? context.missing(authoring: true, ios: true, android: nil) : nil
            report("changed support_tickets allow_creation: \(was.allowCreation.map { "\($0)" } ?? "none") → \(now.allowCreation.map { "\($0)" } ?? "none")", extra)
        }
        for field in SharedSchema.customerDetails.fields {
            let a = was.customerDetails?.first { $0.name == field.name }?.value ?? false
            let b = now.customerDetails?.first { $0.name == field.name }?.value ?? false
            if a != b { changes.append(setting(pointer, "changed support_tickets customer_details \(field.name): \(a) → \(b)")) }
        }
    }

    static func appearance(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let pointer = new.appearance?.pointer ?? new.basePointer.appending("appearance")
        for theme in ["light", "dark"] {
            let a = theme == "light" ? old.appearance?.light : old.appearance?.dark
            let b = theme == "light" ? new.appearance?.light : new.appearance?.dark
            if a != nil, b == nil, new.appearance != nil, let loss = context.missing(authoring: false, ios: true, android: nil) {
                changes.append(setting(pointer, "removed the \(theme) colours", loss: loss))
            }
            for role in SharedSchema.colors.fields.map(\.name) where a?.color(role)?.value != b?.color(role)?.value {
                // Android fails the whole config on a colour it cannot parse; iOS only drops it.
                var loss: String?
                if context.android, let colour = b?.color(role)?.value, a?.color(role).map({ isAndroidColor($0.value) }) ?? true, !isAndroidColor(colour) {
                    loss = AndroidColor.parse(colour) == .crashes ? "Android crashes" : "Android rejects the whole config"
                }
                changes.append(setting(pointer, "changed \(theme) \(role): \(describe(a?.color(role)?.value)) → \(describe(b?.color(role)?.value))", loss: loss))
            }
        }
    }

    static func isAndroidColor(_ text: String) -> Bool {
        if case .parsed = AndroidColor.parse(text) { return true }
        return false
    }

    /// Change-plan groups (iOS only): by `group_id`, the products customers may switch to.
    static func changePlans(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        func byID(_ plans: [ChangePlan]?) -> [(String, ChangePlan)] { (plans ?? []).compactMap { plan in plan.groupID.map { ($0.value, plan) } } }
        let before = Dictionary(byID(old.changePlans), uniquingKeysWith: { a, _ in a })
        let after = byID(new.changePlans)
        let lossFor = { (what: String) in context.ios ? "iOS customers can no longer \(what)" : nil }
        let afterIDs = Set(after.map(\.0))
        for (id, plan) in byID(old.changePlans) where !afterIDs.contains(id) {
            changes.append(ConfigChange(kind: .removed, breaking: context.ios, subject: "setting", pointer: plan.pointer,
                                        message: "removed change-plan group \(q(id))" + (lossFor("change plans in it").map { " (\($0))" } ?? "")))
        }
        for (id, plan) in after {
            guard let was = before[id] else {
                changes.append(ConfigChange(kind: .added, breaking: false, subject: "setting", pointer: plan.pointer, message: "added change-plan group \(q(id))"))
                continue
            }
            var details: [ChangeDetail] = []
            compare("group_name", was.groupName?.value, plan.groupName?.value, into: &details) { _, name in
                name == nil ? context.missing(authoring: true, ios: true, android: nil) : nil
            }
            func offered(_ plan: ChangePlan) -> [String: Bool?] {
                var result: [String: Bool?] = [:]
                for product in plan.products { if let id = product.productID?.value, result[id] == nil { result[id] = product.selected?.value } }
                return result
            }
            let (a, b) = (offered(was), offered(plan))
            for product in Set(a.keys).union(b.keys).sorted() {
                let describeSelected = { (value: Bool??) in value.map { $0.map { "selected \($0)" } ?? "selected none" } ?? "absent" }
                guard describeSelected(a[product]) != describeSelected(b[product]) else { continue }
                let wasOffered = a[product] == .some(true), isOffered = b[product] == .some(true)
                let missingSelected = a[product] != nil && b[product] == .some(nil)
                details.append(ChangeDetail("product \(q(product)) \(describeSelected(a[product])) → \(describeSelected(b[product]))",
                                            loss: missingSelected ? context.missing(authoring: true, ios: true, android: nil)
                                                : wasOffered && !isOffered ? lossFor("switch to it") : nil))
            }
            if let change = changed("setting", "change-plan group \(q(id))", at: plan.pointer, details) { changes.append(change) }
        }
    }
}
