import Foundation
import Testing

/// `format --write` never loses data: whatever goes wrong, the original stays byte-identical and
/// the user is told why. `lint` never writes at all.
@Suite(.serialized) struct DataSafetyTests {
    static let messy = "{\"screens\": {}, \"localization\": {\"localized_strings\": {}, \"default\": \"en\"}}"

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

    @Test func readOnlyFile() throws {
        let url = try file(mode: 0o444)
        let result = try CLI.run(["format", "--write", url.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("read-only"))
        try assertUntouched(url)
    }

    @Test func diskFullDuringTheWrite() throws {
        let url = try file()
        let result = try CLI.run(["format", "--write", url.path], environment: ["CUSTOMER_CENTER_FAULT": "disk-full"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("No space left on device"))
        try assertUntouched(url)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
    }

    @Test func fileChangedWhileFormatting() throws {
        let url = try file()
        let result = try CLI.run(["format", "--write", url.path], environment: ["CUSTOMER_CENTER_FAULT": "modified-during-write"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("changed while it was being formatted"))
        // The concurrent edit (one appended space) is kept; our output is not written over it.
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy + " ")
        try assertUntouched(url)
    }

    @Test func compileOutputsAreAtomicToo() throws {
        let dir = try CLI.temporaryDirectory()
        let output = dir.appendingPathComponent("payload.json")
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "-o", output.path,
                                  CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path],
                                 environment: ["CUSTOMER_CENTER_FAULT": "disk-full"])
        #expect(result.status == 3)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["payload.json"])
    }
}
