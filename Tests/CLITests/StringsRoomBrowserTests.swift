import Foundation
import Testing
import TestSupport

/// `strings import` judges room as `preview --check` measures it (docs/translation.md "Room"): for
/// titles, rows and subtitles in twelve languages of several scripts, texts of 80% of the room the
/// export states fit in the browser and are not warned about; texts of 125% of it are cut in the
/// browser and warned about at import, the same (key, locale) pairs.
@Suite struct StringsRoomBrowserTests {
    static let locales = ["de", "vi", "tr", "ru", "el", "ar", "he", "hi", "th", "ja", "ko", "zh-Hant"]
    /// Each box kind twice: a text that fits and one that does not.
    static let keys = ["t_fit", "t_long", "s_fit", "s_long", "r_fit", "r_long"]

    static func config() -> String {
        let strings = keys.map { "\"\($0)\": {\"en\": \"\($0)\"}" }.joined(separator: ", ")
        let supported = (["en"] + locales).map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {"localization": {"default": "en", "supported": [\(supported)], "localized_strings": {\(strings)}},
         "screens": {
          "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t_fit", "subtitle_key": "s_fit", "paths": [
            {"id": "a", "type": "MISSING_PURCHASE", "title_key": "r_fit"}, {"id": "b", "type": "CANCEL", "title_key": "r_long"}]},
          "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "t_long", "subtitle_key": "s_long", "paths": [
            {"id": "c", "type": "MISSING_PURCHASE", "title_key": "r_fit"}]}},
         "support": {"email": "help@example.com"}}
        """
    }

    /// The room `strings export --format po` states for each key of `locale`'s file.
    static func rooms(_ po: String) -> [String: Int] {
        var rooms: [String: Int] = [:], pending: Int?
        for line in po.split(separator: "\n") {
            if line.hasPrefix("#. Room at phone width: at most ") {
                pending = Int(line.dropFirst("#. Room at phone width: at most ".count).prefix { $0.isNumber })
            } else if line.hasPrefix("msgctxt \""), let count = pending {
                rooms[String(line.dropFirst(9).dropLast())] = count
                pending = nil
            }
        }
        return rooms
    }

    @Test(.needs(.chromium)) func importWarnsOfWhatTheBrowserFindsCut() throws {
        let folder = try Scratch.directory("cc-room", files: ["c.json": Self.config()])
        let config = folder.appendingPathComponent("c.json").path
        // Ordinary text of each language: the texts init writes in it, one after the other.
        let initialized = try CLI.run(["init", "--locales", (["en"] + Self.locales).joined(separator: ",")])
        let table = try #require(try JSONSerialization.jsonObject(with: Data(initialized.stdout.utf8)) as? [String: Any])
        let strings = try #require((table["localization"] as? [String: Any])?["localized_strings"] as? [String: [String: String]])
        var expected = Set<String>()
        var files: [String] = []
        for locale in Self.locales {
            let prose = String(repeating: strings.keys.sorted().compactMap { strings[$0]?[locale] }.joined(separator: " ") + " ", count: 4)
            let export = try CLI.run(["strings", "export", "--format", "po", "--locale", locale, config])
            let rooms = Self.rooms(export.stdout)
            #expect(Set(rooms.keys) == Set(Self.keys), "\(locale): \(rooms)")
            var po = "msgid \"\"\nmsgstr \"Language: \(locale)\\n\"\n"
            for key in Self.keys {
                let room = try #require(rooms[key])
                let length = key.hasSuffix("_fit") ? room * 8 / 10 : room * 5 / 4
                let text = String(String.UnicodeScalarView(prose.unicodeScalars.prefix(length))).trimmingCharacters(in: .whitespaces)
                let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                po += "\nmsgctxt \"\(key)\"\nmsgid \"\(key)\"\nmsgstr \"\(escaped)\"\n"
                if key.hasSuffix("_long") { expected.insert("\(key) \(locale)") }
            }
            let file = folder.appendingPathComponent("\(locale).po")
            try po.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let imported = try CLI.run(["strings", "import", "--format", "json", config] + files)
        #expect(imported.status == 0, "\(imported.stderr)")
        let warned = try Self.diagnostics(imported.stdout, id: "strings.too-long").map { message, _ in
            // "the 'de' text of 't_long' will not fit: …"
            let parts = message.split(separator: "'")
            return "\(parts[3]) \(parts[1])"
        }
        let checked = try CLI.run(["preview", "--check", "--format", "json", "--theme", "light", config])
        let cut = try Self.diagnostics(checked.stdout, id: "preview.truncated").map { _, pointer in
            // "/localization/localized_strings/t_long/de"
            let parts = pointer.split(separator: "/")
            return "\(parts[2]) \(parts[3])"
        }
        #expect(Set(cut) == expected, "measured cut: \(Set(cut).symmetricDifference(expected).sorted())")
        #expect(Set(warned) == expected, "warned: \(Set(warned).symmetricDifference(expected).sorted())")
    }

    /// The (message, pointer) of each diagnostic of `id` in a JSON report.
    static func diagnostics(_ json: String, id: String) throws -> [(String, String)] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let all = try #require(report["diagnostics"] as? [[String: Any]])
        return all.filter { $0["id"] as? String == id }.map { ($0["message"] as? String ?? "", $0["pointer"] as? String ?? "") }
    }
}
