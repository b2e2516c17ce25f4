#if canImport(Glibc)
import CustomerCenterCompiler
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing files with plain system calls.
enum FileSystem {
    /// Inputs larger than this are refused (positions are 32-bit; no real config is near it).
    static let maxInputSize = 1 << 30

    struct Failure: Error {
        let message: String
    }

    /// All bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, name: "standard input") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: "cannot read '\(path)': \(errorText())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory")
        }
        return try readAll(fd: fd, name: "'\(path)'")
    }

    private static func readAll(fd: Int32, name: String) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read \(name): \(errorText())")
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            if result.count > maxInputSize {
                throw Failure(message: "cannot read \(name): larger than \(maxInputSize >> 20) MiB")
            }
            if n == chunk.count, chunk.count < 1 << 22 {
                chunk = [UInt8](repeating: 0, count: chunk.count * 4)
            }
        }
        return result
    }

    static func errorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

extension FileSystem {
    /// The current directory.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` made absolute against the current directory, with `.` segments removed.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The directory part of an absolute path.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to the current directory when it lies inside it (for display).
    static func display(_ absolutePath: String) -> String {
        let cwd = currentDirectory()
        if absolutePath.hasPrefix(cwd + "/") { return String(absolutePath.dropFirst(cwd.count + 1)) }
        return absolutePath
    }
}

/// Finds `.customer-center.json` by walking up from a file's directory, caching per directory.
struct ConfigurationFinder {
    private var cache: [String: String?] = [:]

    /// The configuration file for a linted file (absolute path), if any.
    mutating func configuration(forFileIn directory: String) -> String? {
        if let cached = cache[directory] { return cached }
        let candidate = (directory == "/" ? "" : directory) + "/" + LinterConfiguration.fileName
        let found: String?
        if FileSystem.exists(candidate) {
            found = candidate
        } else if directory == "/" {
            found = nil
        } else {
            found = configuration(forFileIn: FileSystem.directory(of: directory))
        }
        cache[directory] = found
        return found
    }
}
