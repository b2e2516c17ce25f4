import Foundation
import Testing

/// `pull` (docs/pull.md) against a server on 127.0.0.1 that each test starts and stops: the real
/// response of Examples/response.json, then every failure the issue lists. The key must never
/// show in the output, and a failure writes nothing.
@Suite(.enabled(if: SystemCurl.path != nil, "skipped: no 'curl' on PATH (pull runs the system curl)"))
struct PullCommandTests {
    static let key = "sk_test_DoNotPrintMe_8f3a61"
    static let response = (try? [UInt8](Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/response.json")))) ?? []

    /// Runs `pull` with the key, the server's URL and fast retries; checks the key stays secret.
    func pull(_ arguments: [String], server: LoopbackServer?, in directory: URL, environment: [String: String] = [:]) throws -> CLIResult {
        var env = ["REVENUECAT_API_KEY": Self.key, "CUSTOMER_CENTER_PULL_BACKOFF": "0.05", "CUSTOMER_CENTER_PULL_RETRIES": "2"]
        if let server { env["REVENUECAT_API_URL"] = server.url }
        for (name, value) in environment { env[name] = value }
        let result = try CLI.run(["pull", "--project", "proj1", "--customer", "user 1/é"] + arguments, in: directory, environment: env)
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key), "the API key was printed")
        return result
    }

    func files(in directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func savesTheBodyByteForByte() throws {
        let server = try LoopbackServer { _, _ in LoopbackServer.answer(200, Self.response) }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["--platform", "ios", "--locale", "de_DE", "-o", "live.json"], server: server, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try [UInt8](Data(contentsOf: directory.appendingPathComponent("live.json"))) == Self.response)
        #expect(files(in: directory) == ["live.json"])
        let request = try #require(server.requests.first)
        #expect(request.target == "/v2/projects/proj1/customers/user%201%2F%C3%A9/customer_center?platform=ios&locale=de_DE")
        #expect(request.header("Authorization") == "Bearer \(Self.key)")
        // Without -o the body goes to standard output, unchanged.
        let printed = try pull([], server: server, in: directory)
        #expect(printed.status == 0)
        #expect(Array(printed.stdout.utf8) == Self.response)
        #expect(server.requests.last?.target == "/v2/projects/proj1/customers/user%201%2F%C3%A9/customer_center")
    }

    /// Each failure: one line, exit 3, an existing output file untouched, nothing else written.
    @Test(arguments: [
        (401, "REVENUECAT_API_KEY"), (403, "customer_information:customers:read"), (404, "not found"),
        (503, "gave up after 3 requests"), (429, "gave up after 3 requests"), (400, "the API answered 400"),
    ])
    func failingStatusesWriteNothing(status: Int, says: String) throws {
        let server = try LoopbackServer { _, _ in LoopbackServer.answer(status, Array(#"{"type":"x","message":"echo sk_test_DoNotPrintMe_8f3a61"}"#.utf8), headers: status == 429 ? ["Retry-After": "0"] : [:]) }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        try "old".write(to: directory.appendingPathComponent("live.json"), atomically: true, encoding: .utf8)
        let result = try pull(["-o", "live.json"], server: server, in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
        #expect(try String(contentsOf: directory.appendingPathComponent("live.json"), encoding: .utf8) == "old")
        #expect(files(in: directory) == ["live.json"])
        #expect(server.requests.count == ([429, 503].contains(status) ? 3 : 1))
    }

    /// The API's message is a JSON string: its escapes are read, not shown (`\u00e9` is é, a pair
    /// of surrogates one emoji, a line break a space on the one line).
    @Test func theAPIMessageIsDecoded() throws {
        let body = #"{"type":"parameter_error","message":"Param\u00e8tre invalide:\nproject \"x\" \ud83d\ude00\/v2"}"#
        let server = try LoopbackServer { _, _ in LoopbackServer.answer(400, Array(body.utf8)) }
        defer { server.stop() }
        let result = try pull([], server: server, in: try CLI.temporaryDirectory())
        #expect(result.status == 3)
        #expect(result.stderr.contains(#"the API answered 400: Paramètre invalide: project "x" 😀/v2"#), "\(result.stderr)")
    }

    @Test func retriesAfterRetryAfterAndBackoff() throws {
        let server = try LoopbackServer { _, index in
            switch index {
            case 0: return LoopbackServer.answer(429, headers: ["Retry-After": "1"])
            case 1: return LoopbackServer.answer(502)
            default: return LoopbackServer.answer(200, Self.response)
            }
        }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let started = Date()
        let result = try pull(["-o", "live.json"], server: server, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1, "Retry-After: 1 was not waited for")
        #expect(server.requests.count == 3)
        #expect(result.stderr.contains("rate limited") && result.stderr.contains("(502)"))
        // A Retry-After longer than allowed fails at once instead of hanging the job.
        let patient = try LoopbackServer { _, _ in LoopbackServer.answer(429, headers: ["Retry-After": "3600"]) }
        defer { patient.stop() }
        let refused = try pull(["-o", "other.json"], server: patient, in: directory)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("3600 s"))
        #expect(patient.requests.count == 1)
    }

    @Test func brokenBodiesAreRefused() throws {
        let bodies: [(LoopbackServer.Answer, String)] = [
            (.raw(Array("HTTP/1.1 200 OK\r\nContent-Length: \(Self.response.count)\r\n\r\n".utf8) + Self.response.prefix(300)), "cut short"),
            (LoopbackServer.answer(200, Array("<html>Gateway</html>".utf8)), "not whole JSON"),
            (.raw(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + Self.response.prefix(300)), "not whole JSON"),
            (LoopbackServer.answer(200, Array("[1, 2]".utf8)), "not an object"),
        ]
        for (answer, says) in bodies {
            let server = try LoopbackServer { _, _ in answer }
            defer { server.stop() }
            let directory = try CLI.temporaryDirectory()
            let result = try pull(["-o", "live.json"], server: server, in: directory)
            #expect(result.status == 3, "\(says)")
            #expect(result.stderr.contains(says), "\(result.stderr)")
            #expect(files(in: directory).isEmpty)
        }
    }

    /// A silent server: curl's time limit ends the request.
    @Test func timesOut() throws {
        let server = try LoopbackServer { _, _ in .silence(3) }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["--timeout", "1", "-o", "live.json"], server: server, in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("timed out"), "\(result.stderr)")
        #expect(files(in: directory).isEmpty)
    }

    /// While curl runs, no process on the machine has the key in its command line
    /// (/proc/*/cmdline is world-readable). Linux only: elsewhere there is no /proc to read.
    @Test(.enabled(if: procCommandLinesReadable, "skipped: no /proc/self/cmdline (not Linux), so the key-leak scan cannot look"))
    func keepsTheKeyOutOfArgv() throws {
        let leaked = LockedFlag()
        let scanned = LockedFlag()
        let server = try LoopbackServer { _, _ in
            leaked.set(PullCommandTests.commandLinesContainKey())
            scanned.set(true)
            return .silence(3)
        }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["--timeout", "1", "-o", "live.json"], server: server, in: directory)
        #expect(result.status == 3)
        #expect(scanned.value, "the scan ran while curl was connected")
        #expect(leaked.value == false, "the API key is in some process's argv")
    }

    static let procCommandLinesReadable = FileManager.default.isReadableFile(atPath: "/proc/self/cmdline")

    static func commandLinesContainKey() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        return entries.contains { entry in
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(key)
        }
    }

    /// A redirect to another host (`localhost`, where the API is `127.0.0.1`: both on the loopback
    /// interface every system configures; macOS has no 127.0.0.2) is not followed: the second
    /// server never sees the key.
    @Test func refusesARedirectToAnotherHost() throws {
        let other = try LoopbackServer { _, _ in LoopbackServer.answer(200, Self.response) }
        defer { other.stop() }
        let server = try LoopbackServer { _, _ in LoopbackServer.answer(302, headers: ["Location": "http://localhost:\(other.port)/v2/steal"]) }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["-o", "live.json"], server: server, in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("another host"), "\(result.stderr)")
        #expect(other.requests.isEmpty)
        #expect(files(in: directory).isEmpty)
        // The same host moving the resource is followed.
        let moving = try LoopbackServer { request, _ in
            request.target.hasPrefix("/moved") ? LoopbackServer.answer(200, Self.response) : LoopbackServer.answer(307, headers: ["Location": "/moved"])
        }
        defer { moving.stop() }
        let followed = try pull(["-o", "live.json"], server: moving, in: directory)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(moving.requests.last?.header("Authorization") == "Bearer \(Self.key)")
    }

    /// A redirect that leaves the API's scheme, host or port is refused however it is written
    /// (`{other}`: a second server on the same address; `{host}`: the API's own host:port): the
    /// second server never sees the key and nothing is written.
    @Test(arguments: ["http://127.0.0.1:{other}/v2/steal", "//127.0.0.1:{other}/steal", "HTTP://127.0.0.1:{other}/steal",
                      "http://127.0.0.1:{other}", "https://{host}/steal", "http://{host}@127.0.0.1:{other}/steal",
                      "http://localhost:{other}/steal"])
    func refusesARedirectThatLeavesTheOrigin(location: String) throws {
        let other = try LoopbackServer { _, _ in LoopbackServer.answer(200, Self.response) }
        defer { other.stop() }
        let server = try LoopbackServer { request, _ in
            let target = location.replacingOccurrences(of: "{host}", with: request.header("Host") ?? "")
                .replacingOccurrences(of: "{other}", with: String(other.port))
            return LoopbackServer.answer(302, headers: ["Location": target])
        }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["-o", "live.json"], server: server, in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("refused a redirect (302) to another host, port or scheme"), "\(result.stderr)")
        #expect(other.requests.isEmpty && server.requests.count == 1)
        #expect(files(in: directory).isEmpty)
    }

    @Test func tlsFailureIsOneLine() throws {
        let server = try LoopbackServer { _, _ in LoopbackServer.answer(200, Self.response) }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["-o", "live.json", "--api-url", "https://127.0.0.1:\(server.port)"], server: nil, in: directory)
        #expect(result.status == 3)
        #expect(result.stderr.contains("TLS failure"), "\(result.stderr)")
        #expect(files(in: directory).isEmpty)
    }

    @Test func usageAndEnvironmentErrors() throws {
        let directory = try CLI.temporaryDirectory()
        let flag = try pull(["--api-key", "sk_given_on_argv"], server: nil, in: directory)
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("REVENUECAT_API_KEY") && !flag.stderr.contains("sk_given_on_argv"))
        let noKey = try pull([], server: nil, in: directory, environment: ["REVENUECAT_API_KEY": ""])
        #expect(noKey.status == 2 && noKey.stderr.contains("customer_information:customers:read"))
        let localeAlone = try pull(["--locale", "de"], server: nil, in: directory)
        #expect(localeAlone.status == 2)
        let lintToStdout = try pull(["--lint"], server: nil, in: directory)
        #expect(lintToStdout.status == 2)
        // The retry limits the environment sets are checked (RetryPolicy(environment:)).
        let retries = try pull([], server: nil, in: directory, environment: ["CUSTOMER_CENTER_PULL_RETRIES": "99"])
        #expect(retries.status == 2 && retries.stderr.contains("CUSTOMER_CENTER_PULL_RETRIES must be a number from 0 to 10"))
        // No curl on PATH: said plainly, exit 3.
        let noCurl = try pull(["-o", "live.json"], server: nil, in: directory, environment: ["PATH": directory.path, "REVENUECAT_API_URL": "http://127.0.0.1:9"])
        #expect(noCurl.status == 3 && noCurl.stderr.contains("curl"), "\(noCurl.stderr)")
        #expect(files(in: directory).isEmpty)
    }

    /// `--lint` gives what `lint` gives on the saved file: output and exit code.
    @Test func lintMatchesTheLintCommand() throws {
        // Well-formed JSON with an error finding: a title key that names no string.
        let example = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"), encoding: .utf8)
        let broken = Array(example.replacingOccurrences(of: "\"title_key\": \"", with: "\"title_key\": \"missing_").utf8)
        for body in [Self.response, broken] {
            let server = try LoopbackServer { _, _ in LoopbackServer.answer(200, body) }
            defer { server.stop() }
            let directory = try CLI.temporaryDirectory()
            let pulled = try pull(["--platform", "ios", "-o", "live.json", "--lint", "--format", "json"], server: server, in: directory)
            let linted = try CLI.run(["lint", "--platform", "ios", "--format", "json", "live.json"], in: directory)
            #expect(pulled.status == linted.status)
            #expect(body == Self.response ? linted.status == 0 : linted.status == 1)
            #expect(pulled.stdout == linted.stdout, "\(pulled.stderr)")
            let strict = try pull(["--platform", "ios", "-o", "live.json", "--lint", "--strict"], server: server, in: directory)
            let lintStrict = try CLI.run(["lint", "--platform", "ios", "--strict", "live.json"], in: directory)
            #expect(strict.status == lintStrict.status)
        }
    }

    /// `--locale all`: the locales of the unprocessed config, each platform, one file each.
    @Test func everyLocaleIntoItsOwnFile() throws {
        let authoring = try [UInt8](Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")))
        let server = try LoopbackServer { request, _ in
            request.target.contains("platform=") ? LoopbackServer.answer(200, Self.response) : LoopbackServer.answer(200, authoring)
        }
        defer { server.stop() }
        let directory = try CLI.temporaryDirectory()
        let result = try pull(["--locale", "all", "--platform", "android", "--out-dir", "live"], server: server, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let written = files(in: directory.appendingPathComponent("live/android"))
        #expect(!written.isEmpty && written.allSatisfy { $0.hasSuffix(".json") })
        #expect(server.requests.count == written.count + 1)
        #expect(server.requests.dropFirst().allSatisfy { $0.target.contains("platform=android&locale=") })
        // One failing locale: nothing at all is written.
        let flaky = try LoopbackServer { request, index in
            index == 2 ? LoopbackServer.answer(404) : (request.target.contains("platform=") ? LoopbackServer.answer(200, Self.response) : LoopbackServer.answer(200, authoring))
        }
        defer { flaky.stop() }
        let empty = try CLI.temporaryDirectory()
        let failed = try pull(["--locale", "all", "--platform", "ios", "--out-dir", "live"], server: flaky, in: empty)
        #expect(failed.status == 3)
        #expect(files(in: empty).isEmpty)
    }
}

/// The curl `pull` would run, if any.
enum SystemCurl {
    static let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/curl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A flag another thread sets.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool { lock.withLock { stored } }
    func set(_ flag: Bool) { lock.withLock { stored = stored || flag } }
}
