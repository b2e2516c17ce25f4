import Foundation
import Testing
import TestSupport

/// The command line's promises (help, SARIF file URIs, line endings kept, baselines by any name,
/// `init`'s locales, compile honouring the configuration file), run through the built binary.
@Suite struct CommandContractTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")
    static let broken = CLI.packageRoot.appendingPathComponent("Examples/broken.json")

    @Test func helpCommandIsTheCommandsHelp() throws {
        let help = try CLI.run(["help", "lint"])
        let flag = try CLI.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout == flag.stdout)
        #expect(help.stdout.contains("--write-baseline"))
        let unknown = try CLI.run(["help", "lnit"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'lint'?"))
    }

    /// On a terminal, `lint` with no file says it is waiting for standard input (via `script`,
    /// which gives the binary a pseudo-terminal).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "skipped: no /usr/bin/script to give the binary a terminal"))
    func lintOnATerminalSaysItReadsStandardInput() throws {
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", "\(CLI.binary.path) lint --color never", "/dev/null"])
        #expect((result.stdout + result.stderr).contains("reading a config from standard input"))
        // Not on a pipe: scripts and editors get no hint.
        let piped = try CLI.run(["lint", "--format", "compact"], stdin: Data("{}".utf8))
        #expect(!piped.stderr.contains("reading a config"))
    }

    @Test(arguments: ["json", "sarif", "junit"])
    func compileInAMachineFormatWritesOnlyThatFormatToStderr(_ format: String) throws {
        let result = try CLI.run(["compile", "--format", format, "--platform", "ios", "--locale", "en", Self.broken.path])
        #expect(result.status == 1)
        // The format carries what the run says (json: `events`; sarif: notifications), no plain line.
        #expect(!result.stderr.contains("nothing was compiled\n"))
        if format == "json" {
            let report = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
            let events = report?["events"] as? [[String: Any]]
            #expect(events?.map { $0["kind"] as? String } == ["not-compiled"], "\(result.stderr)")
        }
        if format == "junit" {
            #expect(result.stderr.hasPrefix("<?xml"))
        } else {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stderr.utf8))) != nil, "\(result.stderr)")
        }
        let unreadable = try CLI.run(["compile", "--format", format, "missing.json"])
        #expect(unreadable.status == 3)
        #expect(unreadable.stderr.contains("missing.json"))
        if format != "junit" {
            #expect((try? JSONSerialization.jsonObject(with: Data(unreadable.stderr.utf8))) != nil, "\(unreadable.stderr)")
        }
    }

    @Test func sarifUsesFileURIsAndABaseForRelativePaths() throws {
        let absolute = try CLI.run(["lint", "--format", "sarif", Self.broken.path])
        #expect(absolute.stdout.contains("\"uri\": \"file://\(Self.broken.path)\""))
        let relative = try CLI.run(["lint", "--format", "sarif", "Examples/broken.json"])
        #expect(relative.stdout.contains("\"uri\": \"Examples/broken.json\",\n                  \"uriBaseId\": \"%SRCROOT%\""))
        #expect(relative.stdout.contains("\"originalUriBaseIds\""))
    }

    @Test func formatCheckKeepsWindowsLineEndingsAndTakesDirectories() throws {
        let dir = try CLI.temporaryDirectory()
        let formatted = try CLI.run(["format", Self.example.path]).stdout
        let crlf = formatted.replacingOccurrences(of: "\n", with: "\r\n")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("config"), withIntermediateDirectories: true)
        try crlf.write(to: dir.appendingPathComponent("config/customer_center.json"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["format", "--check", "config"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        try "{\"screens\": {}}".write(to: dir.appendingPathComponent("config/customer-center.staging.json"), atomically: true, encoding: .utf8)
        let dirty = try CLI.run(["format", "--check", "config"], in: dir)
        #expect(dirty.status == 1)
        #expect(dirty.stdout == "would reformat config/customer-center.staging.json\n")
    }

    @Test func baselineMatchesHoweverTheFileWasNamed() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.broken, to: dir.appendingPathComponent("customer_center.json"))
        #expect(try CLI.run(["lint", "--write-baseline", "baseline.json", "customer_center.json"], in: dir).status == 0)
        let baseline = try String(contentsOf: dir.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains(#""file": "customer_center.json""#))
        for name in ["./customer_center.json", dir.appendingPathComponent("customer_center.json").path] {
            let result = try CLI.run(["lint", "--format", "compact", "--baseline", "baseline.json", name], in: dir)
            #expect(result.status == 0, "\(name): \(result.stdout)")
        }
        // From another folder, the baseline's paths are still relative to the baseline.
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let fromSub = try CLI.run(["lint", "--format", "compact", "--baseline", "../baseline.json", "../customer_center.json"], in: sub)
        #expect(fromSub.status == 0, "\(fromSub.stdout)")
    }

    @Test func initTakesLocalesAsPeopleWriteThem() throws {
        let result = try CLI.run(["init", "--locales", "EN, de ,pt-BR"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""supported": ["en", "de", "pt-BR"]"#))
        let bad = try CLI.run(["init", "--locales", "en,klingon"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'klingon'"))
    }

    @Test func compileHonoursTheConfigurationFileLikeLint() throws {
        let dir = try CLI.temporaryDirectory()
        let config = try String(contentsOf: Self.example, encoding: .utf8)
            .replacingOccurrences(of: #""email": "support@example.com""#, with: #""email": "not-an-email""#)
        try config.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        try #"{"ignore": [{"rule": "support.invalid-email", "pointer": "/support/email"}]}"#
            .write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 0)
        let compiled = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "customer_center.json"], in: dir)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        // A rule switched off never lets an unresolved reference through.
        let dangling = config.replacingOccurrences(of: #""title_key": "no_active_title""#, with: #""title_key": "no_such_key""#)
        try dangling.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["compile", "--rule", "ref.unresolved-string=off", "--platform", "ios", "--locale", "en", "customer_center.json"], in: dir)
        #expect(refused.status == 1)
        #expect(!refused.stdout.contains("\"title\": \"\""))
        #expect(refused.stderr.contains("compile refuses this whatever the configuration says"))
    }
}
