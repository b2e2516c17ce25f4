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
        /// The whole message (`cannot read 'x': it is a directory`).
        let message: String
        /// Why alone (`it is a directory`), for the machine formats.
        let reason: String

        init(message: String, reason: String? = nil) {
            self.message = message
            self.reason = reason ?? message
        }
    }

    /// All bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, name: "standard input") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errorText()
            throw Failure(message: "cannot read '\(path)': \(reason)", reason: reason)
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory", reason: "it is a directory")
        }
        return try readAll(fd: fd, name: "'\(path)'", expectedSize: Int(info.st_size))
    }

    /// Reads to the end; `expectedSize` (from fstat) sizes the buffer once for regular files.
    private static func readAll(fd: Int32, name: String, expectedSize: Int = 0) throws(Failure) -> [UInt8] {
        // A regular file over the cap is refused before a byte is read.
        if expectedSize > maxInputSize { throw tooLarge(name) }
        if expectedSize > 0 {
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
            if result.count > maxInputSize { throw tooLarge(name) }
            if n == chunk.count, chunk.count < 1 << 22 {
                chunk = [UInt8](repeating: 0, count: chunk.count * 4)
            }
        }
        return result
    }

    private static func tooLarge(_ name: String) -> Failure {
        Failure(message: "cannot read \(name): larger than \(maxInputSize >> 20) MiB")
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

    /// `absolutePath` relative to the absolute `directory` (`../` where it lies outside).
    static func relative(_ absolutePath: String, to directory: String) -> String {
        let target = absolute(absolutePath).split(separator: "/")
        let base = absolute(directory).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let rest = target[common...].map(String.init)
        let parts = up + rest
        return parts.isEmpty ? "." : parts.joined(separator: "/")
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
    /// `fault` is a test seam: release builds have no value to pass.
    static func writeAtomically(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8]? = nil, fault: WriteFault? = nil) throws(Failure) {
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
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                var chunk = buffer.count - offset
                #if DEBUG
                if fault == .diskFull {
                    if offset >= buffer.count / 2 {
                        errno = ENOSPC
                        ok = false
                        reason = errorText()
                        return
                    }
                    chunk = max(1, buffer.count / 2 - offset)
                }
                #endif
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
        #if DEBUG
        if ok, fault == .modifiedDuringWrite, let handle = fopen(path, "a") {
            fputs(" ", handle)
            fclose(handle)
        }
        #endif
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

/// Faults a test can inject into one `writeAtomically` call, in-process (`@testable import`):
/// `diskFull` (the write fails with ENOSPC half way) or `modifiedDuringWrite` (the original
/// changes before the rename). They prove that a failed write leaves the original byte-identical.
/// Debug builds only: in a release binary the type has no cases, so nothing can switch them on.
enum WriteFault: Equatable {
    #if DEBUG
    case diskFull
    case modifiedDuringWrite
    #endif
}

/// Which file a path names, through symbolic and hard links: device and inode.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file `path` resolves to, or `nil` when nothing is there.
    init?(path: String) {
        var info = stat()
        guard path != "-", stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension FileSystem {
    /// Refuses (exit 2 via `UsageError`) when `output` is, or resolves to, one of `inputs`:
    /// no command writes over a file it only reads (SPEC §2).
    static func refuseOverwriting(inputs: [String], with output: String, option: String) throws(UsageError) {
        guard let target = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input) == target {
            throw UsageError(message: "'\(option) \(output)' would overwrite the input '\(input)'; nothing was written",
                             help: "choose another output path")
        }
    }

    /// Writes `bytes` to standard output for `-`, else atomically to `path`.
    static func writeOutput(_ bytes: [UInt8], to path: String) throws(Failure) {
        if path == "-" {
            Terminal.out(String(decoding: bytes, as: UTF8.self))
        } else {
            try writeAtomically(bytes, to: path)
        }
    }

    /// Whether `path` is a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of a directory (names, without `.` and `..`), or `nil` when it cannot be read.
    static func entries(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file; `false` when it could not be removed.
    static func remove(_ path: String) -> Bool { unlink(path) == 0 }

    /// Expands the arguments of a command that takes files (SPEC §2): a directory means every
    /// `customer_center*.json` and `customer-center*.json` below it, sorted, hidden folders and
    /// `.build*` skipped. Other arguments stay as given (a missing file is reported when read).
    static func expandInputs(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            if path != "-", isDirectory(path) {
                result += configs(under: path)
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// Whether `expandInputs` found any file below `directory` (so an empty one can be reported).
    static func expansion(of directory: String, contains paths: [String]) -> Bool {
        let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        return paths.contains { $0.hasPrefix(base + "/") }
    }

    /// Whether a file name is a Customer Center config's (`customer_center*.json`, `customer-center*.json`).
    static func isConfigName(_ name: String) -> Bool {
        name.hasSuffix(".json") && (name.hasPrefix("customer_center") || name.hasPrefix("customer-center"))
    }

    private static func configs(under directory: String) -> [String] {
        let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        var found: [String] = []
        for name in (entries(of: base) ?? []).sorted() {
            if name.hasPrefix(".") { continue }
            let path = base + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                found += configs(under: path)
            case S_IFREG, S_IFLNK:
                if isConfigName(name), !isDirectory(path) { found.append(path) }
            default:
                continue
            }
        }
        return found
    }
}

extension FileSystem {
    /// A new private directory under `$TMPDIR` (or /tmp).
    static func temporaryDirectory() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/customer-center-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }

    /// Removes a directory of plain files that this program made (`temporaryDirectory`).
    static func removeTree(_ directory: String) {
        for name in entries(of: directory) ?? [] { _ = remove(directory + "/" + name) }
        rmdir(directory)
    }
}
