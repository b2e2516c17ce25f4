/// `path.custom-url-missing-url`: CUSTOM_URL without `url` (or without `open_method`).

import JSONSyntax
package enum CustomURLMissingURLRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.custom-url-missing-url",
        summary: "CUSTOM_URL without 'url' (iOS drops the path); for iOS, also without 'open_method'.",
        rationale: "iOS drops a CUSTOM_URL path that has no url or no open_method; Android shows one without a url but does nothing when it is tapped (it opens one without open_method externally).",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": ↓"CUSTOM_URL", "title_key": "title", "open_method": "EXTERNAL"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com", "open_method": "EXTERNAL"}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let type = path.type, path.kind == .customURL else { continue }
            let id = path.id?.value ?? ""
            if path.url == nil {
                context.report(.customURLWithoutURL(path: id, platforms: context.platforms),
                               at: type.range, pointer: path.pointer)
            } else if path.openMethod == nil, context.platforms.contains(.ios) {
                // Android opens it externally; only iOS needs the field.
                // EXTERNAL is what Android does without one, and what iOS does for any non-http link;
                // still a choice (IN_APP keeps customers in the app): a guess.
                context.report(.customURLWithoutOpenMethod(path: id),
                               at: type.range, pointer: path.pointer,
                               fix: Fix(message: "add \"open_method\": \"\(OpenMethod.external.rawValue)\"",
                                        edits: [TextEdit(range: .at(type.range.end), replacement: #", "open_method": "\#(OpenMethod.external.rawValue)""#)]))
            }
        }
    }
}

extension RuleMessage {
    /// `path.custom-url-missing-url`: what each target platform does, nothing about the others.
    static func customURLWithoutURL(path id: String, platforms: Set<Platform>) -> RuleMessage {
        let effects = [platforms.contains(.ios) ? "iOS drops it" : nil,
                       platforms.contains(.android) ? "Android shows a row that does nothing" : nil].compactMap { $0 }
        return RuleMessage(CustomURLMissingURLRule.descriptor,
                           "CUSTOM_URL path \(MessageText.quoted(id)) has no 'url'" + (effects.isEmpty ? "" : ": " + effects.joined(separator: " and ")))
    }

    /// `path.custom-url-missing-url`: iOS needs `open_method`.
    static func customURLWithoutOpenMethod(path id: String) -> RuleMessage {
        RuleMessage(CustomURLMissingURLRule.descriptor,
                    "CUSTOM_URL path \(MessageText.quoted(id)) has no 'open_method': iOS drops it (Android opens it externally); set IN_APP or EXTERNAL")
    }
}
