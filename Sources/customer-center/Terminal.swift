import CustomerCenterCompiler
import PlatformLayer

/// Standard streams and the environment, without Foundation (start-up time matters in hooks).
enum Terminal {
    /// Writes all of `text` to a file descriptor, retrying partial writes.
    static func write(_ text: String, fd: Int32) {
        var copy = text
        copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    /// Writes to standard output.
    static func out(_ text: String) { write(text, fd: 1) }
    /// Writes to standard error.
    static func err(_ text: String) { write(text, fd: 2) }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stdinIsTerminal: Bool { isatty(0) == 1 }

    /// Colour decision of `--color auto`: a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`.
    static func colorAllowed(_ choice: ColorChoice, stream: Int32 = 1) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
            if environment("TERM") == "dumb" { return false }
            return isatty(stream) == 1
        }
    }
}

enum ColorChoice: String, CaseIterable {
    case auto, always, never
}
