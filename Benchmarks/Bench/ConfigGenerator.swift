import CustomerCenterCompiler
import JSONSyntax

/// Realistic authoring configs of any size: paths of every kind with surveys and offers, every
/// text in the 32 locales, all lint-clean (so the benchmark measures the full, quiet pipeline).
enum ConfigGenerator {
    static let locales = DefaultConfig.locales

    /// The scripts a generated config's texts can be written in: the same config, letter for
    /// letter, so that only the script (and so the bytes per letter) differs.
    enum Script: String, CaseIterable {
        case latin = "ASCII", japanese = "Japanese", arabic = "Arabic", cyrillic = "Cyrillic"

        /// 26 letters standing for a to z (digits, spaces, punctuation and placeholders are kept).
        var letters: [Character] {
            switch self {
            case .latin: return Array("abcdefghijklmnopqrstuvwxyz")
            case .japanese: return Array("あいうえおかきくけこさしすせそたちつてとなにぬねのは")
            case .arabic: return Array("ابتثجحخدذرزسشصضطظعغفقكلمنه")
            case .cyrillic: return Array("абвгдежзийклмнопрстуфхцчшщ")
            }
        }

        /// `english` written in this script: each letter outside `{{ … }}` becomes this script's letter.
        func write(_ english: String) -> String {
            guard self != .latin else { return english }
            let letters = self.letters
            var out = "", depth = 0
            for character in english {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                if depth == 0, let ascii = character.asciiValue, character.isLetter {
                    out.append(letters[Int((ascii | 0x20) - 0x61) % 26])
                } else {
                    out.append(character)
                }
            }
            return out
        }
    }

    /// A config with `paths` paths on the MANAGEMENT screen (plus the fixed ones), its texts
    /// written in `script`.
    static func config(paths: Int, script: Script = .latin) -> String {
        var strings: [(String, [String: String])] = []
        func text(_ key: String, _ english: String) -> String {
            var byLocale: [String: String] = [:]
            for (index, locale) in locales.enumerated() { byLocale[locale] = script.write(locale == "en" ? english : "\(english) (\(locale) \(index))") }
            strings.append((key, byLocale))
            return key
        }
        var management: [String] = []
        let offerCount = max(1, paths / 10)
        var offers: [String] = []
        // No `{{ price }}` in an offer's subtitle: it is shown as written (l10n.literal-placeholder),
        // and the generated configs are clean, as the examples are.
        for o in 0..<offerCount {
            offers.append("""
                "offer-\(o)": {"android_offer_id": "offer-\(o)", "ios_offer_id": "offer_\(o)",
                  "eligibility": [{"amount_in_seconds": \(86_400 * (7 + o % 30)), "comparison": "GREATER", "condition_type": "FIRST_SEEN"}],
                  "product_mapping": {"monthly": "offer_\(o)", "yearly": "offer_\(o)_y"},
                  "subtitle_key": "\(text("offer_\(o)_subtitle", "Stay with us for less, offer \(o)."))",
                  "title_key": "\(text("offer_\(o)_title", "Wait, offer \(o)!"))"}
            """)
        }
        for p in 0..<paths {
            let title = text("path_\(p)_title", "Help option \(p)")
            switch p % 4 {
            case 0:
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_URL", "url": "https://example.com/help/\#(p)", "open_method": "EXTERNAL", "title_key": "\#(title)"}"#)
            case 1:
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_ACTION", "action_identifier": "action_\#(p)", "title_key": "\#(title)", "promotional_offer_key": "offer-\#(p % offerCount)"}"#)
            case 2:
                let question = text("survey_\(p)_title", "Why are you leaving, \(p)?")
                let options = (0..<3).map { i in
                    #"{"id": "option_\#(p)_\#(i)", "title_key": "\#(text("option_\(p)_\(i)", "Reason \(i) of \(p)"))"\#(i == 0 ? #", "promotional_offer_key": "offer-\#(p % offerCount)""# : "")}"#
                }
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_ACTION", "action_identifier": "leave_\#(p)", "title_key": "\#(title)", "feedback_survey": {"title_key": "\#(question)", "options": [\#(options.joined(separator: ", "))]}}"#)
            default:
                management.append(#"{"id": "path_\#(p)", "type": "CUSTOM_URL", "url": "myapp://help/\#(p)", "open_method": "EXTERNAL", "title_key": "\#(title)"}"#)
            }
        }
        let restore = text("restore", "Restore purchases")
        let screen = text("management_title", "How can we help?")
        let none = text("no_active_title", "No active subscription")
        management.insert(#"{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "\#(restore)"}"#, at: 0)
        var out = "{\n  \"appearance\": {\"dark\": {\"accent_color\": \"#F4A900\", \"background_color\": \"#000000\", \"text_color\": \"#FFFFFF\"}, "
            + "\"light\": {\"accent_color\": \"#7A5C12\", \"background_color\": \"#FFFFFF\", \"text_color\": \"#000000\"}},\n"
        out += "  \"localization\": {\"default\": \"en\", \"supported\": [\(locales.map { "\"\($0)\"" }.joined(separator: ", "))],\n    \"localized_strings\": {\n"
        out += strings.map { key, byLocale in
            "      \"\(key)\": {" + locales.map { "\"\($0)\": \(JSONWriter.quoted(byLocale[$0] ?? ""))" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += "\n    }\n  },\n  \"promotional_offers\": {\n" + offers.joined(separator: ",\n") + "\n  },\n"
        out += "  \"screens\": {\n    \"MANAGEMENT\": {\"type\": \"MANAGEMENT\", \"title_key\": \"\(screen)\", \"paths\": [\n      "
        out += management.joined(separator: ",\n      ")
        out += "\n    ]},\n    \"NO_ACTIVE\": {\"type\": \"NO_ACTIVE\", \"title_key\": \"\(none)\", \"paths\": [{\"id\": \"restore_none\", \"type\": \"MISSING_PURCHASE\", \"title_key\": \"\(restore)\"}]}\n  },\n"
        out += "  \"support\": {\"email\": \"support@example.com\"}\n}\n"
        return out
    }

    /// The number of paths whose config is closest to `bytes`.
    static func paths(forBytes bytes: Int) -> Int {
        let small = config(paths: 4).utf8.count, large = config(paths: 104).utf8.count
        let perPath = Double(large - small) / 100
        return max(0, Int((Double(bytes - small) / perPath).rounded()) + 4)
    }

    /// A one-line config of `keys` strings, each unused and with leading and trailing spaces
    /// (two findings each; the per-rule cap keeps at most 1,002), its text mostly Japanese,
    /// German and Arabic, about 800 bytes a key.
    static func minifiedWithFindings(keys: Int) -> String {
        let filler = String(repeating: "日本語のテキスト Kündigung مرحبا ", count: 14)
        var members: [String] = []
        members.reserveCapacity(keys + 1)
        members.append(#""title":{"en":"Help"}"#)
        for i in 0..<keys { members.append(#""k\#(i)":{"en":" \#(filler)\#(i) "}"#) }
        let screen = #"{"type":"MANAGEMENT","title_key":"title","paths":[{"id":"p","type":"MISSING_PURCHASE","title_key":"title"}]}"#
        let noActive = #"{"type":"NO_ACTIVE","title_key":"title","paths":[{"id":"q","type":"MISSING_PURCHASE","title_key":"title"}]}"#
        return #"{"localization":{"default":"en","localized_strings":{"# + members.joined(separator: ",")
            + #"}},"screens":{"MANAGEMENT":"# + screen + #","NO_ACTIVE":"# + noActive + #"},"support":{"email":"a@example.com"}}"#
    }

    /// A one-line config of `keys` tiny keys of `localized_strings` (`"k12":{"en":"x"}`, about
    /// 22 bytes each; 1.2 million make 26 MB), each unused (one finding each): a table whose
    /// size is its keys, not its texts, so the per-key cost of the model shows.
    static func tinyKeys(keys: Int) -> String {
        var out = #"{"localization":{"default":"en","localized_strings":{"title":{"en":"Help"}"#
        out.reserveCapacity(keys * 22 + 400)
        for i in 0..<keys { out += #","k\#(i)":{"en":"x"}"# }
        let screen = #"{"type":"MANAGEMENT","title_key":"title","paths":[{"id":"p","type":"MISSING_PURCHASE","title_key":"title"}]}"#
        let noActive = #"{"type":"NO_ACTIVE","title_key":"title","paths":[{"id":"q","type":"MISSING_PURCHASE","title_key":"title"}]}"#
        return out + #"}},"screens":{"MANAGEMENT":"# + screen + #","NO_ACTIVE":"# + noActive + #"},"support":{"email":"a@example.com"}}"#
    }

    /// A config of about `bytes` bytes that is mostly translation text made of `sample`: keys used
    /// by one path each, every text in the 32 locales (so the bytes are the texts, as in real tables).
    static func textHeavy(bytes: Int, sample: String) -> String {
        let perKey = 32 * (sample.utf8.count * 3 + 12) + 60
        let keys = max(1, bytes / perKey)
        var strings: [String] = []
        var paths: [String] = []
        for i in 0..<keys {
            let texts = locales.map { #""\#($0)":"\#(sample)\#(sample)\#(sample)\#(i)""# }.joined(separator: ",")
            strings.append(#""k\#(i)":{\#(texts)}"#)
            paths.append(#"{"id":"p\#(i)","type":"CUSTOM_ACTION","action_identifier":"a\#(i)","title_key":"k\#(i)"}"#)
        }
        let supported = locales.map { #""\#($0)""# }.joined(separator: ",")
        return #"{"localization":{"default":"en","supported":[\#(supported)],"localized_strings":{\#(strings.joined(separator: ","))}},"screens":{"MANAGEMENT":{"type":"MANAGEMENT","title_key":"k0","paths":[\#(paths.joined(separator: ","))]},"NO_ACTIVE":{"type":"NO_ACTIVE","title_key":"k0","paths":[{"id":"n","type":"MISSING_PURCHASE","title_key":"k0"}]}},"support":{"email":"a@example.com"}}"#
    }
}
