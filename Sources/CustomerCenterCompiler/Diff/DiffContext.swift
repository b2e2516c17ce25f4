import JSONSyntax

/// What a comparison knows about the customers of a config: its format and the platforms it
/// targets. A change is breaking when it takes away something customers of a target platform
/// had, or makes the config fail there (docs/commands.md, `diff`); what an SDK does with each
/// field is docs/android-semantics.md's.
struct DiffContext {
    /// The format of both sides.
    var format: InputFormat
    /// Both sides' target platforms: a loss on either one is a loss.
    var platforms: Set<Platform>

    init(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig) {
        format = new.format
        platforms = PlatformInference.infer(old).union(PlatformInference.infer(new))
    }

    var ios: Bool { platforms.contains(.ios) }
    var android: Bool { platforms.contains(.android) }

    /// What Android throws away when a field of a screen or path fails to decode.
    enum AndroidScope {
        /// The whole config is rejected.
        case config
        /// The screen is dropped.
        case screen
        /// The path is dropped (a field of the path, its survey or its offer).
        case path
    }

    /// What customers lose when a field is no longer there. An authoring config without a field
    /// its format requires is not a valid config; in a response, a field an SDK requires makes
    /// that SDK reject the whole config (iOS) or drop what holds it (Android). `nil`: nothing.
    func missing(authoring required: Bool, ios iosRequired: Bool, android scope: AndroidScope?) -> String? {
        if format == .authoring { return required ? "required: the config is no longer valid" : nil }
        var losses: [String] = []
        if iosRequired, ios { losses.append("iOS rejects the whole config") }
        if let scope, android { losses.append(Self.androidLoss(scope)) }
        return losses.isEmpty ? nil : losses.joined(separator: ", ")
    }

    /// A field both formats and both SDKs require.
    func missingRequired(android scope: AndroidScope) -> String? { missing(authoring: true, ios: true, android: scope) }

    static func androidLoss(_ scope: AndroidScope) -> String {
        switch scope {
        case .config: return "Android rejects the whole config"
        case .screen: return "Android drops the screen"
        case .path: return "Android drops the path"
        }
    }

    /// The platforms among `affected` that the config targets, as a sentence's subject
    /// (`iOS customers`, `Android customers`, `customers`); `nil` when it targets none of them.
    func customers(on affected: Set<Platform>) -> String? {
        let hit = affected.intersection(platforms)
        if hit.isEmpty { return nil }
        return hit.count == Platform.allCases.count ? "customers" : "\(hit.sorted()[0].displayName) customers"
    }
}

/// One part of a changed element (`type 'CANCEL' → 'REFUND_REQUEST'`) and what customers lose by
/// it, when they lose something: a detail with a loss makes the change breaking.
struct ChangeDetail {
    var text: String
    var loss: String?

    init(_ text: String, loss: String? = nil) {
        self.text = text
        self.loss = loss
    }

    /// The details as a message's tail: `type 'A' → 'B' (Android never shows it); url …`.
    static func joined(_ details: [ChangeDetail]) -> String {
        details.map { detail in detail.loss.map { "\(detail.text) (\($0))" } ?? detail.text }.joined(separator: "; ")
    }
}

extension ConfigDiff {
    /// `changed <what>: <details>`, breaking when a detail loses something or `alsoBreaking`.
    static func changed(_ subject: String, _ what: String, at pointer: JSONPointer, _ details: [ChangeDetail],
                        alsoBreaking: Bool = false, suffix: String = "") -> ConfigChange? {
        guard !details.isEmpty else { return nil }
        return ConfigChange(kind: .changed, breaking: alsoBreaking || details.contains { $0.loss != nil }, subject: subject,
                            pointer: pointer, message: "changed \(what): " + ChangeDetail.joined(details) + suffix)
    }

    /// `name 'a' → 'b'` when the values differ, with the loss `loss(a, b)` names.
    static func compare(_ name: String, _ a: String?, _ b: String?, into details: inout [ChangeDetail],
                        loss: (String?, String?) -> String? = { _, _ in nil }) {
        guard a != b else { return }
        details.append(ChangeDetail("\(name) \(describe(a)) → \(describe(b))", loss: loss(a, b)))
    }
}
