import ProcessSupport
import PlatformLayer

extension CurlTransport {
    /// curl's output (`--dump-header -`: header blocks, then the body) taken as it arrives, so
    /// a hostile server is bounded (docs/pull.md "Limits"): an announced `Content-Length` over
    /// the limit stops the transfer before the body; an unannounced body is counted and stopped
    /// at the limit + 1 byte; past ``inMemory`` bytes it goes to a temporary file (removed after,
    /// or by a signal) instead of memory.
    final class ReplyReader {
        /// The longest run of header blocks accepted.
        static let maxHead = 1 << 20
        /// Body bytes kept in memory before the rest goes to a temporary file.
        static let inMemory = 1 << 20

        let limit: Int
        private(set) var reply: Reply
        /// Why the transfer was stopped (the body or its headers over the limit).
        private(set) var refusal: String?
        private var head: [UInt8] = []
        private var inBody = false
        private var body: [UInt8] = []
        private var received = 0
        private var spill: Int32 = -1
        private var spillPath = ""

        init(limit: Int) {
            self.limit = limit
            reply = Reply(curlStatus: -1, statusCode: 0, headers: [], body: [], curlMessage: "", killed: false)
        }

        deinit { discard() }

        /// Takes one chunk; `false` stops the transfer.
        func consume(_ chunk: ArraySlice<UInt8>) -> Bool {
            if inBody { return take(chunk) }
            head += chunk
            return parseHead()
        }

        /// The whole body (read back from the temporary file, which is removed), once curl
        /// ended; nothing when the transfer was refused.
        func finish() -> [UInt8] {
            if refusal != nil {
                discard()
                body = []
                return []
            }
            if !inBody {
                // The stream ended inside what looked like headers: parse what is complete.
                var partial = reply
                CurlTransport.split(head, into: &partial)
                reply.statusCode = partial.statusCode
                reply.headers = partial.headers
                return partial.body
            }
            guard spill >= 0 else { return body }
            var all: [UInt8] = []
            all.reserveCapacity(received)
            lseek(spill, 0, SEEK_SET)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(spill, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                all += chunk[0..<n]
            }
            discard()
            return all
        }

        /// Header blocks as long as the bytes begin with `HTTP/` (interim 1xx and a proxy's
        /// CONNECT answer come first); the first byte after them starts the body.
        private func parseHead() -> Bool {
            let prefix = Array("HTTP/".utf8)
            var start = 0
            while true {
                let rest = head.count - start
                if rest < prefix.count {
                    if Array(head[start...]) == Array(prefix.prefix(rest)) { break }  // maybe the next block
                } else if Array(head[start..<start + prefix.count]) == prefix {
                    guard let end = Self.blockEnd(head, from: start) else { break }
                    var block = reply
                    CurlTransport.split(Array(head[start..<end]), into: &block)
                    reply.statusCode = block.statusCode
                    reply.headers = block.headers
                    start = end
                    continue
                }
                // The body begins.
                inBody = true
                let first = head[start...]
                head = []
                if let announced = reply.header("content-length").flatMap({ Int($0) }), announced > limit {
                    refusal = "announces \(announced) bytes"
                    return false
                }
                return take(first)
            }
            if head.count > Self.maxHead {
                refusal = "sent more than \(Self.maxHead >> 20) MiB of headers"
                return false
            }
            return true
        }

        private func take(_ chunk: ArraySlice<UInt8>) -> Bool {
            received += chunk.count
            if received > limit {
                refusal = "sent more than \(limit) bytes"
                return false
            }
            if spill < 0, body.count + chunk.count > Self.inMemory {
                guard openSpill() else {
                    refusal = "cannot hold its answer: \(String(cString: strerror(errno)))"
                    return false
                }
                guard write(body[...]) else { return false }
                body = []
            }
            if spill >= 0 { return write(chunk) }
            body += chunk
            return true
        }

        private func openSpill() -> Bool {
            let base = OS.temporaryFolder()
            var template = Array((base + "/customer-center-pull-XXXXXX").utf8CString)
            // Signals wait until the new file is tracked: one arriving between would leave it.
            InterruptCleanup.blockSignals()
            defer { InterruptCleanup.unblockSignals() }
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return false }
            spill = fd
            spillPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            InterruptCleanup.track(folder: spillPath) { _ = unlink($0) }
            return true
        }

        private func write(_ bytes: ArraySlice<UInt8>) -> Bool {
            let ok = bytes.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let n = Glibc_or_Darwin_write(spill, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += n
                }
                return true
            }
            if !ok { refusal = "cannot hold its answer: \(String(cString: strerror(errno)))" }
            return ok
        }

        private func discard() {
            guard spill >= 0 else { return }
            close(spill)
            unlink(spillPath)
            spill = -1
            InterruptCleanup.forget(folder: spillPath)
        }

        static func blockEnd(_ bytes: [UInt8], from start: Int) -> Int? {
            var i = start
            while i + 1 < bytes.count {
                if bytes[i] == 0x0A {
                    if bytes[i + 1] == 0x0A { return i + 2 }
                    if bytes[i + 1] == 0x0D, i + 2 < bytes.count, bytes[i + 2] == 0x0A { return i + 3 }
                }
                i += 1
            }
            return nil
        }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
private func Glibc_or_Darwin_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
