import PlatformLayer

/// The thin outside of the server: bytes from stdin to the core, its messages to stdout. Messages
/// that are already waiting are read before any is handled, so a `$/cancelRequest` is seen before
/// the request it cancels; diagnostics are published once the waiting messages are handled, so a
/// burst of edits is linted once, at its newest version. Nothing else is ever written to stdout.
package enum StdioLoop {
    /// Serves until `exit` or the end of input; returns the process's exit status.
    package static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var server = Server(readFile: readFile)
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Wait for input, then take everything that is already there.
            guard readAvailable(input, into: &framer, chunk: &chunk, block: true) else { return server.exitCode ?? 1 }
            while readAvailable(input, into: &framer, chunk: &chunk, block: false) {}
            var messages: [[UInt8]] = []
            var replies: [JSON] = []
            while let frame = framer.next() {
                switch frame {
                case .message(let body): messages.append(body)
                case .malformed(let why): replies.append(Message.error(id: .null, code: -32700, "unreadable message header: \(why)"))
                }
            }
            let parsed = messages.map { ($0, JSON.parse($0)) }
            // Cancellations first.
            for (_, message) in parsed where message?["method"]?.string == "$/cancelRequest" {
                replies += server.handle(message!)
            }
            for (body, message) in parsed where message?["method"]?.string != "$/cancelRequest" {
                replies += message.map { server.handle($0) } ?? server.handle(body: body)
                if let code = server.exitCode {
                    write(replies, to: output)
                    return code
                }
            }
            replies += server.publishPending()
            write(replies, to: output)
        }
    }

    /// Reads what is there (waiting for it when `block`); `false` at the end of input or when
    /// nothing was waiting.
    static func readAvailable(_ fd: Int32, into framer: inout MessageFramer, chunk: inout [UInt8], block: Bool) -> Bool {
        if !block {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                framer.append(chunk[0..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    static func write(_ messages: [JSON], to fd: Int32) {
        for message in messages {
            let bytes = MessageFramer.frame(message.serialized)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { OS.write(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
    }

    /// A whole file, or `nil`.
    @Sendable static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
