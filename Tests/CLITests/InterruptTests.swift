import Foundation
import Testing
import TestSupport
import PlatformLayer

/// Signals leave nothing behind (docs/commands.md "Exit codes"): SIGINT, SIGTERM and SIGHUP to
/// `preview --check` and `pull` stop their child (the browser, curl), remove their temporary
/// files and folders, and end the run with the signal (128 + signal in a shell). Every wait is
/// bounded; nothing here is timed.
@Suite(.serialized) struct InterruptTests {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Starts the binary with `TMPDIR` = `temporary`; output goes nowhere.
    static func start(_ arguments: [String], in dir: URL, temporary: URL, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["TMPDIR"] = temporary.path
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most `seconds`) until `condition` holds.
    static func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > end { return false }
            usleep(10_000)
        }
        return true
    }

    /// Whether `pid` is a live process (a zombie nobody reaped counts as gone).
    static func alive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        // Where there is a /proc (Linux), a zombie says so in its stat line.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        if let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z") { return false }
        return true
    }

    /// Reads the pid a stand-in wrote into `file`.
    static func pid(in file: URL) -> pid_t? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Sends `signal` once `ready`, then checks: ended by that signal, the child gone, `TMPDIR` empty.
    static func interrupt(_ process: Process, with signal: Int32, child: URL, temporary: URL) {
        kill(process.processIdentifier, signal)
        #expect(wait(30) { !process.isRunning }, "still running after the signal")
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "ended with \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        if let pid = pid(in: child) {
            #expect(wait(10) { !alive(pid) }, "the child \(pid) outlived the run")
            if alive(pid) { kill(pid, SIGKILL) }
        } else {
            Issue.record("the child never started")
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    /// `preview --check` with a browser that takes its time: the browser and the scratch folder go,
    /// with `--png` too (the browser then runs for a DevTools session over its pipe).
    @Test(arguments: InterruptTests.signals, [[], ["--png", "png"]])
    func previewCheck(_ signal: Int32, screenshots: [String]) throws {
        let dir = try Scratch.directory("cc-signal")
        let temporary = try Scratch.directory("cc-signal-tmp")
        let child = dir.appendingPathComponent("browser.pid")
        let browser = dir.appendingPathComponent("chromium")
        try "#!/bin/sh\necho $$ > '\(child.path)'\nexec sleep 60\n".write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path
        let process = try Self.start(["preview", "--check", "--browser", browser.path, "--timeout", "60"] + screenshots + [example],
                                     in: dir, temporary: temporary)
        #expect(Self.wait(30) { Self.pid(in: child) != nil })
        // The scratch folder exists while the browser runs.
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).isEmpty)
        Self.interrupt(process, with: signal, child: child, temporary: temporary)
    }

    /// `pull` from a server that trickles a large answer: curl and the body's temporary file go.
    @Test(.enabled(if: SystemCurl.path != nil, "skipped: no 'curl' on PATH"), arguments: InterruptTests.signals)
    func pullFromATricklingServer(_ signal: Int32) throws {
        let dir = try Scratch.directory("cc-signal")
        let temporary = try Scratch.directory("cc-signal-tmp")
        let child = dir.appendingPathComponent("curl.pid")
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let curl = bin.appendingPathComponent("curl")
        let real = try #require(SystemCurl.path)
        try "#!/bin/sh\necho $$ > '\(child.path)'\nexec '\(real)' \"$@\"\n".write(to: curl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
        // 1 MiB every 0.3 s: past the first MiB the body goes to a temporary file.
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        let trickle = try LoopbackServer { _, _ in .stream(head: head, total: 1 << 30, chunk: 1 << 20, pause: 0.3) }
        defer { trickle.stop() }
        let env = ["REVENUECAT_API_KEY": "sk_test_signal", "REVENUECAT_API_URL": trickle.url, "PATH": bin.path + ":/usr/bin:/bin",
                   "CUSTOMER_CENTER_PULL_RETRIES": "0"]
        let process = try Self.start(["pull", "--project", "p", "--customer", "c", "--platform", "ios", "--locale", "en", "-o", "live.json"],
                                     in: dir, temporary: temporary, environment: env)
        #expect(Self.wait(30) { !((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).isEmpty },
                "no temporary file for the body")
        Self.interrupt(process, with: signal, child: child, temporary: temporary)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("live.json").path))
    }
}

/// `pull` is bounded against a hostile server (docs/pull.md): an announced length over the limit
/// is refused before the body is read, and an unannounced body is read only to the limit.
@Suite(.enabled(if: SystemCurl.path != nil, "skipped: no 'curl' on PATH (pull runs the system curl)"))
struct BoundedPullTests {
    func pull(_ server: LoopbackServer, temporary: URL, environment: [String: String] = [:]) throws -> CLIResult {
        let dir = try Scratch.directory("cc-bounded")
        var env = ["REVENUECAT_API_KEY": "sk_test_bounded", "REVENUECAT_API_URL": server.url, "CUSTOMER_CENTER_PULL_RETRIES": "0",
                   "TMPDIR": temporary.path]
        for (name, value) in environment { env[name] = value }
        let result = try CLI.run(["pull", "--project", "p", "--customer", "c", "--platform", "ios", "--locale", "en", "-o", "live.json"],
                                 in: dir, environment: env)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("live.json").path))
        return result
    }

    /// `Content-Length: 2147483648`: refused at the headers; the server got to send little.
    @Test func anAnnouncedLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 2147483648\r\nConnection: close\r\n\r\n".utf8)
        let server = try LoopbackServer { _, _ in .stream(head: head, total: 1 << 31, chunk: 1 << 16, pause: 0) }
        defer { server.stop() }
        let temporary = try Scratch.directory("cc-bounded-tmp")
        let result = try pull(server, temporary: temporary)
        #expect(result.status == 3)
        #expect(result.stderr.contains("larger than 1 GiB (it announces 2147483648 bytes); refused"), "\(result.stderr)")
        server.stop()
        // Socket buffers hold a few MiB; reading the body would have taken 1 GiB.
        #expect(server.sent < 64 << 20, "\(server.sent) bytes sent")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// No length and no end (a 1 GiB stream), with the limit lowered to 4 MiB for the test:
    /// refused once past it; what was read went to a temporary file that is gone.
    @Test func anUnannouncedBodyIsReadOnlyToTheLimit() throws {
        let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
        let server = try LoopbackServer { _, _ in .stream(head: head, total: 1 << 30, chunk: 1 << 16, pause: 0) }
        defer { server.stop() }
        let temporary = try Scratch.directory("cc-bounded-tmp")
        let result = try pull(server, temporary: temporary, environment: ["CUSTOMER_CENTER_TEST_PULL_LIMIT": String(4 << 20)])
        #expect(result.status == 3)
        #expect(result.stderr.contains("larger than 4 MiB (it sent more than 4194304 bytes); refused"), "\(result.stderr)")
        server.stop()
        #expect(server.sent < 64 << 20, "\(server.sent) bytes sent")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// Against a server streaming 1 GiB without a length, with the limit at 256 MiB: refused,
    /// and the whole process (curl included) never held more than 64 MiB.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "skipped: no /usr/bin/python3 to measure with"))
    func anUnannouncedStreamIsNotHeldInMemory() throws {
        let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
        let server = try LoopbackServer { _, _ in .stream(head: head, total: 1 << 30, chunk: 1 << 16, pause: 0) }
        defer { server.stop() }
        let temporary = try Scratch.directory("cc-bounded-tmp")
        let dir = try Scratch.directory("cc-bounded")
        var env = ProcessInfo.processInfo.environment
        for (name, value) in ["REVENUECAT_API_KEY": "sk_test_bounded", "REVENUECAT_API_URL": server.url, "CUSTOMER_CENTER_PULL_RETRIES": "0",
                              "TMPDIR": temporary.path, "CUSTOMER_CENTER_TEST_PULL_LIMIT": String(256 << 20)] { env[name] = value }
        let arguments = ["pull", "--project", "p", "--customer", "c", "--platform", "ios", "--locale", "en", "-o", dir.appendingPathComponent("live.json").path]
        let (status, peak) = try Self.peakMemory(CLI.binary.path, arguments, environment: env)
        #expect(status == 3)
        #expect(peak < 64 << 20, "peak RSS \(peak >> 20) MiB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// Runs `path` to its end; its exit status and peak RSS, as a child of a small python3
    /// (`getrusage(RUSAGE_CHILDREN)`): measured from this test process, the peak would include
    /// this process's own memory, which the kernel carries into a child's peak at its exec.
    static func peakMemory(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, Int) {
        let script = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let run = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path] + arguments, environment: environment)
        let words = run.stdout.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        guard words.count == 2 else { throw POSIXError(.EIO) }
        return (Int32(words[0]), words[1] * OS.peakMemoryUnit)  // KiB on Linux, bytes on Apple systems
    }
}
