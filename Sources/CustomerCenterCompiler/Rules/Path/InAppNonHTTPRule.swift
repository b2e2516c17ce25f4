/// `path.in-app-non-http`: `open_method: IN_APP` with a non-http(s) URL.

import JSONSyntax
package enum InAppNonHTTPRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.in-app-non-http",
        summary: "'open_method: IN_APP' with a URL that is not http(s).",
        rationale: "The in-app browser only opens web pages: iOS opens other schemes externally anyway (older versions crashed on deep links set to IN_APP).",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "settings", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings", "open_method": ↓"IN_APP"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "settings", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings", "open_method": "EXTERNAL"}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let method = path.openMethod, path.method == .inApp, let url = path.url,
                  let scheme = URLSyntax.scheme(of: url.value), scheme != "http", scheme != "https" else { continue }
            context.report(.inAppNonHTTP(scheme: scheme),
                           on: method,
                           fix: RuleContext.replace(method, with: OpenMethod.external.rawValue, "write '\(OpenMethod.external.rawValue)'"))
        }
    }
}

extension RuleMessage {
    /// `path.in-app-non-http`: `scheme` without its colon.
    static func inAppNonHTTP(scheme: String) -> RuleMessage {
        RuleMessage(InAppNonHTTPRule.descriptor, "IN_APP opens only http(s) pages; \(MessageText.quoted(scheme + ":")) links open outside the app")
    }
}
