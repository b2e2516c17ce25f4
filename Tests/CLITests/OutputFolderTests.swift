import CustomerCenterCompiler
import Foundation
import Testing
import TestSupport
import PlatformLayer

/// `compile --out-dir` owns only what it wrote (docs/commands.md "Output sets are
/// transactions"): the folder and what it holds besides the payloads keep their inode, owner and
/// mode, files that appear during the run stay, a folder without a manifest of its own has no
/// file replaced without `--force`, a run killed among its renames is completed by the next, and
/// a file that already holds its bytes is not written again.
@Suite(.serialized) struct OutputFolderTests {
    static let compile = OutputSetTests.compile

    static func info(_ url: URL) -> stat {
        var info = stat()
        lstat(url.path, &info)
        return info
    }

    /// What the writer leaves staged inside `out` (`.…cc-new`, `.…cc-commit`).
    static func staged(_ out: URL) -> [String] {
        let walk = FileManager.default.enumerator(atPath: out.path)
        return (walk?.allObjects as? [String] ?? []).filter { $0.contains(".cc-") }.sorted()
    }

    @Test func aFolderWithoutItsOwnManifestHasNoFileReplacedWithoutForce() throws {
        let dir = try Scratch.directory("cc-folder")
        let out = dir.appendingPathComponent("out")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("ios"), withIntermediateDirectories: true)
        try #"{"name": "my web app", "icons": []}"#.write(to: out.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        try "mine".write(to: out.appendingPathComponent("ios/en.json"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(Self.compile + ["v1.json"], in: dir)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("'out/ios/en.json' (and 1 more) is not a file compile wrote"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("ios/en.json"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8).contains("my web app"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("ios/de.json").path))
        #expect(Self.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
        // The user's manifest alone is refused too.
        try FileManager.default.removeItem(at: out.appendingPathComponent("ios/en.json"))
        let manifestOnly = try CLI.run(Self.compile + ["v1.json"], in: dir)
        #expect(manifestOnly.status == 2 && manifestOnly.stderr.contains("'out/manifest.json' is not a file compile wrote"), "\(manifestOnly.stderr)")
        try "mine".write(to: out.appendingPathComponent("ios/en.json"), atomically: true, encoding: .utf8)
        // --force replaces them; then the folder has its own manifest and needs no --force.
        let forced = try CLI.run(Self.compile + ["--force", "v1.json"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(1)))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        // A folder of other files only: nothing to replace, nothing refused, they stay.
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "notes".write(to: other.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["compile", "--platform", "all", "--out-dir", "other", "v1.json"], in: dir).status == 0)
        #expect(try String(contentsOf: other.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes")
        let misplaced = try CLI.run(["compile", "--force", "-o", "x.json", "v1.json"], in: dir)
        #expect(misplaced.status == 2 && misplaced.stderr.contains("'--force' goes with '--out-dir'"), "\(misplaced.stderr)")
    }

    /// As root: the folder, a subfolder and a file of the user's owned by other users keep their
    /// owner, mode and inode; a payload replaced keeps its owner and mode.
    @Test func ownersAndModesOfWhatItDidNotWriteStay() throws {
        guard geteuid() == 0 else {
            print("skipped: giving files to other users needs root")
            return
        }
        let dir = try Scratch.directory("cc-folder")
        let out = dir.appendingPathComponent("out"), ios = out.appendingPathComponent("ios")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        try OutputSetTests.largeConfig(2).write(to: dir.appendingPathComponent("v2.json"))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        let readme = ios.appendingPathComponent("README"), payload = ios.appendingPathComponent("en.json")
        try "mine".write(to: readme, atomically: true, encoding: .utf8)
        for (url, owner, mode) in [(out, 4242, 0o750), (ios, 4243, 0o2775), (readme, 4244, 0o600), (payload, 4245, 0o640)] as [(URL, Int, Int)] {
            #expect(chown(url.path, uid_t(owner), gid_t(owner)) == 0 && chmod(url.path, mode_t(mode)) == 0)
        }
        let before = [out, ios, readme].map(Self.info)
        let result = try CLI.run(Self.compile + ["v2.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(2)))
        for (url, was) in zip([out, ios, readme], before) {
            let now = Self.info(url)
            #expect(now.st_uid == was.st_uid && now.st_gid == was.st_gid && now.st_mode == was.st_mode && now.st_ino == was.st_ino, "\(url.lastPathComponent)")
        }
        let replaced = Self.info(payload)
        #expect(replaced.st_uid == 4245 && replaced.st_gid == 4245 && replaced.st_mode & 0o7777 == 0o640)
    }

    /// Files that appear while the set is staged stay; one that appears where a payload goes
    /// stops the run before anything is replaced (exit 3).
    @Test func filesWrittenDuringTheRunStay() throws {
        let dir = try Scratch.directory("cc-folder")
        let out = dir.appendingPathComponent("out"), pause = dir.appendingPathComponent("pause")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        try OutputSetTests.largeConfig(2).write(to: dir.appendingPathComponent("v2.json"))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        let first = try Self.paused(Self.compile + ["v2.json"], in: dir, at: pause) {
            try "during".write(to: out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
            try FileManager.default.createDirectory(at: out.appendingPathComponent("ios/mine"), withIntermediateDirectories: true)
            try "during".write(to: out.appendingPathComponent("ios/mine/a.txt"), atomically: false, encoding: .utf8)
        }
        #expect(first.terminationStatus == 0)
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(2)))
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "during")
        #expect(try String(contentsOf: out.appendingPathComponent("ios/mine/a.txt"), encoding: .utf8) == "during")
        let before = try OutputSetTests.wholeSet(out)
        let second = try Self.paused(Self.compile + ["v1.json"], in: dir, at: pause, stderr: "second.err") {
            try "theirs".write(to: out.appendingPathComponent("ios/de.json"), atomically: true, encoding: .utf8)
        }
        let said = try String(contentsOf: dir.appendingPathComponent("second.err"), encoding: .utf8)
        #expect(second.terminationStatus == 3, "\(said)")
        #expect(said.contains("'out/ios/de.json' changed while this run wrote the set"), "\(said)")
        #expect(try String(contentsOf: out.appendingPathComponent("ios/de.json"), encoding: .utf8) == "theirs")
        try FileManager.default.removeItem(at: out.appendingPathComponent("ios/de.json"))
        #expect(Self.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
        // Nothing else was replaced: every other payload is still the previous set's.
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any])
        #expect((manifest["source"] as? [String: Any])?["sha256"] as? String == before)
    }

    /// SIGKILL among the renames leaves the mark; the next run completes that set before its
    /// own (here stopped by SIGTERM before its renames): the folder is the killed run's set.
    @Test func aRunKilledAmongItsRenamesIsCompletedByTheNext() throws {
        let dir = try Scratch.directory("cc-folder")
        let out = dir.appendingPathComponent("out")
        for version in 1...3 { try OutputSetTests.largeConfig(version).write(to: dir.appendingPathComponent("v\(version).json")) }
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        let killed = try CLI.run(Self.compile + ["v2.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_FAULT": "kill-during-commit"])
        #expect(!killed.exited && killed.status == SIGKILL, "\(killed.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(".manifest.json.cc-commit").path))
        let stopped = try CLI.run(Self.compile + ["v3.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_FAULT": "interrupt-before-swap"])
        #expect(!stopped.exited && stopped.status == SIGTERM, "\(stopped.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(2)))
        #expect(Self.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
    }

    /// Compiled again from the same config, every file of the set already holds its bytes:
    /// nothing is replaced (each keeps its inode and change time). A payload edited by hand, even
    /// to the same size, is written again, with the manifest; the others stay as they are.
    @Test func anUnchangedSetIsNotWrittenAgain() throws {
        let dir = try Scratch.directory("cc-folder")
        let out = dir.appendingPathComponent("out")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        #expect(try CLI.run(Self.compile + ["v1.json"], in: dir).status == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any])
        let files = try #require(manifest["payloads"] as? [String: Any]).keys.sorted() + ["manifest.json"]
        func identities() -> [String: [Int]] {
            Dictionary(uniqueKeysWithValues: files.map { name in
                let info = Self.info(out.appendingPathComponent(name))
                return (name, [Int(info.st_ino), Int(OS.changeTime(info).seconds), OS.changeTime(info).nanoseconds])
            })
        }
        let before = identities()
        let again = try CLI.run(Self.compile + ["v1.json"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(identities() == before)
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(1)))
        // One byte changed by hand: that payload is written again, and the manifest with it.
        let edited = out.appendingPathComponent("ios/de.json")
        var bytes = try [UInt8](Data(contentsOf: edited))
        let version = try #require(bytes.lastIndex(of: UInt8(ascii: "v")))
        bytes[version] = UInt8(ascii: "w")
        try Data(bytes).write(to: edited)
        let edits = identities()
        let restored = try CLI.run(Self.compile + ["v1.json"], in: dir)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(1)))
        let after = identities()
        for name in files {
            let rewritten = name == "ios/de.json" || name == "manifest.json"
            #expect((after[name]?[0] != edits[name]?[0]) == rewritten, "\(name)")
        }
        #expect(Self.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
    }

    /// Runs the binary until it pauses between staging and committing, runs `change`, lets it go
    /// on and waits for it.
    static func paused(_ arguments: [String], in dir: URL, at pause: URL, stderr: String? = nil, _ change: () throws -> Void) throws -> Process {
        let process = try OutputSetTests.start(arguments, in: dir, environment: ["CUSTOMER_CENTER_TEST_PAUSE": pause.path], stderr: stderr)
        let end = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: pause.path), process.isRunning, Date() < end { usleep(5_000) }
        #expect(FileManager.default.fileExists(atPath: pause.path), "the run never paused")
        try change()
        try? FileManager.default.removeItem(at: pause)
        #expect(OutputSetTests.finish(process))
        return process
    }
}
