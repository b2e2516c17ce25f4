/// Where requests go: the API's base URL (`https://api.revenuecat.com` or a proxy / test server)
/// and the origin the API key may be sent to.
public struct Endpoint: Sendable, Equatable {
    /// The default base URL of RevenueCat's REST API.
    public static let defaultBase = "https://api.revenuecat.com"

    /// `http` or `https`.
    public let scheme: String
    /// Host name or address, lower-cased (an IPv6 address keeps its brackets).
    public let host: String
    /// The port, or the scheme's default.
    public let port: Int
    /// The base URL without a trailing slash (a proxy may put the API under a path).
    public let base: String

    /// Reads a base URL; `nil` (with why in `reason`) for anything but `http(s)://host[:port][/path]`.
    public init?(base raw: String, reason: inout String) {
        var text = raw
        while text.hasSuffix("/") { text.removeLast() }
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else {
            reason = "the API URL must start with https:// or http://"
            return nil
        }
        let rest = text.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if rest.contains("?") || rest.contains("#") {
            reason = "the API URL takes no query or fragment"
            return nil
        }
        // Credentials in the URL would travel in argv-visible places; the key has its own way in.
        if authority.contains("@") {
            reason = "the API URL must not hold credentials (user@host)"
            return nil
        }
        guard let origin = Endpoint.origin(of: String(authority), scheme: scheme) else {
            reason = "the API URL has no valid host[:port]"
            return nil
        }
        if text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            reason = "the API URL holds a space, a quote or a control character"
            return nil
        }
        self.scheme = scheme
        self.host = origin.host
        self.port = origin.port
        self.base = text
    }

    /// `host:port` as people read it in messages.
    public var hostDescription: String { "\(host):\(port)" }

    /// The URL of the customer's Customer Center config, ids percent-encoded.
    public func customerCenterURL(project: String, customer: String, platform: String?, locale: String?) -> String {
        var url = base + "/v2/projects/" + Endpoint.percentEncoded(project) + "/customers/" + Endpoint.percentEncoded(customer) + "/customer_center"
        var query: [String] = []
        if let platform { query.append("platform=" + Endpoint.percentEncoded(platform)) }
        if let locale { query.append("locale=" + Endpoint.percentEncoded(locale)) }
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        return url
    }

    /// Whether a redirect's `Location` stays on this origin (same scheme, host and port); a
    /// relative location always does. The absolute URL to follow, or `nil` when it leaves.
    public func sameOriginTarget(of location: String) -> (url: String, sameOrigin: Bool, origin: String) {
        let lower = location.lowercased()
        if location.hasPrefix("//") {
            return resolvedAbsolute(scheme + ":" + location)
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return resolvedAbsolute(location)
        }
        let root = "\(scheme)://\(rawAuthority)"
        let url = location.hasPrefix("/") ? root + location : base + "/" + location
        return (url, true, hostDescription)
    }

    private var rawAuthority: String {
        let rest = base.dropFirst(scheme.count + 3)
        return String(rest.prefix { $0 != "/" })
    }

    private func resolvedAbsolute(_ url: String) -> (url: String, sameOrigin: Bool, origin: String) {
        let lower = url.lowercased()
        let scheme = lower.hasPrefix("https://") ? "https" : "http"
        let authority = url.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let origin = Endpoint.origin(of: String(authority), scheme: scheme) else { return (url, false, String(authority)) }
        let same = scheme == self.scheme && origin.host == host && origin.port == port && !authority.contains("@")
        return (url, same, "\(scheme)://\(origin.host):\(origin.port)")
    }

    /// Host and port of `host[:port]`, `[v6]:port` kept bracketed.
    static func origin(of authority: String, scheme: String) -> (host: String, port: Int)? {
        let defaultPort = scheme == "https" ? 443 : 80
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        var port = defaultPort
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else { return nil }
            port = value
        }
        return (host.lowercased(), port)
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters.
    public static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
