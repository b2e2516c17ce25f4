import Foundation
import PlatformLayer

/// A tiny HTTP/1.1 server on a loopback address for `pull`'s tests: one thread, one connection
/// at a time, each answer decided by a closure from the request. Every wait is bounded; `stop()`
/// (or the end of the test) closes the socket and joins the thread.
final class LoopbackServer: @unchecked Sendable {
    /// What to send back for one request.
    enum Answer {
        /// These bytes, exactly (status line, headers, body), then close.
        case raw([UInt8])
        /// Read the request, say nothing for this many seconds, then close.
        case silence(Double)
        /// `head`, then up to `total` body bytes in pieces of `chunk`, `pause` seconds apart, until
        /// the client stops reading or the server stops; the body bytes sent are counted (`sent`).
        case stream(head: [UInt8], total: Int, chunk: Int, pause: Double)
    }

    /// One request as it arrived.
    struct Request {
        var head: String
        var target: String { head.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
    }

    let address: String
    private(set) var port: UInt16 = 0
    private let socketFD: Int32
    private let lock = NSLock()
    private var running = true
    private var received: [Request] = []
    private var sentBody = 0
    private let finished = DispatchSemaphore(value: 0)
    private let respond: @Sendable (Request, Int) -> Answer

    /// Listens on `address` (a free port) and answers with `respond(request, index)`.
    init(address: String = "127.0.0.1", respond: @escaping @Sendable (Request, Int) -> Answer) throws {
        self.address = address
        self.respond = respond
        socketFD = socket(AF_INET, OS.streamSocketType, 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        inet_pton(AF_INET, address, &addr.sin_addr)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(socketFD, 16) == 0 else { close(socketFD); throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
        port = UInt16(bigEndian: addr.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { stop() }

    /// `http://address:port`.
    var url: String { "http://\(address):\(port)" }

    /// The requests so far.
    var requests: [Request] { lock.withLock { received } }

    /// Body bytes a `.stream` answer has sent so far.
    var sent: Int { lock.withLock { sentBody } }

    /// Stops accepting and waits (at most 10 s) for the serving thread to end.
    func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { _ = finished.wait(timeout: .now() + 10) }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func serve() {
        defer { close(socketFD); finished.signal() }
        var index = 0
        while isRunning {
            var descriptor = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { continue }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !bytes.containsHeaderEnd {
                let n = recv(client, &chunk, chunk.count, 0)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            let request = Request(head: String(decoding: bytes, as: UTF8.self))
            lock.withLock { received.append(request) }
            switch respond(request, index) {
            case .raw(let answer):
                var offset = 0
                while offset < answer.count {
                    let n = answer[offset...].withUnsafeBytes { OS.sendWithoutSignal(client, $0.baseAddress, $0.count) }
                    if n <= 0 { break }
                    offset += n
                }
            case .stream(let head, let total, let size, let pause):
                var ok = head.withUnsafeBytes { OS.sendWithoutSignal(client, $0.baseAddress, $0.count) } == head.count
                let piece = [UInt8](repeating: UInt8(ascii: "x"), count: size)
                var left = total
                while ok, left > 0, isRunning {
                    let n = piece.withUnsafeBytes { OS.sendWithoutSignal(client, $0.baseAddress, min(left, $0.count)) }
                    if n <= 0 {
                        ok = false
                    } else {
                        left -= n
                        lock.withLock { sentBody += n }
                        if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
                    }
                }
            case .silence(let seconds):
                let end = Date().addingTimeInterval(seconds)
                while Date() < end, isRunning { usleep(20_000) }
            }
            close(client)
            index += 1
        }
    }

    /// A whole HTTP answer: status, headers (Content-Length added unless given) and body.
    static func answer(_ status: Int, _ body: [UInt8] = [], headers: [String: String] = [:]) -> Answer {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        var all = headers
        if all["Content-Length"] == nil { all["Content-Length"] = String(body.count) }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return .raw(Array((head + "\r\n").utf8) + body)
    }
}

extension Array where Element == UInt8 {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return true }
        return false
    }
}
