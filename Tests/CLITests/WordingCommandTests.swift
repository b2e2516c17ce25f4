import Foundation
import Testing
import TestSupport

/// Messages read as written for people, in the built binary.
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

    /// A file whose name starts with '-' is read as an option: the hint says how to name it.
    @Test func aDashFileGetsAHint() throws {
        let directory = try CLI.temporaryDirectory()
        try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")).write(to: directory.appendingPathComponent("-dash.json"))
        let result = try CLI.run(["lint", "-dash.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("help: to name the file '-dash.json', write './-dash.json' or put it after '--'"), "\(result.stderr)")
        // Both ways the hint names work.
        for arguments in [["lint", "./-dash.json"], ["lint", "--", "-dash.json"]] {
            let named = try CLI.run(arguments, in: directory)
            #expect(named.status == 0, "\(arguments): \(named.stdout)\(named.stderr)")
        }
    }

    /// An empty option value is a usage error, never "the working directory".
    @Test(arguments: [["lint", "--config", "", "Examples/customer_center.json"], ["lint", "--config=", "Examples/customer_center.json"],
                      ["compile", "--out-dir", "", "Examples/customer_center.json"]])
    func anEmptyValueIsAUsageError(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs a value") && result.stderr.contains("got an empty one"), "\(result.stderr)")
    }

    /// `--stdin-filename` with no `-` among the files would name nothing: refused.
    @Test(arguments: [["lint"], ["format", "--check"]])
    func aStdinNameWithoutStdinIsRefused(_ command: [String]) throws {
        let result = try CLI.run(command + ["--stdin-filename", "x.json", "Examples/customer_center.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--stdin-filename x.json' names standard input, but no '-' is among the files"), "\(result.stderr)")
        let withStdin = try CLI.run(command + ["--stdin-filename", "x.json", "-"], stdin: Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")))
        #expect(withStdin.status == 0, "\(withStdin.stderr)")
    }

    /// A directory whose configs `exclude` leaves out says so, not that nothing matched `include`.
    @Test func excludedConfigsAreNamedAsExcluded() throws {
        let directory = try Scratch.directory("cc-excluded", files: [
            ".customer-center.json": #"{"exclude": ["legacy/**"]}"#,
            "legacy/customer_center.json": "{}", "legacy/old/customer-center.json": "{}",
        ])
        let result = try CLI.run(["lint", "legacy"], in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("the configuration file's 'exclude' leaves out all 2 configs found (first 'legacy/customer_center.json')"), "\(result.stderr)")
        #expect(!result.stderr.contains("'include'"), "\(result.stderr)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try CLI.run(["lint", "empty"], in: directory)
        #expect(empty.stderr.contains("no Customer Center config below it (customer_center*.json"), "\(empty.stderr)")
    }
}
