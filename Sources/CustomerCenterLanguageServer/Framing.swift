/// The base protocol's framing: `Content-Length: N\r\n\r\n` then N bytes of JSON. Bytes arrive in
/// any chunks; `next()` returns each complete message. A header block without a usable
/// `Content-Length` is reported and skipped, and garbage before a header is dropped, so one bad
/// frame never stops the stream.
package struct MessageFramer: Sendable {
    /// What one step of reading found.
    package enum Frame: Sendable, Equatable {
        /// A message body.
        case message([UInt8])
        /// A header block that could not be used, and why; it has been skipped.
        case malformed(String)
    }

    /// Bodies larger than this are refused (and skipped) rather than buffered.
    package static let maximumBody = 256 << 20

    private var buffer: [UInt8] = []
    private var start = 0

    /// An empty framer.
    package init() {}

    /// Adds bytes read from the stream.
    package mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are waiting that do not yet make a whole message.
    package var hasPartialMessage: Bool { start < buffer.count }

    /// The next complete frame, or `nil` until more bytes arrive.
    package mutating func next() -> Frame? {
        // Skip line breaks between messages (some clients send them).
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        guard start < buffer.count else { return nil }
        guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], from: start) else {
            // A header is never this long: drop it rather than wait forever.
            if buffer.count - start > 8192 {
                start = buffer.count
                return .malformed("a header longer than 8 KB; skipped")
            }
            return nil
        }
        // Bytes before the header that are not part of it (the rest of a body whose length was
        // given short, a skipped body): resynchronize at the next `Content-Length`.
        if !isHeaderStart(start), let field = findContentLength(from: start, before: headerEnd) {
            let skipped = field - start
            start = field
            return .malformed("\(skipped) bytes that are not part of a message; skipped")
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        var problem: String?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without ':' (\(String(line.prefix(40))))"
                continue
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                if let parsed = Int(value), parsed >= 0 { length = parsed } else { problem = "Content-Length '\(value.prefix(20))' is not a number" }
            }
        }
        let bodyStart = headerEnd + 4
        guard let length, problem == nil || length >= 0 else {
            start = bodyStart
            return .malformed(problem ?? "no Content-Length header")
        }
        guard length <= Self.maximumBody else {
            start = bodyStart
            return .malformed("Content-Length \(length) is larger than \(Self.maximumBody) bytes")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return .message(body)
    }

    /// Whether a header line starts at `offset` (a field name made of letters and '-', then ':').
    private func isHeaderStart(_ offset: Int) -> Bool {
        var index = offset
        while index < buffer.count, (buffer[index] | 0x20) >= UInt8(ascii: "a") && (buffer[index] | 0x20) <= UInt8(ascii: "z") || buffer[index] == UInt8(ascii: "-") {
            index += 1
        }
        return index > offset && index < buffer.count && buffer[index] == UInt8(ascii: ":")
    }

    /// Where the next `Content-Length:` field (any case) starts, before `limit`.
    private func findContentLength(from offset: Int, before limit: Int) -> Int? {
        let name = Array("content-length:".utf8)
        var index = offset
        while index + name.count <= limit {
            var matches = true
            for (position, expected) in name.enumerated() where buffer[index + position] | (expected >= UInt8(ascii: "a") ? 0x20 : 0) != expected {
                matches = false
                break
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        var index = offset
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0], Array(buffer[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// A message body framed for the stream.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
