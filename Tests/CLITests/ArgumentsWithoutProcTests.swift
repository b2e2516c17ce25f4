import Foundation
import Testing
import TestSupport

/// The binary reads its arguments where /proc is not mounted (a chroot, a minimal container):
/// Swift's `CommandLine.arguments` reads /proc/self/cmdline on Linux, and the binary hands it
/// argv before `main` instead (Sources/PlatformLayer/ArgumentCapture+Glibc.swift).
@Suite struct ArgumentsWithoutProcTests {
    /// Runs `script` in a mount namespace of its own whose /proc is an empty tmpfs; `nil` (with
    /// the reason printed) where that cannot be made: no `unshare` (a failure under
    /// `CUSTOMER_CENTER_REQUIRE_TOOLS=1`, like any absent tool), or no right to mount there (a
    /// sandbox's restriction, not a missing tool).
    static func withoutProc(_ script: String, _ arguments: [String]) throws -> ProcessResult? {
        let unshare = ExternalTool.command("unshare", install: "apt-get install util-linux")
        guard unshare.isAvailable else {
            if ExternalTool.absenceFails { Issue.record(Comment(rawValue: unshare.skipReason)) }
            print(unshare.skipReason)
            return nil
        }
        let hide = "mount -t tmpfs none /proc && test ! -e /proc/self/cmdline && "
        let probe = try? Subprocess.run(command: "unshare", ["--mount", "sh", "-c", hide + "echo hidden"])
        guard probe?.stdout == "hidden\n" else {
            print("skipped: cannot hide /proc here (unshare --mount, then mount, as root where the sandbox allows it): \(probe?.stderr ?? "")")
            return nil
        }
        return try Subprocess.run(command: "unshare", ["--mount", "sh", "-c", hide + script, "sh"] + arguments, in: CLI.packageRoot)
    }

    @Test func theArgumentsAreReadWithoutProc() throws {
        let binary = CLI.binary.path
        guard let lint = try Self.withoutProc(#"exec "$@""#, [binary, "lint", "--format", "compact", "Examples/broken.json"]) else { return }
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("Examples/broken.json:"), "\(lint.stdout)\(lint.stderr)")
        // An argument with a space and one that is empty arrive as they were given.
        let spaced = try #require(try Self.withoutProc(#"exec "$@""#, [binary, "lint", "--stdin-filename", "a b.json", "-"]))
        #expect(spaced.stdout.contains("a b.json") || spaced.stderr.contains("a b.json"), "\(spaced.stdout)\(spaced.stderr)")
    }
}
