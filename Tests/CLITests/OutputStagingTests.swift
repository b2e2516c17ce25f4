import Foundation
import Testing
import TestSupport

/// `compile --out-dir` stages its files on every core, a folder a thread (docs/performance.md
/// "`compile`"), each temporary file tracked for the signals before any is created: a signal that
/// arrives while files are being created (on whichever thread) still leaves the folder as it was
/// and nothing staged (docs/commands.md "Output sets are transactions").
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
}
