/// `path.duplicate-id`: a path id used twice anywhere.
public enum DuplicatePathIDRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "path.duplicate-id",
        summary: "A path id used twice anywhere in the config.",
        rationale: "Analytics and events key on the path id: two paths with one id merge their numbers, and you can no longer tell which option customers chose.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": ↓"restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#),
        passingExample: Examples.authoring())

    public static func check(_ context: inout RuleContext) {
        var first: [String: Located<String>] = [:]
        for path in context.resolved.allPaths {
            guard let id = path.id, !id.value.isEmpty else { continue }
            if let earlier = first[id.value] {
                context.report(descriptor, "path id \(MessageText.quoted(id.value)) is already used; analytics could not tell the two paths apart",
                               at: id.range, pointer: id.pointer, notes: [context.note("first used here", at: earlier.range)])
            } else {
                first[id.value] = id
            }
        }
    }
}
