/// `path.duplicate-id`: a path id used twice anywhere.

import JSONSyntax
package enum DuplicatePathIDRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.duplicate-id",
        summary: "A path id used twice anywhere in the config.",
        rationale: "Analytics and events key on the path id: two paths with one id merge their numbers, and you can no longer tell which option customers chose.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": ↓"restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#),
        passingExample: Examples.authoring())

    package static func check(_ context: inout RuleContext) {
        // One list of the ids, not a list of every id and then a filtered copy.
        let ids = context.resolved.allPaths.compactMap { path in path.id.flatMap { $0.value.isEmpty ? nil : $0 } }
        Repeats.forEach(ids) { id, earlier in
            context.report(.duplicatePathID(id.value),
                           on: id, notes: [context.note("first used here", at: earlier.range)])
        }
    }
}

extension RuleMessage {
    /// `path.duplicate-id`.
    static func duplicatePathID(_ id: String) -> RuleMessage {
        RuleMessage(DuplicatePathIDRule.descriptor, "path id \(MessageText.quoted(id)) is already used; analytics could not tell the two paths apart")
    }
}
