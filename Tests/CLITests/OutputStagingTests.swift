import Foundation
import Testing
import TestSupport

/// `compile --out-dir` stages its files on every core, a folder a thread (docs/performance.md
/// "`compile`"), each temporary file tracked for the signals before any is created (a new folder's
/// staging folder, whole): a signal that arrives while files are being created (on whichever
/// thread) still leaves the folder as it was and nothing staged (docs/commands.md "Output sets are
/// transactions").
@Suite(.serialized) struct OutputStagingTests {
    static let interrupt = ["CUSTOMER_CENTER_TEST_FAULT": "interrupt-while-staging"]

    /// Into a folder that holds a set: stopped, the previous set stays whole and nothing staged
    /// is left; into a new folder: stopped, there is no folder.
    @Test func aSignalWhileStagingLeavesThePreviousSet() throws {
        let dir = try Scratch.directory("cc-staging")
        let out = dir.appendingPathComponent("out")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        try OutputSetTests.largeConfig(2).write(to: dir.appendingPathComponent("v2.json"))
        #expect(try CLI.run(OutputSetTests.compile + ["v1.json"], in: dir).status == 0)
        let before = try OutputSetTests.wholeSet(out)
        let stopped = try CLI.run(OutputSetTests.compile + ["v2.json"], in: dir, environment: Self.interrupt)
        #expect(!stopped.exited && stopped.status == SIGTERM, "\(stopped.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == before)
        #expect(OutputFolderTests.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
        let fresh = try CLI.run(["compile", "--platform", "all", "--out-dir", "new", "v2.json"], in: dir, environment: Self.interrupt)
        #expect(!fresh.exited && fresh.status == SIGTERM, "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new").path))
        #expect(try OutputSetTests.leftovers(dir) == [])
    }

    /// A folder that does not exist yet is staged whole beside it and renamed into place in one
    /// step (docs/commands.md "Output sets are transactions"): while the run is between staging
    /// and committing there is no `out`, only the staging folder with the whole set; after it,
    /// `out` is that set and nothing is beside it.
    @Test func aNewFolderAppearsWhole() throws {
        let dir = try Scratch.directory("cc-staging")
        let out = dir.appendingPathComponent("out"), pause = dir.appendingPathComponent("pause")
        let text = try OutputSetTests.largeConfig(1)
        try text.write(to: dir.appendingPathComponent("v1.json"))
        var seen: [String] = []
        var stagedCount = 0
        let run = try OutputFolderTests.paused(OutputSetTests.compile + ["v1.json"], in: dir, at: pause) {
            #expect(!FileManager.default.fileExists(atPath: out.path), "the new folder is visible before it is whole")
            seen = try OutputSetTests.leftovers(dir).filter { $0 != "pause" }
            if let staging = seen.first(where: { $0.hasPrefix(".out.cc-staging-") }) {
                let walk = FileManager.default.enumerator(atPath: dir.appendingPathComponent(staging).path)
                stagedCount = (walk?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.count
            }
        }
        #expect(run.terminationStatus == 0)
        #expect(seen.contains { $0.hasPrefix(".out.cc-staging-") }, "\(seen)")
        // Every payload and the manifest, under their own names (nothing is renamed one by one).
        let payloads = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }
        #expect(stagedCount == payloads.count && payloads.contains("manifest.json"), "\(stagedCount) staged, \(payloads.count) written")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(text))
        #expect(OutputFolderTests.staged(out) == [])
        #expect(try OutputSetTests.leftovers(dir) == [])
    }

    /// A folder that appears where a new set goes while it is staged (even an empty one) is not
    /// replaced: the run stops before the rename (exit 3, named), the folder and what it holds
    /// stay, and the staged set is removed.
    @Test func aFolderThatAppearsMeanwhileIsNotReplaced() throws {
        let dir = try Scratch.directory("cc-staging")
        let out = dir.appendingPathComponent("out"), pause = dir.appendingPathComponent("pause")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        for notes in [false, true] {
            var inode: UInt64 = 0
            let run = try OutputFolderTests.paused(OutputSetTests.compile + ["v1.json"], in: dir, at: pause, stderr: "run.err") {
                try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
                if notes { try "mine".write(to: out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8) }
                inode = try #require(try FileManager.default.attributesOfItem(atPath: out.path)[.systemFileNumber] as? UInt64)
            }
            let said = try String(contentsOf: dir.appendingPathComponent("run.err"), encoding: .utf8)
            #expect(run.terminationStatus == 3, "\(said)")
            #expect(said.contains("'out': it appeared while this run wrote the set"), "\(said)")
            #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.systemFileNumber] as? UInt64 == inode)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == (notes ? ["notes.txt"] : []))
            #expect(try OutputSetTests.leftovers(dir).filter { $0 != "run.err" } == [])
            try FileManager.default.removeItem(at: out)
        }
    }

    /// A run into a new folder killed (SIGKILL) with its set staged leaves the staging folder
    /// and no `out`; the next run removes it and writes its own set.
    @Test func aKilledRunsStagingFolderIsRemovedByTheNext() throws {
        let dir = try Scratch.directory("cc-staging")
        let out = dir.appendingPathComponent("out"), pause = dir.appendingPathComponent("pause")
        try OutputSetTests.largeConfig(1).write(to: dir.appendingPathComponent("v1.json"))
        let process = try OutputSetTests.start(OutputSetTests.compile + ["v1.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_PAUSE": pause.path])
        let end = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: pause.path), process.isRunning, Date() < end { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        #expect(OutputSetTests.finish(process))
        try? FileManager.default.removeItem(at: pause)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try OutputSetTests.leftovers(dir).contains { $0.hasPrefix(".out.cc-staging-") })
        let next = try CLI.run(OutputSetTests.compile + ["v1.json"], in: dir)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(try OutputSetTests.largeConfig(1)))
        #expect(try OutputSetTests.leftovers(dir) == [])
    }

    /// A new folder whose name leaves no room for the staging folder's beside it (a name of 245
    /// bytes: `.<name>.cc-staging-<pid>` passes the 255 a name may have) is made and written in
    /// place, file by file, as an existing one is: the compile succeeds and leaves nothing.
    @Test func aNameTooLongToStageBesideIsWrittenInPlace() throws {
        let dir = try Scratch.directory("cc-staging")
        let name = String(repeating: "p", count: 245)
        let text = try OutputSetTests.largeConfig(1)
        try text.write(to: dir.appendingPathComponent("v1.json"))
        let run = try CLI.run(["compile", "--platform", "all", "--out-dir", name, "v1.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let out = dir.appendingPathComponent(name)
        #expect(try OutputSetTests.wholeSet(out) == OutputSetTests.sha256(text))
        #expect(OutputFolderTests.staged(out) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != name && $0 != "v1.json" } == [])
    }
}

