import Foundation
import Testing

/// Messages read as written for people (issue 40's wording items), in the built binary.
@Suite struct WordingCommandTests {
    /// An input over the size cap is refused before a byte is read, and the reason is said once.
    @Test func anInputTooLargeIsSaidOnce() throws {
        let directory = try CLI.temporaryDirectory()
        let big = directory.appendingPathComponent("customer_center.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: (1 << 30) + 1)  // sparse: no disk space is used
        try handle.close()
        let result = try CLI.run(["lint", "customer_center.json"], in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("error: cannot read 'customer_center.json': larger than 1024 MiB\n"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "cannot read").count == 2, "\(result.stderr)")
    }

    /// A level one letter short of one, in the configuration file or on the command line, gets
    /// the level meant (a group's entry too).
    @Test func aLevelNearlyRightGetsDidYouMean() throws {
        let directory = try CLI.temporaryDirectory()
        try Data(#"{"rules": {"appearance.*": "of"}}"#.utf8).write(to: directory.appendingPathComponent(".customer-center.json"))
        try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")).write(to: directory.appendingPathComponent("customer_center.json"))
        let file = try CLI.run(["lint", "customer_center.json"], in: directory)
        #expect(file.status == 2)
        #expect(file.stdout.contains("'of' is not a valid 'appearance.*'") && file.stdout.contains("help: did you mean 'off'?"), "\(file.stdout)")
        let flag = try CLI.run(["lint", "--rule", "appearance.*=of", "Examples/customer_center.json"])
        #expect(flag.status == 2 && flag.stderr.contains("did you mean 'off'?"), "\(flag.stderr)")
    }
}
