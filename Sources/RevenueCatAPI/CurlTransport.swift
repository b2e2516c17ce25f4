import ProcessSupport
import PlatformLayer

/// One HTTP GET through the system `curl`, run as a subprocess.
///
/// Why curl and not Foundation's `URLSession`: on Linux, FoundationNetworking links libcurl
/// (and its TLS stack) dynamically, so a binary built with `--static-swift-stdlib` would need
/// those shared libraries on the machine anyway and the lint library's fast start would pay for
/// Foundation. The system curl is on every CI image, keeps the release binary self-contained,
/// and honours the machine's proxy settings and CA store.
///
/// The API key never appears in any process's argv (other users can read `/proc/*/cmdline`):
/// curl's argv is `curl -q --config -` and every option, the URL and the `Authorization`
/// header included, arrives on its standard input. `-q` keeps a user's `~/.curlrc` (which
/// could say `location`, following redirects) out of it. Redirects are never followed by curl.
struct CurlTransport: Sendable {
    /// What curl brought back.
    struct Reply: Sendable {
        /// curl's exit status (0: a complete HTTP exchange, whatever its status code).
        var curlStatus: Int32
        /// The final response's status code; 0 when none arrived.
        var statusCode: Int
        /// Header fields of the final response, names lower-cased.
        var headers: [(name: String, value: String)]
        /// The body as it came.
        var body: [UInt8]
        /// curl's own error line, if any.
        var curlMessage: String
        /// The watchdog killed curl (it outlived its own time limit).
        var killed: Bool
        /// Why the transfer was stopped before its end (the body over the limit), if it was.
        var refusal: String?

        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    }

    /// Bodies larger than this are refused (the linter's own input cap), announced or not.
    static let maxBody = 1 << 30

    let executable: String

    /// The first `curl` on `PATH`, or `nil`.
    static func find(path: String?) -> CurlTransport? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/curl"
            if access(candidate, X_OK) == 0 { return CurlTransport(executable: candidate) }
        }
        return nil
    }

    /// The config text curl reads from standard input. Values are quoted with curl's escapes.
    static func configText(url: String, bearer: String, userAgent: String, timeout: Double) -> String {
        func quoted(_ value: String) -> String {
            "\"" + value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        }
        let seconds = String(max(1, Int(timeout.rounded(.up))))
        return [
            "url = " + quoted(url),
            "header = " + quoted("Authorization: Bearer " + bearer),
            "header = " + quoted("Accept: application/json"),
            "user-agent = " + quoted(userAgent),
            "silent", "show-error",
            "proto = \"=http,https\"",
            "dump-header = \"-\"",
            "max-time = " + seconds,
            "connect-timeout = " + String(min(10, max(1, Int(timeout.rounded(.up))))),
        ].joined(separator: "\n") + "\n"
    }

    /// Runs one request; `nil` when curl could not be started. Its output is read as it
    /// arrives (``ReplyReader``): the transfer stops at the limit, never holding the body past it.
    func get(url: String, bearer: String, userAgent: String, timeout: Double) -> Reply? {
        let config = Self.configText(url: url, bearer: bearer, userAgent: userAgent, timeout: timeout)
        let reader = ReplyReader(limit: Self.bodyLimit)
        guard let run = ProcessRunner.run(executable, ["-q", "--config", "-"], input: Array(config.utf8), captureErrors: true,
                                          timeout: timeout + 5, consume: reader.consume) else { return nil }
        let body = reader.finish()
        var reply = reader.reply
        reply.body = body
        reply.curlStatus = run.status ?? -1
        reply.killed = run.status == nil && !run.outputLimitReached
        reply.refusal = reader.refusal
        reply.curlMessage = String(decoding: run.errorOutput.prefix(1000), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
        return reply
    }

    /// ``maxBody``; in debug builds `CUSTOMER_CENTER_TEST_PULL_LIMIT` (bytes) lowers it, so a
    /// test can stream past it in moments.
    static var bodyLimit: Int {
        #if DEBUG
        if let text = getenv("CUSTOMER_CENTER_TEST_PULL_LIMIT"), let bytes = Int(String(cString: text)) { return bytes }
        #endif
        return maxBody
    }

    /// Splits `--dump-header -` output: header blocks (interim 1xx and a proxy's CONNECT reply
    /// come first), then the body.
    static func split(_ output: [UInt8], into reply: inout Reply) {
        var start = 0
        let prefix = Array("HTTP/".utf8)
        while output.count - start >= prefix.count, Array(output[start..<start + prefix.count]) == prefix {
            guard let end = blockEnd(output, from: start) else { break }
            let lines = String(decoding: output[start..<end.headerEnd], as: UTF8.self)
                .split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
            let statusWords = lines.first?.split(separator: " ") ?? []
            reply.statusCode = statusWords.count > 1 ? Int(statusWords[1]) ?? 0 : 0
            reply.headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingSpaces())
            }
            start = end.bodyStart
        }
        reply.body = Array(output[start...])
    }

    private static func blockEnd(_ bytes: [UInt8], from start: Int) -> (headerEnd: Int, bodyStart: Int)? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x0A {
                if bytes[i + 1] == 0x0A { return (i, i + 2) }
                if bytes[i + 1] == 0x0D, i + 2 < bytes.count, bytes[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The range of the first occurrence of `target`, compared by characters.
    func range(of target: String) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) { return index..<(self.index(index, offsetBy: target.count)) }
            index = self.index(after: index)
        }
        return nil
    }
}
