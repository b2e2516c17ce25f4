import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// How `strings export` builds its files fast (docs/performance.md "strings"): each unit's text
/// read from the config's translation table by locale numbers (`LocaleTargets`), its characters
/// checked eight bytes at a time, and each file written on a thread of its own while the next is
/// built (`ExportPlan.writeEachFile`).
@Suite struct ExportPlanTests {
    /// A config whose keys fall back every way the resolver knows: a region to its language
    /// (`de-AT`, `pt-BR` to `pt`), Chinese to its script (`zh-TW` to `zh-Hant`), empty texts of
    /// the locale and of the fallback, two spellings of one locale, escaped texts.
    static let fallbacks = """
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de", "de-AT", "pt-BR", "zh-Hant", "zh-TW", "zh-Hans", "ja"],
        "localized_strings": {
          "a": {"en": "Help", "de": "Hilfe", "de-AT": "", "zh-Hant": "幫助", "zh": "帮助"},
          "b": {"en": "Cancel {{ price }}", "de": "", "pt": "Cancelar {{ price }}", "zh-Hans": "", "zh-Hant": "", "zh": "取消"},
          "c": {"en": "Back", "pt_BR": "Voltar 1", "pt-BR": "Voltar 2", "zh-TW": "返回", "zh-Hant": ""},
          "d": {"en": "Line\\nbreak & <tag>", "ja": "\\u6539\\u884c\\n\\"q\\"", "de": "Tab\\there", "de_AT": "\\u0001"},
          "e": {"en": "Only English"}
        }
      },
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "a", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "b"}]}
      }
    }

    """

    /// What a unit of `entry` for `locale` offers, as the resolver decides it
    /// (`ResolvedConfig.lookup`): the locale's own text, else its language's (or script's)
    /// offered for review, else nothing.
    static func expected(_ entry: StringEntry, locale: String, resolved: ResolvedConfig) -> (text: String, state: UnitState, emptyOwn: Bool) {
        let translations = entry.translations
        if let exact = translations.firstIndex(normalizedLocale: LocaleCode.normalized(locale)) {
            return translations.textIsEmpty(at: exact) ? ("", .missing, true) : (translations[exact].textValue, .translated, false)
        }
        if let found = ResolvedConfig.lookup(entry, locale: locale, defaultLocale: resolved.defaultLocale), case .language = found.origin,
           !found.translation.textIsEmpty {
            return (found.translation.textValue, .fallingBack(locale: found.translation.localeCode), false)
        }
        return ("", .missing, false)
    }

    static func configs() throws -> [SourceFile] {
        var configs = [SourceFile(path: "fallbacks.json", text: fallbacks), SourceFile(path: "init.json", text: DefaultConfig.json()),
                       StringsImportTests.source()]
        for url in TestPaths.files(in: TestPaths.examples, extensions: ["json"]) {
            configs.append(SourceFile(path: "Examples/" + url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return configs
    }

    @Test func eachUnitOffersWhatTheResolverFindsForItsLocale() throws {
        var units = 0, fallingBack = 0, emptyOwn = 0
        for config in try Self.configs() {
            guard case .success(var plan) = StringsExport.prepare(config, format: .xliff, includeUnused: true),
                  case .success(let resolved) = StringsConfig.resolve(config) else { continue }
            for locale in plan.locales {
                for unit in plan.file(locale, keepingUnits: true).units {
                    let entry = try #require(resolved.strings[unit.key])
                    let expected = Self.expected(entry, locale: locale, resolved: resolved)
                    #expect(unit.target == expected.text && unit.state == expected.state, "\(config.path) \(locale) \(unit.key)")
                    let said = unit.notes.contains { $0.hasPrefix("The config has an empty '\(locale)' text") }
                    #expect(said == expected.emptyOwn, "\(config.path) \(locale) \(unit.key)")
                    if case .fallingBack = unit.state { fallingBack += 1 }
                    if said { emptyOwn += 1 }
                    units += 1
                }
            }
        }
        #expect(units > 300 && fallingBack >= 3 && emptyOwn >= 3, "\(units) units, \(fallingBack) falling back, \(emptyOwn) empty")
        // zh-TW takes zh-Hant's text, and an empty zh-Hant text gives it nothing (not zh's).
        guard case .success(var plan) = StringsExport.prepare(SourceFile(path: "f.json", text: Self.fallbacks), format: .po, includeUnused: true) else {
            Issue.record("not prepared")
            return
        }
        let taiwan = plan.file("zh-TW", keepingUnits: true).units
        #expect(taiwan.map(\.target) == ["幫助", "", "返回", "", ""])
        #expect(taiwan.map(\.state) == [.fallingBack(locale: "zh-Hant"), .missing, .translated, .missing, .missing])
        #expect(plan.file("zh-Hans", keepingUnits: true).units.map(\.state) == [.fallingBack(locale: "zh"), .missing, .missing, .missing, .missing])
        #expect(plan.file("pt-BR", keepingUnits: true).units.map(\.target) == ["", "Cancelar {{ price }}", "Voltar 1", "", ""])
    }

    /// The characters XML cannot carry are found wherever they are in the eight bytes read at once.
    @Test func aTextXMLCannotCarryIsFoundAtAnyByte() {
        func simple(_ bytes: [UInt8]) -> Bool {
            for (index, byte) in bytes.enumerated() {
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return false }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return false }
            }
            return true
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [[UInt8]] = [[0x41], [0x7A], [0x09], [0x0A], [0x0D], [0x01], [0x1F], [0x20], [0x00], Array("é".utf8), Array("，".utf8),
                                   [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD], Array("中".utf8)]
        var refused = 0
        for length in 0..<40 {
            for _ in 0..<60 {
                var bytes: [UInt8] = []
                for _ in 0..<length {
                    // Mostly plain letters, so that a bad byte sits alone at any offset.
                    bytes += Int.random(in: 0..<10, using: &generator) < 8 ? [0x61] : alphabet.randomElement(using: &generator) ?? []
                }
                let fast = bytes.withUnsafeBufferPointer { XLIFFWriter.isRepresentable($0) }
                #expect(fast == simple(bytes), "\(bytes)")
                if !fast { refused += 1 }
            }
        }
        #expect(refused > 100)
        for offset in 0..<16 {
            for bad: [UInt8] in [[0x1B], [0xEF, 0xBF, 0xBF], [0x00]] {
                let bytes = [UInt8](repeating: 0x61, count: offset) + bad + [UInt8](repeating: 0x62, count: 9)
                #expect(!bytes.withUnsafeBufferPointer { XLIFFWriter.isRepresentable($0) }, "\(bad) at \(offset)")
            }
        }
    }

    /// Written beside the building of the next: the files in order, byte for byte what is built
    /// one at a time, and never more than the one written and the one built.
    @Test func eachFileIsWrittenOnAThreadOfItsOwnWhileTheNextIsBuilt() throws {
        let config = SourceFile(path: "init.json", text: DefaultConfig.json())
        var plan = try #require(try? StringsExport.prepare(config, format: .xliff).get())
        var alone = try #require(try? StringsExport.prepare(config, format: .xliff).get())
        var expected: [(locale: String, bytes: [UInt8])] = []
        alone.forEachFile { file, _ in expected.append((file.locale, file.bytes)) }
        let seen = LockedValue<[(locale: String, bytes: [UInt8], built: Int, thread: Bool)]>([])
        let main = pthread_self()
        plan.writeEachFile { (file: ExportedFile, built: Int) in
            // Slow enough that the next file is built meanwhile.
            usleep(20_000)
            seen.withLock { $0.append((file.locale, file.bytes, built, pthread_equal(pthread_self(), main) == 0)) }
        }
        let written = seen.withLock { $0 }
        #expect(written.map(\.locale) == expected.map(\.locale) && written.count > 20)
        #expect(written.map(\.bytes) == expected.map(\.bytes))
        #expect(written.allSatisfy { $0.thread }, "written on a thread of its own")
        // File k (from 1) is handed over as soon as it is built, when k files are built.
        #expect(written.enumerated().allSatisfy { $0.element.built == $0.offset + 1 }, "\(written.map(\.built))")
        #expect(plan.built == expected.count)
    }

    /// A file is handed over only when the writer is done with the one before: two files at most
    /// (the one written, the one built) are in memory.
    @Test func aFileWaitsForTheOneBeforeItToBeWritten() throws {
        let handoff = FileHandoff()
        @Sendable func file(_ locale: String) -> ExportedFile { ExportedFile(locale: locale, fileName: locale, bytes: [1, 2, 3], units: []) }
        var first = file("a")
        #expect(handoff.hand(&first, built: 1) && first.bytes.isEmpty)
        let handedSecond = LockedValue(false)
        let thread = try #require(NativeThread.start(stackSize: 1 << 20) {
            var second = file("b")
            _ = handoff.hand(&second, built: 2)
            handedSecond.withLock { $0 = true }
        })
        usleep(30_000)
        #expect(!handedSecond.withLock { $0 }, "not while the first is waiting")
        #expect(handoff.next()?.file.locale == "a")
        usleep(30_000)
        #expect(!handedSecond.withLock { $0 }, "not while the first is written")
        handoff.written(spare: [9], failed: false)
        NativeThread.join(thread)
        #expect(handedSecond.withLock { $0 })
        #expect(handoff.takeSpare() == [9] && handoff.takeSpare().isEmpty, "the written file's bytes come back once")
        #expect(handoff.next()?.file.locale == "b")
        handoff.written(spare: [], failed: true)
        var third = file("c")
        #expect(!handoff.hand(&third, built: 3), "nothing is handed over after a failed write")
        handoff.finish()
        #expect(handoff.next() == nil)
    }

    struct Refused: Error, Equatable { let locale: String }

    @Test func aFailedWriteStopsTheFilesAfterIt() throws {
        var plan = try #require(try? StringsExport.prepare(SourceFile(path: "init.json", text: DefaultConfig.json()), format: .po).get())
        let handed = LockedValue<[String]>([])
        let third = plan.locales[2]
        var caught: Refused?
        do {
            try plan.writeEachFile { (file: ExportedFile, _: Int) throws(Refused) in
                handed.withLock { $0.append(file.locale) }
                if file.locale == third { throw Refused(locale: third) }
            }
        } catch {
            caught = error
        }
        #expect(caught == Refused(locale: third))
        #expect(handed.withLock { $0 } == Array(plan.locales.prefix(3)), "no file is handed over after the one that failed")
        #expect(plan.built <= 4, "at most the next file is built meanwhile")
    }
}
