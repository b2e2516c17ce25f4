import CustomerCenterCompiler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `read` and `write`, by names that members called `read` and `write` do not shadow.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

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
        return try readAll(fd: fd, name: "'\(path)'", expectedSize: Int(info.st_size))
    }

    /// Reads to the end; `expectedSize` (from fstat) sizes the buffer once for regular files.
    private static func readAll(fd: Int32, name: String, expectedSize: Int = 0) throws(Failure) -> [UInt8] {
        if expectedSize > 0, expectedSize <= maxInputSize {
            var failure: Failure?
            var filled = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, count in
                while filled < expectedSize {
                    let n = systemRead(fd, buffer.baseAddress! + filled, expectedSize - filled)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = Failure(message: "cannot read \(name): \(errorText())")
                        break
                    }
                    if n == 0 { break }
                    filled += n
                }
                count = filled
            }
            if let failure { throw failure }
            // The file may have grown since fstat: read what follows the normal way.
            let rest = try readAll(fd: fd, name: name)
            return rest.isEmpty ? bytes : bytes + rest
        }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
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

extension FileSystem {
    /// Writes `bytes` to `path` without ever leaving a partial file: a temporary file beside it
    /// (same directory, so the rename is atomic), fsync, the original's permissions, then rename.
    /// On any failure the original is untouched and the temporary file is removed.
    /// With `expectedOriginal`, the file must still hold exactly those bytes just before the
    /// rename (it was not edited meanwhile), or nothing is replaced.
    static func writeAtomically(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8]? = nil) throws(Failure) {
        let directory = directory(of: absolute(path))
        var mode: mode_t = 0o644
        var existing = stat()
        if lstat(path, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFLNK { throw Failure(message: "will not replace '\(path)': it is a symbolic link") }
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot write '\(path)': it is a directory") }
            // Honour a read-only file even when the user could replace it (root, or a writable directory).
            if existing.st_mode & 0o222 == 0 { throw Failure(message: "will not replace '\(path)': it is read-only") }
            mode = existing.st_mode & 0o7777
        }
        var template = Array((directory + "/.\(lastComponent(of: path)).tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(message: "cannot write '\(path)': \(errorText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = true
        var reason = ""
        let fault = FaultInjection.current
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                if fault == .diskFull, offset >= buffer.count / 2 {
                    errno = ENOSPC
                    ok = false
                    reason = errorText()
                    return
                }
                let chunk = fault == .diskFull ? max(1, buffer.count / 2 - offset) : buffer.count - offset
                let n = systemWrite(fd, buffer.baseAddress! + offset, chunk)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = errorText()
                    return
                }
                offset += n
            }
        }
        if ok, fchmod(fd, mode) != 0 { ok = false; reason = errorText() }
        if ok, fsync(fd) != 0 { ok = false; reason = errorText() }
        if close(fd) != 0, ok { ok = false; reason = errorText() }
        if ok, fault == .modifiedDuringWrite, let handle = fopen(path, "a") {
            fputs(" ", handle)
            fclose(handle)
        }
        if ok, let expectedOriginal {
            let current = try? read(path)
            if current != expectedOriginal { ok = false; reason = "it changed while it was being formatted; left as it is" }
        }
        if ok, rename(temporary, path) != 0 { ok = false; reason = errorText() }
        if !ok {
            unlink(temporary)
            throw Failure(message: "cannot write '\(path)': \(reason)")
        }
    }

    /// Creates `path` and its parents.
    static func makeDirectories(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                throw Failure(message: "cannot create '\(current)': \(errorText())")
            }
        }
    }

    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Test-only faults, set with `CUSTOMER_CENTER_FAULT`: `disk-full` (a write fails with ENOSPC
/// half way) or `modified-during-write` (the original changes before the rename). They let tests
/// prove that a failed write leaves the original byte-identical; unset, nothing changes.
enum FaultInjection: String {
    case diskFull = "disk-full"
    case modifiedDuringWrite = "modified-during-write"

    static var current: FaultInjection? {
        Terminal.environment("CUSTOMER_CENTER_FAULT").flatMap(FaultInjection.init(rawValue:))
    }
}
