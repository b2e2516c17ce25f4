import Foundation
import PlatformLayer
import Testing
import TestSupport

/// Flags that are each right alone and composed wrongly together, found by trying them as a
/// user would (docs/commands.md: usage errors come before any work; `--quiet` only hides).
@Suite struct FlagCompositionTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")
    static let broken = CLI.packageRoot.appendingPathComponent("Examples/broken.json")

    func folder(_ files: [String: URL]) throws -> URL {
        try Scratch.directory("cc-cli", files: try files.mapValues { try String(contentsOf: $0, encoding: .utf8) })
    }

    /// A bad `--format` or `--color` is a usage error (exit 2) that leaves nothing written:
    /// `compile` used to write every payload first and only then reject the flag.
    @Test(arguments: [["--format", "bogus", "--out-dir", "out"], ["--color", "sometimes", "--out-dir", "out"],
                      ["--format", "bogus", "--bundle", "out"], ["--color", "sometimes", "--platform", "ios", "--locale", "en", "-o", "out"]])
    func compileRejectsABadFlagBeforeWriting(_ flags: [String]) throws {
        let dir = try folder(["customer_center.json": Self.example])
        let result = try CLI.run(["compile"] + flags + ["customer_center.json"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("invalid value"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "compile wrote before the usage error")
    }

    /// `--quiet` hides warnings; it does not make the baseline entries that accept them look
    /// stale. A passing `--strict --baseline` run used to fail once `--quiet` was added, telling
    /// the user to rewrite a baseline whose findings were all still there.
    @Test func quietDoesNotTurnBaselineEntriesStale() throws {
        let dir = try folder(["customer_center.json": Self.broken])
        #expect(try CLI.run(["lint", "--write-baseline", "baseline.json", "customer_center.json"], in: dir).status == 0)
        let loud = try CLI.run(["lint", "--format", "compact", "--strict", "--baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(loud.status == 0, "\(loud.stdout)")
        // (Also when stale entries are errors: then hiding cannot mask a wrong verdict.)
        for extra in [[], ["--rule", "config.stale-ignore=error"]] {
            let quiet = try CLI.run(["lint", "--format", "compact", "--strict", "--quiet", "--baseline", "baseline.json"] + extra + ["customer_center.json"], in: dir)
            #expect(quiet.status == 0, "\(extra): \(quiet.stdout)\(quiet.stderr)")
            #expect(!quiet.stdout.contains("stale-ignore"), "\(quiet.stdout)")
        }
    }

    /// `--write-baseline` records every finding, `--quiet` or not: a baseline written with
    /// `--quiet` used to hold the errors only, and the next `--baseline` run showed every warning
    /// it was meant to accept as new.
    @Test func aBaselineWrittenQuietlyRecordsTheWarningsToo() throws {
        let dir = try folder(["customer_center.json": Self.broken])
        let written = try CLI.run(["lint", "--quiet", "--write-baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("with 7 findings"), "\(written.stderr)")
        let next = try CLI.run(["lint", "--format", "compact", "--strict", "--baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(next.status == 0, "\(next.stdout)")
        #expect(!next.stdout.contains("warning"), "\(next.stdout)")
    }

    /// The same for the configuration file's `ignore`, where a team made stale suppressions
    /// errors: an entry for a warning is still in use under `--quiet`, not a stale error.
    @Test func quietKeepsIgnoreEntriesInUse() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            "customer_center.json": try OneRunTests.withUnusedStrings(1),
            ".customer-center.json": #"""
            {"rules": {"config.stale-ignore": "error"},
             "ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/unused_0"}]}
            """#,
        ])
        let loud = try CLI.run(["lint", "--format", "compact", "customer_center.json"], in: dir)
        #expect(loud.status == 0, "\(loud.stdout)")
        #expect(loud.stdout.contains("[l10n.missing-translation]") && !loud.stdout.contains("[ref.unused-string]"), "\(loud.stdout)")
        for flags in [["--quiet"], ["--quiet", "--strict"]] {
            let quiet = try CLI.run(["lint", "--format", "json"] + flags + ["customer_center.json"], in: dir)
            #expect(quiet.status == 0, "\(flags): \(quiet.stdout)")
            #expect(!quiet.stdout.contains("stale-ignore"), "\(quiet.stdout)")
            #expect(!quiet.stdout.contains("\"warning\""), "\(quiet.stdout)")
        }
    }

    /// A stale baseline entry is a warning: `--quiet` hides it (and does not count it) as it
    /// does a stale `ignore` entry.
    @Test func quietHidesAStaleBaselineEntry() throws {
        let dir = try folder(["customer_center.json": Self.broken])
        // A baseline entry whose finding is gone is a warning: shown without --quiet, not with it.
        try #"{"findings": [{"count": 1, "file": "customer_center.json", "pointer": "/nowhere", "rule": "screen.missing"}], "version": 1}"#
            .write(to: dir.appendingPathComponent("baseline.json"), atomically: true, encoding: .utf8)
        let loud = try CLI.run(["lint", "--format", "compact", "--baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(loud.stdout.contains("baseline.json:") && loud.stdout.contains("[config.stale-ignore]"), "\(loud.stdout)")
        let quiet = try CLI.run(["lint", "--format", "compact", "--quiet", "--baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(!quiet.stdout.contains("stale-ignore"), "\(quiet.stdout)")
        #expect(quiet.status == 1, "the errors still fail: \(quiet.stdout)")
    }

    /// `--locale jp` used to compile a payload named 'jp' holding the English fallback (and
    /// `preview` a page section for it): a code that is not a locale code is a usage error with
    /// the code meant, as in the configuration file; nothing is written.
    @Test(arguments: [(["compile", "--out-dir", "out"], "jp", "did you mean 'ja'?"), (["compile", "--out-dir", "out"], "en,xx", "BCP 47"),
                      (["preview", "-o", "out"], "de,cn", "did you mean 'zh'?")])
    func aLocaleThatIsNotOneIsAUsageError(_ command: [String], _ locales: String, _ help: String) throws {
        let dir = try folder(["customer_center.json": Self.example])
        let result = try CLI.run(command + ["--locale", locales, "customer_center.json"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is not a locale code for '--locale'") && result.stderr.contains(help), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        // Real codes, in any case or with '_', still work.
        let fine = try CLI.run(command + ["--locale", "en,DE,pt_BR", "customer_center.json"], in: dir)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    /// `--config FILE` is the configuration for every input, so its `include` / `exclude` say
    /// what a directory holds, as they do for the nearest `.customer-center.json`. A broken
    /// config that only the `--config` file's `include` names used to be left out: 'no problems
    /// found', exit 0.
    @Test func theConfigOptionsIncludeDecidesWhatADirectoryHolds() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            "configs/support.json": try String(contentsOf: Self.broken, encoding: .utf8),
            "configs/legacy.json": try String(contentsOf: Self.broken, encoding: .utf8),
            "configs/customer_center.json": try String(contentsOf: Self.example, encoding: .utf8),
            "team.json": #"{"include": ["configs/*.json"], "exclude": ["**/legacy.json"]}"#,
            "ci/team.json": #"{"include": ["../configs/*.json"], "exclude": ["**/legacy.json"]}"#,
        ])
        for config in ["team.json", "ci/team.json"] {
            let lint = try CLI.run(["lint", "--format", "compact", "--config", config, "."], in: dir)
            #expect(lint.status == 1, "\(config): \(lint.stdout)")
            #expect(lint.stdout.contains("./configs/support.json:2:3: error:"), "\(config): \(lint.stdout)")
            #expect(!lint.stdout.contains("legacy.json"), "\(config): \(lint.stdout)")
            // pre-commit names the files: the same configuration decides.
            let hook = try CLI.run(["lint", "--format", "compact", "--force-exclude", "--config", config,
                                    "configs/support.json", "configs/legacy.json"], in: dir)
            #expect(hook.status == 1, "\(config): \(hook.stdout)")
            #expect(hook.stdout.contains("configs/support.json:2:3: error:") && !hook.stdout.contains("legacy.json"), "\(config): \(hook.stdout)")
        }
    }

    // MARK: Outputs that are not files

    /// `-o` naming a named pipe writes into it: the pipe is still a pipe afterwards and holds
    /// the payload (each under the pipe's 64 KiB buffer: nothing reads it while the tool runs). (Every write used to rename a temporary file over its target, so the pipe
    /// became a regular file; as root, `-o /dev/null` replaced /dev/null the same way.)
    @Test(arguments: [["compile", "--platform", "ios", "--locale", "en", "-o"], ["compile", "--platform", "ios", "--locale", "en", "--bundle"], ["init", "--force", "-o"]])
    func aNamedPipeIsWrittenThroughNotReplaced(_ command: [String]) throws {
        let dir = try folder(["customer_center.json": Self.example])
        let fifo = dir.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // Both ends held here without blocking, so a regression (the pipe renamed over) fails
        // instead of hanging: nothing would then arrive in this pipe.
        let fd = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(fd >= 0)
        defer { close(fd) }
        let result = try CLI.run(command + ["pipe"] + (command[0] == "init" ? [] : ["customer_center.json"]), in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isFIFO(fifo), "the pipe was replaced by a regular file")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasPrefix("{") && text.hasSuffix("}\n") && text.count > 1000, "\(text.prefix(200))")
    }

    /// A character device (a copy of /dev/null's, made where the test may) stays a device.
    @Test func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
        guard getuid() == 0 else {
            print("skipped: making a device node needs root (the named-pipe test covers the same path)")
            return
        }
        let dir = try folder(["customer_center.json": Self.example])
        let made = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["mknod", "null", "c", "1", "3"], in: dir)
        try #require(made.status == 0, "\(made.stderr)")
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "-o", "null", "customer_center.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(dir.appendingPathComponent("null").path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device was replaced by a regular file")
    }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }
}
