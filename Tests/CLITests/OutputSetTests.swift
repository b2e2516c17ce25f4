import CustomerCenterCompiler
import Foundation
import Testing
import TestSupport
import PlatformLayer

/// `compile --out-dir` is all or nothing (docs/commands.md "Output sets are transactions"): killed
/// at any moment, run twice at once, or failing part-way, the folder is one whole set whose
/// manifest agrees with every payload (or, killed among its renames, becomes one at the next
/// run), and nothing is left in or beside it after the next run.
@Suite(.serialized) struct OutputSetTests {
    static let locales = ["de", "en", "fr", "es", "it", "pt", "nl", "sv", "da", "fi", "nb", "pl", "cs", "sk", "hu", "ro", "bg", "el", "tr",
                          "ru", "uk", "ja", "ko", "zh-Hans", "zh-Hant", "ar", "he", "hi", "th", "vi", "id", "ms", "ca", "hr", "sl", "et"]

    /// The example with 36 locales (72 payloads), every text marked with `version`.
    static func largeConfig(_ version: Int) throws -> Data {
        let data = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var localization = try #require(root["localization"] as? [String: Any])
        var strings = try #require(localization["localized_strings"] as? [String: [String: String]])
        for (key, texts) in strings {
            var all = texts
            for locale in locales { all[locale] = (texts["en"] ?? key) + " \(locale) v\(version)" }
            strings[key] = all
        }
        localization["localized_strings"] = strings
        localization["supported"] = locales
        root["localization"] = localization
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }

    static func sha256(_ data: Data) -> String { SHA256.hex([UInt8](data)) }

    /// The set in `out`: the manifest's source sha256 after checking that every payload it
    /// lists has the sha256 it records. Records an issue (and answers nil) when they disagree.
    static func wholeSet(_ out: URL) throws -> String? {
        let manifest = try Data(contentsOf: out.appendingPathComponent("manifest.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let payloads = try #require(root["payloads"] as? [String: [String: String]])
        #expect(payloads.count == 2 * locales.count)
        for (path, record) in payloads {
            let bytes = try Data(contentsOf: out.appendingPathComponent(path))
            guard sha256(bytes) == record["sha256"] else {
                Issue.record("\(path) does not match the manifest")
                return nil
            }
        }
        return (root["source"] as? [String: Any])?["sha256"] as? String
    }

    /// What is beside `out` other than it and the configs: staging folders, lock files.
    static func leftovers(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "out" && !$0.hasSuffix(".json") && !$0.hasSuffix(".err") }.sorted()
    }

    /// Starts the binary in `dir`; its stderr goes to `dir/<stderr>` when named.
    static func start(_ arguments: [String], in dir: URL, environment: [String: String] = [:], stderr: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let stderr {
            let url = dir.appendingPathComponent(stderr)
            FileManager.default.createFile(atPath: url.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: url)
        }
        try process.run()
        return process
    }

    /// Waits at most `seconds` for `process` to end; kills it if it does not.
    static func finish(_ process: Process, within seconds: Double = 60) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { usleep(5_000) }
        if process.isRunning {
            process.interrupt()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        return true
    }

    static let compile = ["compile", "--platform", "all", "--out-dir", "out"]

    /// SIGKILL and SIGTERM at 24 moments spread over a compile (seeded): after each, `out` is a
    /// whole set, the previous one or the new one; after SIGTERM nothing is beside it; after
    /// the next run nothing is beside it either.
    @Test func killedAtAnyMomentTheFolderIsAWholeSet() throws {
        let dir = try Scratch.directory("cc-txn")
        let out = dir.appendingPathComponent("out")
        try Self.largeConfig(0).write(to: dir.appendingPathComponent("v0.json"))
        let started = Date()
        #expect(try CLI.run(Self.compile + ["v0.json"], in: dir).status == 0)
        let span = max(0.2, Date().timeIntervalSince(started))
        var current = try Self.wholeSet(out)
        var generator = SeededGenerator(seed: 39)
        var outcomes: Set<String> = []
        for round in 1...24 {
            let config = dir.appendingPathComponent("v\(round).json")
            let text = try Self.largeConfig(round)
            try text.write(to: config)
            let before = try Self.leftovers(dir)
            let stagedBefore = OutputFolderTests.staged(out)
            let process = try Self.start(Self.compile + [config.lastPathComponent], in: dir)
            usleep(UInt32(Double.random(in: 0...(span * 1.1), using: &generator) * 1_000_000))
            let signal = round.isMultiple(of: 2) ? SIGKILL : SIGTERM
            kill(process.processIdentifier, signal)
            #expect(Self.finish(process))
            let finished = process.terminationReason == .exit && process.terminationStatus == 0
            let new = Self.sha256(text)
            // SIGKILL among the renames (other signals wait for them to end) leaves the mark,
            // and the next run that gets the lock completes that set first: it is the set to expect.
            let mark = out.appendingPathComponent(".manifest.json.cc-commit")
            if let pending = try? Data(contentsOf: mark) {
                let root = try #require(try JSONSerialization.jsonObject(with: pending) as? [String: Any])
                let source = (root["source"] as? [String: Any])?["sha256"] as? String
                #expect(source == current || source == new, "round \(round): the mark is neither set")
                outcomes.insert("killed among the renames")
                current = source
                continue
            }
            let set = try Self.wholeSet(out)
            // Stopped, it is the previous set, or the new one when the signal came after the
            // renames; finished, the new one.
            #expect(finished ? set == new : (set == current || set == new), "round \(round): the set is neither")
            outcomes.insert(finished ? "finished" : set == current ? "stopped by \(signal), previous set" : "stopped by \(signal) after the renames")
            if !finished { #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal) }
            // SIGTERM leaves nothing of its own (a SIGKILLed run's leftovers wait for a run
            // that gets as far as the lock).
            if signal == SIGTERM {
                let after = try Self.leftovers(dir)
                #expect(Set(after).isSubset(of: before), "round \(round): \(after) after, \(before) before")
                // A SIGKILLed run's staged files may still wait for a run that gets the lock
                // (this one may have been stopped before it); this run added none.
                #expect(Set(OutputFolderTests.staged(out)).isSubset(of: stagedBefore), "round \(round)")
            }
            current = set
        }
        #expect(outcomes.contains("stopped by \(SIGKILL), previous set") && outcomes.contains("stopped by \(SIGTERM), previous set"), "\(outcomes)")
        let last = try CLI.run(Self.compile + ["v0.json"], in: dir)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try Self.wholeSet(out) == Self.sha256(try Data(contentsOf: dir.appendingPathComponent("v0.json"))))
        #expect(try Self.leftovers(dir) == [])
        #expect(OutputFolderTests.staged(out) == [])
    }

    /// Two compiles into one folder at once: the second waits for the first, both succeed, and
    /// the folder is one whole set. A run that cannot get the lock in time is refused, exit 3.
    @Test func twoCompilesNeverInterleave() throws {
        let dir = try Scratch.directory("cc-txn")
        let out = dir.appendingPathComponent("out")
        var digests: [String] = []
        for version in 1...2 {
            let text = try Self.largeConfig(version)
            try text.write(to: dir.appendingPathComponent("v\(version).json"))
            digests.append(Self.sha256(text))
        }
        for _ in 0..<3 {
            let first = try Self.start(Self.compile + ["v1.json"], in: dir, stderr: "first.err")
            let second = try Self.start(Self.compile + ["v2.json"], in: dir, stderr: "second.err")
            #expect(Self.finish(first) && Self.finish(second))
            let said = ["first.err", "second.err"].map { (try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)) ?? "" }
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0, "\(said)")
            #expect(digests.contains(try #require(try Self.wholeSet(out))))
            #expect(try Self.leftovers(dir) == [])
        }
        // Another run holds the lock: refused once the wait is over, the folder untouched.
        let before = try Self.wholeSet(out)
        let lock = open(dir.appendingPathComponent(".out.lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(flock(lock, LOCK_EX) == 0)
        let refused = try CLI.run(Self.compile + ["v1.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_LOCK_WAIT": "0.3"])
        close(lock)
        unlink(dir.appendingPathComponent(".out.lock").path)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("another run is writing it"), "\(refused.stderr)")
        #expect(try Self.wholeSet(out) == before)
    }

    /// A write that fails part-way (a payload that is a symbolic link), and a SIGTERM just before
    /// the new set would replace the old: the folder is the previous set and nothing is left.
    @Test func aFailurePartWayLeavesThePreviousSet() throws {
        let dir = try Scratch.directory("cc-txn")
        let out = dir.appendingPathComponent("out")
        try Self.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        try Self.largeConfig(2).write(to: dir.appendingPathComponent("v2.json"))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        let before = try Self.wholeSet(out)
        // A link with the same bytes as the payload it replaces: still a whole set.
        let payload = out.appendingPathComponent("ios/sv.json")
        try FileManager.default.moveItem(at: payload, to: dir.appendingPathComponent("sv.json"))
        try FileManager.default.createSymbolicLink(at: payload, withDestinationURL: dir.appendingPathComponent("sv.json"))
        let linked = try CLI.run(Self.compile + ["v2.json"], in: dir)
        #expect(linked.status == 3)
        #expect(linked.stderr.contains("will not replace 'out/ios/sv.json': it is a symbolic link"), "\(linked.stderr)")
        #expect(try Self.wholeSet(out) == before)
        #expect(try Self.leftovers(dir) == [])
        try FileManager.default.removeItem(at: payload)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("sv.json"), to: payload)
        let interrupted = try CLI.run(Self.compile + ["v2.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_FAULT": "interrupt-before-swap"])
        #expect(!interrupted.exited && interrupted.status == SIGTERM, "\(interrupted.stderr)")
        #expect(try Self.wholeSet(out) == before)
        #expect(try Self.leftovers(dir) == [])
    }

    /// What the folder held that this compile does not write stays: a file of the user's, a
    /// folder of the user's; `--out-dir` may name the current folder (it is written in place).
    @Test func theUsersFilesAreCarriedOver() throws {
        let dir = try Scratch.directory("cc-txn")
        let out = dir.appendingPathComponent("out")
        try Self.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        try FileManager.default.createDirectory(at: out.appendingPathComponent("notes/deep"), withIntermediateDirectories: true)
        try "mine".write(to: out.appendingPathComponent("notes/deep/a.txt"), atomically: true, encoding: .utf8)
        try "mine".write(to: out.appendingPathComponent("ios/README"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        #expect(try String(contentsOf: out.appendingPathComponent("notes/deep/a.txt"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: out.appendingPathComponent("ios/README"), encoding: .utf8) == "mine")
        let here = try CLI.run(["compile", "--platform", "all", "--out-dir", ".", "../v1.json"], in: out)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(try Self.wholeSet(out) == Self.sha256(try Self.largeConfig(1)))
        #expect(try String(contentsOf: out.appendingPathComponent("notes/deep/a.txt"), encoding: .utf8) == "mine")
    }
}
