import Foundation
import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// `pull`'s saving half with bodies from memory: each body checked before anything is written,
/// the locales learnt from the unprocessed config, the files written through the guarded writer,
/// and the lint of what was saved judged by the one run log.
@Suite struct SavePulledTests {
    /// Answers from memory: the unprocessed config, else `platformBody`; records what was asked.
    final class Bodies: PulledConfigSource, @unchecked Sendable {
        let unprocessed: [UInt8]
        let platformBody: [UInt8]
        private(set) var asked: [String] = []
        var origin: String { "memory:0" }

        init(unprocessed: String, platformBody: [UInt8]) {
            self.unprocessed = Array(unprocessed.utf8)
            self.platformBody = platformBody
        }

        func body(platform: Platform?, locale: String?) throws(PullFailure) -> [UInt8] {
            asked.append("\(platform?.rawValue ?? "-")/\(locale ?? "-")")
            return platform == nil ? unprocessed : platformBody
        }

        func redact(_ text: String) -> String { text.replacingOccurrences(of: "SECRET", with: "[REDACTED]") }
    }

    static let response = (try? [UInt8](Data(contentsOf: TestPaths.examples.appendingPathComponent("response.json")))) ?? []
    static let authoring = (try? String(contentsOf: TestPaths.examples.appendingPathComponent("customer_center.json"), encoding: .utf8)) ?? ""

    @Test func everyLocaleOfTheUnprocessedConfigIsFetchedThenWritten() throws {
        let directory = try Scratch.directory("cc-pull").appendingPathComponent("live").path
        let bodies = Bodies(unprocessed: Self.authoring, platformBody: Self.response)
        let result = Workspace().run(SavePulled(platform: .android, locale: nil, destination: .everyLocale(directory: directory), lint: false, from: bodies))
        #expect(result.verdict == .passed)
        #expect(bodies.asked.first == "-/-" && bodies.asked.dropFirst().allSatisfy { $0.hasPrefix("android/") })
        #expect(result.output.count == bodies.asked.count - 1 && result.output.count > 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/android").count == result.output.count)
    }

    @Test func aBrokenBodyOrLocaleWritesNothing() throws {
        let directory = try Scratch.directory("cc-pull")
        let live = directory.appendingPathComponent("live.json").path
        for (unprocessed, body, says) in [
            (Self.authoring, Array(Self.response.dropLast(40)), "is not whole JSON"),
            (Self.authoring, Array("[1, 2]".utf8), "is JSON but not an object"),
        ] {
            let bodies = Bodies(unprocessed: unprocessed, platformBody: body)
            let one = Workspace().run(SavePulled(platform: .ios, locale: "de", destination: .file(live), lint: false, from: bodies))
            #expect(one.verdict == .unreadable)
            #expect(one.events.first?.message.contains(says) == true, "\(one.events)")
            #expect(!FileManager.default.fileExists(atPath: live))
        }
        let badLocale = Self.authoring.replacingOccurrences(of: "\"supported\": [", with: "\"supported\": [\"../SECRET\", ")
        let every = Workspace().run(SavePulled(platform: .ios, locale: nil, destination: .everyLocale(directory: directory.path + "/all"), lint: false,
                                    from: Bodies(unprocessed: badLocale, platformBody: Self.response)))
        #expect(every.events.map(\.kind) == ["not-pulled"])
        #expect(every.events.first?.message.contains("cannot be a file name") == true)
        #expect(every.events.first?.message.contains("SECRET") == false, "redacted")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/all"))
    }

    @Test func theLintOfWhatWasSavedIsTheRunsVerdict() throws {
        let directory = try Scratch.directory("cc-pull")
        let live = directory.appendingPathComponent("live.json").path
        let broken = Array(Self.authoring.replacingOccurrences(of: "\"title_key\": \"", with: "\"title_key\": \"missing_").utf8)
        let result = Workspace().run(SavePulled(platform: .ios, locale: nil, destination: .file(live), lint: true,
                                     from: Bodies(unprocessed: Self.authoring, platformBody: broken)))
        #expect(result.output == [live])
        #expect(result.verdict == .failed(reason: nil))
        #expect(result.report.summary.errors > 0)
        // Never onto the configuration file the lint reads.
        let configuration = directory.appendingPathComponent(".customer-center.json").path
        try "{}".write(toFile: configuration, atomically: true, encoding: .utf8)
        var settings = RunSettings()
        settings.configurationPath = configuration
        let refused = Workspace(settings: settings).run(SavePulled(platform: .ios, locale: nil, destination: .file(configuration), lint: true,
                                                        from: Bodies(unprocessed: Self.authoring, platformBody: Self.response)))
        guard case .refused = refused.verdict else {
            Issue.record("wrote over the configuration file")
            return
        }
        #expect(try String(contentsOfFile: configuration, encoding: .utf8) == "{}")
    }
}
