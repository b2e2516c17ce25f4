import Foundation
import Testing
import TestSupport
import PlatformLayer

/// A run killed while writing a file leaves its temporary file (`.NAME.tmp-XXXXXX`); the next
/// write to that file removes it when it is certainly one (docs/commands.md "No command
/// destroys a file"), and leaves every other file alone.
@Suite struct LeftoverTemporaryTests {
    @Test func theNextWriteRemovesWhatAKilledWriteLeft() throws {
        let dir = try Scratch.directory("cc-leftover")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"),
                                         to: dir.appendingPathComponent("customer_center.json"))
        let compile = ["compile", "--platform", "ios", "--locale", "en", "-o", "out.json", "customer_center.json"]
        #expect(try CLI.run(compile, in: dir).status == 0)
        let payload = try Data(contentsOf: dir.appendingPathComponent("out.json"))
        var files: [(name: String, bytes: Data, removed: Bool)] = [
            (".out.json.tmp-Ab12Cd", payload.prefix(100), true),  // killed half way
            (".out.json.tmp-zZ9yY8", payload, true),  // killed before its rename
            (".out.json.tmp-E0f1G2", Data(), true),  // killed before it wrote
            (".out.json.tmp-Other1", Data("something else".utf8), false),  // not what is written
            (".out.json.tmp-12345", payload.prefix(10), false),  // not a name mkstemp makes
            (".out.json.tmp-Ab12Cd~", payload.prefix(10), false),
            (".other.json.tmp-Ab12Cd", payload.prefix(10), false),  // another file's
            (".out.json.tmp-Held01", payload.prefix(10), false),  // a write still in progress
        ]
        // Another user's (as root: a file of this user's is the only kind removed).
        if geteuid() == 0 { files.append((".out.json.tmp-Uid001", payload.prefix(10), false)) }
        for file in files { try file.bytes.write(to: dir.appendingPathComponent(file.name)) }
        if geteuid() == 0 { #expect(chown(dir.appendingPathComponent(".out.json.tmp-Uid001").path, 4242, 4242) == 0) }
        let held = open(dir.appendingPathComponent(".out.json.tmp-Held01").path, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let again = try CLI.run(compile, in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file.name).path) != file.removed, "\(file.name)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.json")) == payload)
    }

    /// `strings export` writes each file piece by piece, never whole in memory: what a killed
    /// export left is compared with what was written, read back from the new temporary file.
    @Test func anExportWrittenInPiecesRemovesWhatAKilledExportLeft() throws {
        let dir = try Scratch.directory("cc-leftover-export")
        let example = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"))
        var config = try #require(try JSONSerialization.jsonObject(with: example) as? [String: Any])
        var localization = try #require(config["localization"] as? [String: Any])
        var strings = try #require(localization["localized_strings"] as? [String: Any])
        // Enough keys for a file of several pieces.
        for index in 0..<3_000 { strings["key_\(index)"] = ["en": "Text number \(index)", "de": "Text Nummer \(index)"] }
        localization["localized_strings"] = strings
        config["localization"] = localization
        try JSONSerialization.data(withJSONObject: config).write(to: dir.appendingPathComponent("cc.json"))
        let export = ["strings", "export", "--include-unused", "--locale", "de", "-o", "de.xlf", "cc.json"]
        #expect(try CLI.run(export, in: dir).status == 0)
        let exported = try Data(contentsOf: dir.appendingPathComponent("de.xlf"))
        #expect(exported.count > 400_000)
        let files: [(name: String, bytes: Data, removed: Bool)] = [
            (".de.xlf.tmp-Ab12Cd", exported.prefix(100), true),  // killed half way
            (".de.xlf.tmp-Ef34Gh", exported.prefix(300_000), true),  // killed after some pieces
            (".de.xlf.tmp-zZ9yY8", exported, true),  // killed before its rename
            (".de.xlf.tmp-E0f1G2", Data(), true),  // killed before it wrote
            (".de.xlf.tmp-Other1", exported.prefix(200_000) + Data("x".utf8), false),  // not what is written
            (".de.xlf.tmp-Other2", exported + Data("x".utf8), false),  // longer than what is written
            (".de.xlf.tmp-Held01", exported.prefix(10), false),  // a write still in progress
        ]
        for file in files { try file.bytes.write(to: dir.appendingPathComponent(file.name)) }
        let held = open(dir.appendingPathComponent(".de.xlf.tmp-Held01").path, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let again = try CLI.run(export, in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file.name).path) != file.removed, "\(file.name)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("de.xlf")) == exported)
    }
}
