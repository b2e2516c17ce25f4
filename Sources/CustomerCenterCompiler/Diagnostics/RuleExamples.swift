/// Building blocks for rule examples: small complete documents, so each example reads as a
/// real config with one thing wrong.

import JSONSyntax
enum Examples {
    /// A minimal valid authoring config with `screens` and `strings` substituted.
    static func authoring(screens: String = #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#,
                          strings: String = #""title": {"en": "Help"}"#, extra: String = "") -> String {
        """
        {
          "localization": {"default": "en", "localized_strings": {\(strings)}},
          "screens": {\(screens)}\(extra.isEmpty ? "" : ",\n  " + extra)
        }
        """
    }

    /// A minimal response both SDKs accept, with `screens`, `support` and `extra` substituted.
    static func response(screens: String = #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "restore", "title": "Restore", "type": "MISSING_PURCHASE"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title": "Help", "paths": [{"id": "restore_none", "title": "Restore", "type": "MISSING_PURCHASE"}]}"#,
                         appearance: String = #""light": {}, "dark": {}"#,
                         support: String = #""email": "help@example.com""#, changePlans: String = #", "change_plans": []"#) -> String {
        """
        {
          "customer_center": {
            "appearance": {\(appearance)},
            "screens": {\(screens)},
            "localization": {"locale": "en", "localized_strings": {}},
            "support": {\(support)}\(changePlans)
          }
        }
        """
    }
}
