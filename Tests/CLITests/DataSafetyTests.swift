import Foundation
import Testing
@testable import customer_center
@testable import CustomerCenterCompiler

/// No command loses data (docs/commands.md, "Exit codes"): a failed write leaves the original byte-identical, an output
/// path that is an input is refused, `--write-baseline` and `init -o` replace nothing they did
/// not write, and `-` is standard output. `lint` never writes at all.
@Suite(.serialized) struct DataSafetyTests {
    static let messy = "{\"screens\": {}, \"localization\": {\"localized_strings\": {}, \"default\": \"en\"}}"
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")

    func file(mode: Int = 0o644) throws -> URL {
        let url = try CLI.temporaryDirectory().appendingPathComponent("c.json")
        try Self.messy.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    func assertUntouched(_ url: URL) throws {
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix(Self.messy))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(siblings == [url.lastPathComponent], "temporary files left behind: \(siblings)")
    }

    /// A copy of the example config in a fresh directory.
    func exampleCopy(named name: String = "cc.json") throws -> URL {
        let url = try CLI.temporaryDirectory().appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.example, to: url)
        return url
    }

    @Test func readOnlyFile() throws {
        let url = try file(mode: 0o444)
        let result = try CLI.run(["format", "--write", url.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("read-only"))
        try assertUntouched(url)
    }

    // Faults are injected in-process: the binary has no switch that turns them on.
    @Test func diskFullDuringTheWrite() throws {
        let url = try file()
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.writeAtomically(Array("{\"formatted\": true}\n".utf8), to: url.path, fault: .diskFull)
        }
        do {
            try FileSystem.writeAtomically(Array("x".utf8), to: url.path, fault: .diskFull)
        } catch {
            #expect(error.message.contains("No space left on device"))
        }
        try assertUntouched(url)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
    }

    /// A file written piece by piece (`strings export`): whole or not at all.
    @Test func diskFullDuringAPieceByPieceWrite() throws {
        let url = try file()
        var handed = 0
        do {
            try FileSystem.writeAtomically(to: url.path, fault: .diskFull) { write in
                for piece in ["{\"a\": ", "1}\n", "more"] {
                    handed += 1
                    if !(Array(piece.utf8).withUnsafeBufferPointer { write($0) }) { return }
                }
            }
            Issue.record("a failed piece went unnoticed")
        } catch {
            #expect(error.message.contains("No space left on device"))
        }
        #expect(handed == 2, "no piece is wanted after the one that failed")
        try assertUntouched(url)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
        try FileSystem.writeAtomically(to: url.path) { write in
            for piece in ["{\"a\": ", "1}", "\n"] { _ = Array(piece.utf8).withUnsafeBufferPointer { write($0) } }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"a\": 1}\n")
    }

    @Test func fileChangedWhileWriting() throws {
        let url = try file()
        do {
            try FileSystem.writeAtomically(Array("{}\n".utf8), to: url.path, expectedOriginal: Array(Self.messy.utf8), fault: .modifiedDuringWrite)
            Issue.record("the write went ahead over a concurrent edit")
        } catch {
            #expect(error.message.contains("changed on disk after this run read it"))
        }
        // The concurrent edit (one appended space) is kept; our output is not written over it.
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy + " ")
        try assertUntouched(url)
    }

    @Test func releaseBinaryHasNoFaultSwitch() throws {
        // The old environment switch must do nothing now: the file is formatted normally.
        let url = try file()
        let result = try CLI.run(["format", "--write", url.path], environment: ["CUSTOMER_CENTER_FAULT": "disk-full"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: url, encoding: .utf8) != Self.messy)
    }

    @Test(arguments: [["-o"], ["--bundle"]])
    func compileRefusesToOverwriteItsInput(_ option: [String]) throws {
        let input = try exampleCopy()
        let before = try Data(contentsOf: input)
        let dir = input.deletingLastPathComponent()
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link.json"), withDestinationURL: input)
        try FileManager.default.linkItem(at: input, to: dir.appendingPathComponent("hard.json"))
        for target in ["cc.json", "./cc.json", "link.json", "hard.json"] {
            let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en"] + option + [target, "cc.json"], in: dir)
            #expect(result.status == 2, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("would overwrite the input"), "\(result.stderr)")
            #expect(try Data(contentsOf: input) == before, "\(option) \(target) changed the config")
        }
    }

    @Test func outDirRefusesToOverwriteItsInput() throws {
        let input = try exampleCopy(named: "en.json")
        let dir = input.deletingLastPathComponent()
        let before = try Data(contentsOf: input)
        // ios/en.json under --out-dir .. is the input itself.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("ios"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: input, to: dir.appendingPathComponent("ios/en.json"))
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "--out-dir", ".", "ios/en.json"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("would overwrite the input"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("ios/en.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("manifest.json").path))
    }

    @Test func dashIsStandardOutput() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "-o", "-", Self.example.path], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"customer_center\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "a file named '-' was written")
        let baseline = try CLI.run(["lint", "--write-baseline", "-", Self.example.path], in: dir)
        #expect(baseline.status == 0)
        #expect(baseline.stdout.contains("\"findings\""))
        let initialized = try CLI.run(["init", "--locales", "en", "-o", "-"], in: dir)
        #expect(initialized.stdout.contains("\"localization\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func writeBaselineReplacesOnlyABaseline() throws {
        let config = try exampleCopy()
        let dir = config.deletingLastPathComponent()
        let before = try Data(contentsOf: config)
        // Standard input is linted; the config named by --write-baseline is not a baseline.
        let overConfig = try CLI.run(["lint", "--write-baseline", "cc.json"], stdin: Data("{}".utf8), in: dir)
        #expect(overConfig.status == 2)
        #expect(overConfig.stderr.contains("is not a baseline"))
        #expect(try Data(contentsOf: config) == before)
        // An input is refused even with --force.
        let overInput = try CLI.run(["lint", "--force", "--write-baseline", "cc.json", "cc.json"], in: dir)
        #expect(overInput.status == 2)
        #expect(overInput.stderr.contains("would overwrite the input"))
        #expect(try Data(contentsOf: config) == before)
        // The configuration file that applies is an input too, even with --force.
        try #"{"rules": {}}"#.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        let overConfiguration = try CLI.run(["lint", "--force", "--write-baseline", ".customer-center.json", "cc.json"], in: dir)
        #expect(overConfiguration.status == 2, "\(overConfiguration.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent(".customer-center.json"), encoding: .utf8) == #"{"rules": {}}"#)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".customer-center.json"))
        // A new file, then the same baseline again: both fine.
        #expect(try CLI.run(["lint", "--write-baseline", "base.json", "cc.json"], in: dir).status == 0)
        #expect(try CLI.run(["lint", "--write-baseline", "base.json", "cc.json"], in: dir).status == 0)
        // Another JSON file: refused unless --force.
        try "{\"keep\": true}".write(to: dir.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "--write-baseline", "other.json", "cc.json"], in: dir).status == 2)
        #expect(try String(contentsOf: dir.appendingPathComponent("other.json"), encoding: .utf8) == "{\"keep\": true}")
        #expect(try CLI.run(["lint", "--force", "--write-baseline", "other.json", "cc.json"], in: dir).status == 0)
    }

    @Test func outDirRemovesExactlyThePayloadsItNoLongerWrites() throws {
        let config = try exampleCopy(named: "customer_center.json")
        let dir = config.deletingLastPathComponent()
        #expect(try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "customer_center.json"], in: dir).status == 0)
        let out = dir.appendingPathComponent("out")
        // Files the manifest never listed stay, whatever their names.
        try "mine".write(to: out.appendingPathComponent("ios/notes.txt"), atomically: true, encoding: .utf8)
        try "mine".write(to: out.appendingPathComponent("ios/fr.json"), atomically: true, encoding: .utf8)
        let again = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "--out-dir", "out", "customer_center.json"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("removed out/ios/de.json"))
        let left = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("ios").path).sorted()
        #expect(left == ["en.json", "fr.json", "notes.txt"])
        // A hand-edited manifest cannot point the removal at another file.
        try #"{"source": {"sha256": "0"}, "payloads": {"../customer_center.json": {}, "ios/../../customer_center.json": {}, "ios/en.json": {}}}"#
            .write(to: out.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let third = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "--out-dir", "out", "customer_center.json"], in: dir)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(FileManager.default.fileExists(atPath: config.path))
        #expect(!third.stderr.contains("removed"))
    }

    @Test func initWritesANewFileAndRefusesAnExistingOne() throws {
        let dir = try CLI.temporaryDirectory()
        let first = try CLI.run(["init", "--locales", "en,de", "-o", "customer_center.json"], in: dir)
        #expect(first.status == 0)
        let path = dir.appendingPathComponent("customer_center.json")
        let written = try String(contentsOf: path, encoding: .utf8)
        #expect(written.contains("\"de\""))
        try "mine".write(to: path, atomically: true, encoding: .utf8)
        let second = try CLI.run(["init", "-o", "customer_center.json"], in: dir)
        #expect(second.status == 2)
        #expect(second.stderr.contains("already exists"))
        #expect(try String(contentsOf: path, encoding: .utf8) == "mine")
        #expect(try CLI.run(["init", "--force", "-o", "customer_center.json"], in: dir).status == 0)
        #expect(try String(contentsOf: path, encoding: .utf8).contains("\"zh\""))
    }

    @Test func compileOutputsAreAtomicToo() throws {
        let dir = try CLI.temporaryDirectory()
        let output = dir.appendingPathComponent("payload.json")
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.writeAtomically(Array(String(repeating: "x", count: 4096).utf8), to: output.path, fault: .diskFull)
        }
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["payload.json"])
    }
}
