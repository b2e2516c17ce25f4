import Foundation
import TestSupport

/// Authoring configs full of findings of many rules, seeded: texts with whitespace, placeholder
/// and script problems, gaps in every locale, keys nobody uses, references to keys and offers
/// that do not exist (more than the suggestion budget), repeated path and option ids, paths
/// without their URL or action, offers without store ids, and optionally JSON slips.
enum FindingsConfig {
    static let written = ["en", "de", "fr", "ja", "pt-BR"]

    static func text(seed: UInt64, keys: Int, paths: Int, slips: Bool = false) -> String {
        var rng = SeededGenerator(seed: seed)
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        var strings: [String] = []
        for key in 0..<keys {
            var texts: [String] = []
            for locale in written + ["it", "xx-QQ"] {
                if locale == "it" ? !chance(0.05) : locale == "xx-QQ" ? !chance(0.02) : chance(locale == "en" ? 0.03 : 0.1) { continue }
                var text = locale == "ja" && chance(0.5) ? "テキスト \(key)" : "Text number \(key)"
                switch Double.random(in: 0..<1, using: &rng) {
                case ..<0.06: text = " " + text
                case ..<0.12: text += " "
                case ..<0.18: text = text.replacingOccurrences(of: " ", with: "  ")
                case ..<0.26: if locale == "en" { text += " for {{ price }}" }
                case ..<0.31: text += " {{price"
                case ..<0.36: text += " {{ bogus_name }}"
                case ..<0.41: text = ""
                default: break
                }
                texts.append("\"\(locale)\": \"\(text)\"")
            }
            strings.append("\"k\(key)\": {\(texts.joined(separator: ", "))}")
            if slips, key == keys / 2 { strings.append("\"k\(key)\": {\"en\": \"again\"}") }
        }
        let offers = max(1, paths / 10)
        var offerMembers: [String] = []
        for offer in 0..<offers {
            let ios = offer % 4 == 0 ? "" : "\"ios_offer_id\": \"offer_\(offer)\", "
            offerMembers.append("\"offer_\(offer)\": {\(ios)\"android_offer_id\": \"offer-\(offer)\", \"title_key\": \"k\(offer % keys)\"}")
        }
        var pathMembers: [String] = [#"{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "k0"}"#]
        for path in 0..<paths {
            let id = path % 9 == 0 ? "repeated" : "path_\(path)"
            let title = path % 6 == 0 ? "missing_\(path)" : "k\((path * 7) % keys)"
            let offer = path % 3 == 0 ? ", \"promotional_offer_key\": \"offer_\(path % (offers + 5))\"" : ""
            switch path % 5 {
            case 0:
                let url = path % 10 == 0 ? "" : path % 15 == 0 ? ", \"url\": \"not a url\"" : ", \"url\": \"https://example.com/\(path)\""
                pathMembers.append("{\"id\": \"\(id)\", \"type\": \"CUSTOM_URL\", \"title_key\": \"\(title)\"\(url)}")
            case 1:
                let action = path % 2 == 0 ? "" : ", \"action_identifier\": \"act_\(path)\""
                pathMembers.append("{\"id\": \"\(id)\", \"type\": \"CUSTOM_ACTION\", \"title_key\": \"\(title)\"\(action)\(offer)}")
            case 2:
                // Options titled by one key, or by keys whose texts are equal; some ids repeat.
                let options = (0..<3).map { option in
                    let optionID = path % 4 == 0 ? "same" : "option_\(path)_\(option)"
                    let key = path % 8 == 0 ? "k1" : "k\((path + option) % keys)"
                    return "{\"id\": \"\(optionID)\", \"title_key\": \"\(key)\"\(option == 0 ? offer : "")}"
                }
                pathMembers.append("{\"id\": \"\(id)\", \"type\": \"CANCEL\", \"title_key\": \"\(title)\", "
                    + "\"feedback_survey\": {\"title_key\": \"k\(path % keys)\", \"options\": [\(options.joined(separator: ", "))]}}")
            default:
                pathMembers.append("{\"id\": \"\(id)\", \"type\": \"MISSING_PURCHASE\", \"title_key\": \"\(title)\"\(offer)}")
            }
        }
        let supported = (written + ["es"]).map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
          "appearance": {"light": {"accent_color": "#FFFFF0", "background_color": "#FFFFFF", "text_color": "#FFFFFE"}, "dark": {"accent_color": "nope"}},
          "localization": {"default": "en", "supported": [\(supported)],
            "localized_strings": {
              \(strings.joined(separator: ",\n      "))
            }
          },
          "promotional_offers": {\(offerMembers.joined(separator: ",\n    "))},
          "screens": {
            "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "k0", "paths": [
              \(pathMembers.joined(separator: ",\n      "))
            ]},
            "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "k1", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "k0"}]}
          },
          "support": {"email": "help@example.com"\(slips ? "," : "")}
        }
        """
    }
}
