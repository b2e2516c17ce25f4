/// `path.custom-url-missing-url`: CUSTOM_URL without `url` (or without `open_method`).
public enum CustomURLMissingURLRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "path.custom-url-missing-url",
        summary: "CUSTOM_URL without 'url' (iOS drops the path); also without 'open_method', which iOS needs too.",
        rationale: "iOS drops a CUSTOM_URL path that has no url or no open_method, and Android shows it but does nothing when tapped.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": ↓"CUSTOM_URL", "title_key": "title", "open_method": "EXTERNAL"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com", "open_method": "EXTERNAL"}]}"#))

    public static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let type = path.type, type.value == "CUSTOM_URL" else { continue }
            if path.url == nil {
                context.report(descriptor, "CUSTOM_URL path \(MessageText.quoted(path.id?.value ?? "")) has no 'url': iOS drops it and Android shows a row that does nothing",
                               at: type.range, pointer: path.pointer)
            } else if path.openMethod == nil {
                context.report(descriptor, "CUSTOM_URL path \(MessageText.quoted(path.id?.value ?? "")) has no 'open_method': iOS drops it (set IN_APP or EXTERNAL)",
                               at: type.range, pointer: path.pointer)
            }
        }
    }
}
