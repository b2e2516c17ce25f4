/// `support.missing-email`: no support email while a path leads to "contact support".

import JSONSyntax
package enum MissingEmailRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "support.missing-email",
        summary: "No support email while a path leads to \"contact support\".",
        rationale: "When restoring a missing purchase fails, the SDKs offer \"Contact support\"; without an email that step is hidden and the customer is stuck.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: #"↓"support": {"email": ""}"#),
        passingExample: Examples.authoring(extra: #""support": {"email": "help@example.com"}"#))

    package static func check(_ context: inout RuleContext) {
        let email = context.config.support?.email
        guard email?.value.isEmpty ?? true,
              let path = context.resolved.allPaths.first(where: { $0.kind == .missingPurchase }) else { return }
        let anchor = context.config.support?.keyRange ?? context.config.screensKeyRange ?? ByteRange(0, min(1, context.source.bytes.count))
        context.report(.missingEmail(restorePath: path.id?.value ?? ""),
                       at: anchor, pointer: context.config.support?.pointer ?? context.config.basePointer,
                       notes: [context.note("the path that leads to contact support", at: path.type?.range ?? path.range)])
    }
}

extension RuleMessage {
    /// `support.missing-email`: the restore path whose failure would offer contact support.
    static func missingEmail(restorePath id: String) -> RuleMessage {
        RuleMessage(MissingEmailRule.descriptor, "no support email: after a failed restore (path \(MessageText.quoted(id))), \"Contact support\" is hidden")
    }
}
