import ProcessSupport
import PlatformLayer

/// Fetches Customer Center configs with RevenueCat's REST API v2
/// (`GET /v2/projects/{project}/customers/{customer}/customer_center`). It knows HTTP, the
/// API's statuses and its rate limit; it knows nothing about what a config means.
public struct CustomerCenterClient: Sendable {
    /// Why a fetch failed: one line for people, never holding the API key.
    public struct Failure: Error, Sendable {
        /// One line, lower-case start.
        public var message: String

        /// A failure saying `message`.
        public init(message: String) { self.message = message }
    }

    /// How hard to try again (bounded retries: docs/pull.md, "Errors").
    public struct RetryPolicy: Sendable {
        /// Retries after a 429, a 5xx or a dropped connection (so `retries + 1` requests at most).
        public var retries = 3
        /// The first wait before retrying a 5xx, doubled each time.
        public var backoff = 1.0
        /// The longest `Retry-After` honoured; a longer one fails at once instead of hanging CI.
        public var maxWait = 60.0
        /// Seconds per request, connect and transfer (curl's `--max-time`).
        public var timeout = 30.0
        /// The least time between two requests: 480 requests a minute.
        public var spacing = 60.0 / 480.0

        /// The defaults.
        public init() {}
    }

    /// The request's target.
    public let endpoint: Endpoint
    /// Retries, waits and the time limit.
    public var policy: RetryPolicy
    private let apiKey: String
    private let transport: CurlTransport
    private let userAgent: String
    /// Called before each wait with one line (e.g. `503 from the API; retrying in 2 s (1 of 3)`).
    public var onRetry: @Sendable (String) -> Void = { _ in }

    /// A client, or why not: no curl on `PATH`, or a key that cannot be sent as a header.
    public init(endpoint: Endpoint, apiKey: String, userAgent: String, path: String?, policy: RetryPolicy = RetryPolicy()) throws(Failure) {
        guard !apiKey.isEmpty else { throw Failure(message: "REVENUECAT_API_KEY is empty") }
        // A line break would start another curl option or header; the key is never quoted back.
        if apiKey.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw Failure(message: "REVENUECAT_API_KEY holds a control character or line break; set it to the key alone")
        }
        guard let transport = CurlTransport.find(path: path) else {
            throw Failure(message: "'pull' needs the system 'curl' and none was found on PATH; install curl (\(OS.curlInstallHint)) and try again")
        }
        self.endpoint = endpoint
        self.apiKey = apiKey
        self.transport = transport
        self.userAgent = userAgent
        self.policy = policy
    }

    nonisolated(unsafe) private static var lastRequest = 0.0

    /// The body of the customer's Customer Center config: unprocessed without `platform`, else
    /// for that platform (the API's value, e.g. `ios`) and `locale`. Only a 200 with a whole body
    /// is returned; anything else is a `Failure` after the bounded retries.
    public func customerCenter(project: String, customer: String, platform: String?, locale: String?) throws(Failure) -> [UInt8] {
        var url = endpoint.customerCenterURL(project: project, customer: customer, platform: platform, locale: locale)
        var attempt = 0
        var redirects = 0
        while true {
            pace()
            guard let reply = transport.get(url: url, bearer: apiKey, userAgent: userAgent, timeout: policy.timeout) else {
                throw Failure(message: "could not run '\(transport.executable)': \(String(cString: strerror(errno)))")
            }
            switch try outcome(of: reply, attempt: attempt, project: project, customer: customer) {
            case .done(let body):
                return body
            case .redirect(let location):
                let target = endpoint.sameOriginTarget(of: location)
                guard target.sameOrigin else {
                    throw Failure(message: "refused a redirect (\(reply.statusCode)) to another host, port or scheme, \(redact(target.origin)): the API key is only sent to \(endpoint.scheme)://\(endpoint.hostDescription)")
                }
                redirects += 1
                guard redirects <= 3 else { throw Failure(message: "too many redirects from \(endpoint.hostDescription)") }
                url = target.url
            case .retry(let wait, let why):
                guard attempt < policy.retries else {
                    throw Failure(message: "\(why); gave up after \(attempt + 1) request\(attempt == 0 ? "" : "s")")
                }
                attempt += 1
                onRetry("\(why); retrying in \(Self.seconds(wait)) (\(attempt) of \(policy.retries))")
                Self.sleep(wait)
            }
        }
    }

    enum Outcome {
        case done([UInt8])
        case redirect(String)
        case retry(wait: Double, why: String)
    }

    func outcome(of reply: CurlTransport.Reply, attempt: Int, project: String, customer: String) throws(Failure) -> Outcome {
        let host = endpoint.hostDescription
        if reply.killed { throw Failure(message: "no answer from \(host) within \(Self.seconds(policy.timeout)) (timed out)") }
        if let refusal = reply.refusal {
            let bytes = CurlTransport.bodyLimit
            let limit = bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
            throw Failure(message: "the answer from \(host) is larger than \(limit) (it \(refusal)); refused")
        }
        switch reply.curlStatus {
        case 0: break
        case 28: throw Failure(message: "no answer from \(host) within \(Self.seconds(policy.timeout)) (timed out)")
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            throw Failure(message: "TLS failure talking to \(host): \(redact(reply.curlMessage.droppingCurlPrefix))")
        case 6: throw Failure(message: "cannot resolve the host of \(redact(endpoint.base)): \(redact(reply.curlMessage.droppingCurlPrefix))")
        case 18:
            throw Failure(message: "the answer from \(host) was cut short (truncated body: fewer bytes than announced)")
        case 7, 52, 55, 56:
            // The connection was refused or dropped: worth another try, like a 5xx.
            if reply.statusCode == 0 {
                return .retry(wait: retryBackoff(attempt), why: "cannot reach \(host): \(redact(reply.curlMessage.droppingCurlPrefix))")
            }
            throw Failure(message: "the connection to \(host) broke mid-answer: \(redact(reply.curlMessage.droppingCurlPrefix))")
        default:
            throw Failure(message: "request to \(host) failed (curl exit \(reply.curlStatus)): \(redact(reply.curlMessage.droppingCurlPrefix))")
        }
        let status = reply.statusCode
        let detail = apiMessage(reply.body).map { ": " + $0 } ?? ""
        switch status {
        case 200:
            return .done(reply.body)
        case 301, 302, 303, 307, 308:
            guard let location = reply.header("location"), !location.isEmpty else {
                throw Failure(message: "the API answered \(status) (a redirect) without a Location")
            }
            return .redirect(location)
        case 401:
            throw Failure(message: "the API key was refused (401 Unauthorized)\(detail); set REVENUECAT_API_KEY to a secret v2 key of this project")
        case 403:
            throw Failure(message: "the API key lacks the permission customer_information:customers:read (403 Forbidden)\(detail)")
        case 404:
            throw Failure(message: "project '\(redact(project))' or customer '\(redact(customer))' not found (404)\(detail)")
        case 429:
            let wait = reply.header("retry-after").flatMap { Double($0.trimmingSpaces()) } ?? retryBackoff(attempt)
            if wait > policy.maxWait {
                throw Failure(message: "rate limited (429): the API asks to wait \(Self.seconds(wait)), longer than the \(Self.seconds(policy.maxWait)) allowed")
            }
            return .retry(wait: max(0, wait), why: "rate limited by the API (429)")
        case 500...599:
            return .retry(wait: retryBackoff(attempt), why: "the API failed (\(status))\(detail)")
        case 0:
            throw Failure(message: "\(host) sent no HTTP answer")
        default:
            throw Failure(message: "the API answered \(status)\(detail)")
        }
    }

    /// The wait before the next retry of a 5xx: `backoff`, doubled per retry already made.
    private func retryBackoff(_ attempt: Int) -> Double { policy.backoff * Double(1 << min(attempt, 10)) }

    /// The API's own error text (`{"message": "..."}`), one line and short, or `nil`.
    func apiMessage(_ body: [UInt8]) -> String? {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        guard let key = text.range(of: "\"message\"") else { return nil }
        let rest = text[key.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        let message = Self.jsonStringContent(rest.dropFirst().unicodeScalars)
        let line = String(message.map { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) ? " " : $0 }.prefix(200))
        return line.isEmpty ? nil : redact(line)
    }

    /// The text of a JSON string whose opening quote is already read, escapes decoded (`\u00e9`
    /// is é, a surrogate pair one scalar, `\n` a line break), up to the closing quote.
    static func jsonStringContent(_ scalars: Substring.UnicodeScalarView) -> String {
        var out = String.UnicodeScalarView()
        var iterator = scalars.makeIterator()
        var pendingHigh: UInt32?
        func hex4() -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = iterator.next(), let nibble = UInt32(String(digit), radix: 16) else { return nil }
                value = value << 4 | nibble
            }
            return value
        }
        while let scalar = iterator.next(), scalar != "\"" {
            guard scalar == "\\", let escape = iterator.next() else {
                pendingHigh = nil
                out.append(scalar)
                continue
            }
            let simple: [Unicode.Scalar: Unicode.Scalar] = ["n": "\n", "t": "\t", "r": "\r", "b": "\u{8}", "f": "\u{C}"]
            if escape == "u", let unit = hex4() {
                if (0xD800..<0xDC00).contains(unit) {
                    pendingHigh = unit
                    continue
                }
                if (0xDC00..<0xE000).contains(unit), let high = pendingHigh,
                   let pair = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) {
                    out.append(pair)
                } else {
                    out.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            } else {
                out.append(simple[escape] ?? escape)
            }
            pendingHigh = nil
        }
        return String(out)
    }

    /// `text` with every occurrence of the key replaced: whatever a server or curl echoes.
    public func redact(_ text: String) -> String {
        apiKey.count >= 4 ? text.replacingAll(apiKey, with: "[REDACTED]") : text
    }

    /// Waits until `spacing` has passed since the previous request of this process.
    private func pace() {
        let now = ProcessRunner.monotonicSeconds()
        let wait = Self.lastRequest + policy.spacing - now
        if Self.lastRequest > 0, wait > 0 { Self.sleep(wait) }
        Self.lastRequest = ProcessRunner.monotonicSeconds()
    }

    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
    }
}

extension String {
    /// curl's `curl: (7) Failed to connect…` without its prefix.
    var droppingCurlPrefix: String {
        guard hasPrefix("curl: ("), let close = firstIndex(of: ")") else { return isEmpty ? "no details" : self }
        return String(self[index(after: close)...]).trimmingSpaces()
    }
}
