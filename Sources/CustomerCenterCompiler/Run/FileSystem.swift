import PlatformLayer
import JSONSyntax
import ProcessSupport

/// The C library's `read` and `write`, by names that members called `read` and `write` do not shadow.
package func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
package func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

/// Reading and writing files with plain system calls.
package enum FileSystem {
    /// Inputs larger than this are refused (positions are 32-bit; no real config is near it).
    package static let maxInputSize = 1 << 30

    package struct Failure: Error {
        /// The whole message (`cannot read 'x': it is a directory`).
        package let message: String
        /// Why alone (`it is a directory`), for the machine formats.
        package let reason: String

        package init(message: String, reason: String? = nil) {
            self.message = message
            self.reason = reason ?? message
        }
    }

    /// All bytes of `path`, or of standard input for `-`. `plan`: whether a large regular file
    /// may be read on two threads, and from what size (two halves side by side, `readInHalves`).
    package static func read(_ path: String, plan: ExecutionPlan = .oneThread) throws(Failure) -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, name: "standard input") }
        // Only regular files are read: a device (`/dev/zero`), a FIFO or a socket is refused
        // before it is opened (opening a FIFO would wait for a writer; a device never ends).
        var kind = stat()
        if stat(path, &kind) == 0 {
            switch kind.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Failure(message: "cannot read '\(path)': it is a directory", reason: "it is a directory")
            case S_IFIFO: throw Failure(message: "cannot read '\(path)': it is a FIFO, not a file (pipe it to standard input with '-')",
                                        reason: "it is a FIFO, not a file")
            default: throw Failure(message: "cannot read '\(path)': it is a device or socket, not a file", reason: "it is a device or socket, not a file")
            }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errorText()
            throw Failure(message: "cannot read '\(path)': \(reason)", reason: reason)
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory", reason: "it is a directory")
        }
        return try readAll(fd: fd, name: "'\(path)'", expectedSize: Int(info.st_size), plan: plan)
    }

    /// Reads to the end; `expectedSize` (from fstat) sizes the buffer once for regular files.
    static func readAll(fd: Int32, name: String, expectedSize: Int = 0, plan: ExecutionPlan = .oneThread) throws(Failure) -> [UInt8] {
        // A regular file over the cap is refused before a byte is read.
        if expectedSize > maxInputSize { throw tooLarge(name) }
        if expectedSize > 0 {
            var failure: Failure?
            let bytes = [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, count in
                LargePages.advise(buffer.baseAddress!, count: expectedSize)
                let filled: Result<Int, Failure>
                if plan.threadsPerFile > 1, expectedSize >= plan.readHalvesFromBytes {
                    filled = readInHalves(fd: fd, into: buffer.baseAddress!, count: expectedSize, name: name)
                } else {
                    filled = readFully(fd: fd, into: buffer.baseAddress!, count: expectedSize, at: nil, name: name)
                }
                switch filled {
                case .success(let filled): count = filled
                case .failure(let error):
                    failure = error
                    count = 0
                }
            }
            if let failure { throw failure }
            // The file may have grown since fstat: read what follows the normal way.
            let rest = try readAll(fd: fd, name: name)
            return rest.isEmpty ? bytes : bytes + rest
        }
        var result: [UInt8] = []
        // Not zeroed (`read` writes what is kept): after a regular file's read this only finds its
        // end, and zeroing 64 KiB for that was 16 pages of a lint's start (docs/performance.md).
        var chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = systemRead(fd, chunk.baseAddress, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errorText()
                throw Failure(message: "cannot read \(name): \(reason)", reason: reason)
            }
            if n == 0 { break }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            if result.count > maxInputSize { throw tooLarge(name) }
            if n == chunk.count, chunk.count < 1 << 22 {
                let larger = chunk.count * 4
                chunk.deallocate()
                chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: larger, alignment: 16)
            }
        }
        return result
    }

    /// Up to `count` bytes into `buffer`, from the file's offset (`at: nil`, which moves on) or
    /// from `at` (which leaves the offset alone); fewer only at the end of the file.
    private static func readFully(fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int?,
                                  name: String) -> Result<Int, Failure> {
        var filled = 0
        while filled < count {
            let n = offset.map { pread(fd, buffer + filled, count - filled, off_t($0 + filled)) }
                ?? systemRead(fd, buffer + filled, count - filled)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errorText()
                return .failure(Failure(message: "cannot read \(name): \(reason)", reason: reason))
            }
            if n == 0 { break }
            filled += n
        }
        return .success(filled)
    }

    /// A large file's two halves read side by side (the second with `pread` on another
    /// thread): copying from the page cache and zeroing the new pages is most of a large
    /// read's time, and each half has its own. Leaves the file's offset after what it read,
    /// as a plain read does. The second half counts only when the first was read whole (the
    /// file did not shrink under it).
    private static func readInHalves(fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, name: String) -> Result<Int, Failure> {
        let half = count / 2
        let target = UncheckedSendable(buffer + half)
        let (second, first) = Parallel.beside({
            readFully(fd: fd, into: target.value, count: count - half, at: half, name: name)
        }, {
            readFully(fd: fd, into: buffer, count: half, at: 0, name: name)
        })
        let filled: Int
        switch (first, second) {
        case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
        case (.success(let first), .success(let second)): filled = first < half ? first : half + second
        }
        guard lseek(fd, off_t(filled), SEEK_SET) >= 0 else {
            let reason = errorText()
            return .failure(Failure(message: "cannot read \(name): \(reason)", reason: reason))
        }
        return .success(filled)
    }

    private static func tooLarge(_ name: String) -> Failure {
        Failure(message: "cannot read \(name): larger than \(maxInputSize >> 20) MiB", reason: "larger than \(maxInputSize >> 20) MiB")
    }

    package static func errorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

extension FileSystem {
    /// The current directory, through symbolic links (what paths are resolved against).
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The current directory as the user reached it (`$PWD` when it is the same folder): what
    /// reports show as the base of relative paths (SARIF's `originalUriBaseIds`, GitLab's
    /// paths), so a temporary folder on macOS reads `/var/…`, not `/private/var/…`.
    package static func shownCurrentDirectory() -> String {
        OS.currentFolder() ?? currentDirectory()
    }

    /// `path` made absolute against the current directory, with `.` segments removed.
    package static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        // Appended by hand: the first `joined(separator:)` of a process instantiates the stdlib's
        // generic code for it (0.12 M instructions of every run's start, for one path).
        var result = ""
        for part in parts {
            result.append("/")
            result.append(contentsOf: part)
        }
        return result.isEmpty ? "/" : result
    }

    /// The directory part of an absolute path.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `absolutePath` relative to the absolute `directory` (`../` where it lies outside).
    package static func relative(_ absolutePath: String, to directory: String) -> String {
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
    package static func display(_ absolutePath: String) -> String {
        let cwd = currentDirectory()
        if absolutePath.hasPrefix(cwd + "/") { return String(absolutePath.dropFirst(cwd.count + 1)) }
        return absolutePath
    }
}

/// Finds `.customer-center.json` by walking up from a file's directory (docs/configuration.md), caching per
/// directory. The one lookup of the run and of the language server (which passes its own
/// `exists`, so an open, unsaved configuration file counts).
package struct ConfigurationFinder {
    private var cache: [String: String?] = [:]
    /// `--config` (absolute): this file for every directory instead of the nearest one.
    private let explicit: String?

    /// Finds the nearest configuration file; with `explicit`, always that one.
    package init(explicit: String? = nil) {
        self.explicit = explicit
    }

    /// The configuration file for a linted file in `directory` (absolute), if any, on disk.
    package mutating func configuration(forFileIn directory: String) -> String? {
        if let explicit { return explicit }
        if let cached = cache[directory] { return cached }
        let found = Self.nearest(above: directory, exists: FileSystem.exists)
        cache[directory] = found
        return found
    }

    /// The nearest `.customer-center.json` in `directory` or a folder above it for which
    /// `exists` says yes.
    package static func nearest(above directory: String, exists: (String) -> Bool) -> String? {
        var current = directory
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + LinterConfiguration.fileName
            if exists(candidate) { return candidate }
            guard current != "/", !current.isEmpty else { return nil }
            let parent = FileSystem.directory(of: current)
            if parent == current || parent == "." { return nil }
            current = parent
        }
    }
}

/// Which file a path names, through symbolic and hard links: device and inode.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of the file `path` resolves to, or `nil` when nothing is there.
    package init?(path: String) {
        var info = stat()
        guard path != "-", stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension FileSystem {
    /// Whether `path` is a directory (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of a directory (names, without `.` and `..`), or `nil` when it cannot be read.
    package static func entries(of directory: String) -> [String]? { try? listing(of: directory) }

    /// The entries of a directory (names, without `.` and `..`); why not, when it cannot be read.
    package static func listing(of directory: String) throws(Failure) -> [String] {
        guard let handle = opendir(directory) else {
            let reason = String(cString: strerror(errno))
            throw Failure(message: "cannot read the folder '\(directory)': \(reason)", reason: "cannot open the folder: \(reason)")
        }
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
    package static func remove(_ path: String) -> Bool { unlink(path) == 0 }
}

extension FileSystem {
    /// A new private directory under `$TMPDIR` (or /tmp), removed if a signal ends the run.
    package static func temporaryDirectory() -> String? {
        var template = Array((OS.temporaryFolder() + "/customer-center-XXXXXX").utf8CString)
        // Signals wait until the new folder is tracked: one arriving between would leave it.
        InterruptCleanup.blockSignals()
        defer { InterruptCleanup.unblockSignals() }
        return template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            let path = String(cString: base)
            // A signal before `removeTemporaryDirectory` removes it (docs/commands.md "Exit codes").
            InterruptCleanup.track(folder: path, remove: removeTree)
            return path
        }
    }

    /// Removes a folder `temporaryDirectory` made.
    package static func removeTemporaryDirectory(_ directory: String) {
        removeTree(directory)
        InterruptCleanup.forget(folder: directory)
    }

    /// Removes a folder this program made (a temporary or staging folder) and everything in
    /// it, never following a symbolic link out of it.
    package static func removeTree(_ directory: String) {
        var info = stat()
        guard lstat(directory, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in entries(of: directory) ?? [] { removeTree(directory + "/" + name) }
            rmdir(directory)
        } else {
            unlink(directory)
        }
    }
}
