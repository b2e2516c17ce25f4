import PlatformLayer
import ProcessSupport

extension FileSystem {
    /// Writes `bytes` to `path` without ever leaving a partial file: a temporary file beside it
    /// (same directory, so the rename is atomic), fsync, the original's permissions, then rename.
    /// On any failure the original is untouched and the temporary file is removed.
    /// With `expectedOriginal`, the file must still hold exactly those bytes just before the
    /// rename (it was not edited meanwhile), or nothing is replaced.
    /// `fault` is a test seam: release builds have no value to pass.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8]? = nil, fault: WriteFault? = nil) throws(Failure) {
        // One atomic write at a time in the process: files are fixed and formatted on several
        // threads (`--jobs`), and the signal handler knows one temporary file (InterruptCleanup).
        try writeAtomically(.bytes(bytes), to: path, expectedOriginal: expectedOriginal, fault: fault)
    }

    /// ``writeAtomically(_:to:expectedOriginal:fault:)`` of a file made piece by piece: `pieces`
    /// hands each piece, in order, to the `write` it is given (which returns `false` once writing
    /// failed: no more pieces are wanted), so that the whole file is never in memory. Nothing
    /// lands but the whole file, renamed into place once `pieces` has returned.
    package static func writeAtomically(to path: String, fault: WriteFault? = nil,
                                        pieces: (_ write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Void) throws(Failure) {
        try withoutActuallyEscaping(pieces) { (pieces) throws(Failure) in
            try writeAtomically(.pieces(pieces), to: path, expectedOriginal: nil, fault: fault)
        }
    }

    /// What an atomic write writes: bytes in memory, or pieces as they are made.
    private enum Content {
        case bytes([UInt8])
        case pieces((_ write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Void)
    }

    private static func writeAtomically(_ content: Content, to path: String, expectedOriginal: [UInt8]?, fault: WriteFault?) throws(Failure) {
        let outcome: Result<Void, Failure> = atomicWrites.withLock { leftovers in
            do throws(Failure) {
                try writeAtomicallyAlone(content, to: path, expectedOriginal: expectedOriginal, fault: fault, leftovers: &leftovers)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// Held by the one atomic write in progress; holds the names of killed runs' temporary
    /// files found in each folder written (``removeLeftoverTemporaries(of:writing:candidates:)``).
    private static let atomicWrites = LockedValue<[String: [String]]>([:])

    private static func writeAtomicallyAlone(_ content: Content, to path: String, expectedOriginal: [UInt8]?, fault: WriteFault?,
                                             leftovers: inout [String: [String]]) throws(Failure) {
        let directory = directory(of: absolute(path))
        var mode: mode_t = 0o644
        var existing = stat()
        if lstat(path, &existing) == 0 {
            // `-o /dev/null`, a terminal, a named pipe (or a link to one): nothing to replace.
            // Renaming over it would put a regular file where /dev/null was (as root), so the
            // bytes go through it, as a shell's `>` would send them.
            var target = stat()
            if expectedOriginal == nil, stat(path, &target) == 0, [S_IFCHR, S_IFIFO].contains(target.st_mode & S_IFMT) {
                try writeThrough(content, to: path)
                return
            }
            if (existing.st_mode & S_IFMT) == S_IFLNK { throw Failure(message: "will not replace '\(path)': it is a symbolic link") }
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot write '\(path)': it is a directory") }
            if (existing.st_mode & S_IFMT) != S_IFREG { throw Failure(message: "will not replace '\(path)': it is a device or socket, not a file") }
            // Honour a read-only file even when the user could replace it (root, or a writable directory).
            if existing.st_mode & 0o222 == 0 { throw Failure(message: "will not replace '\(path)': it is read-only") }
            mode = existing.st_mode & 0o7777
        }
        if case .bytes(let bytes) = content { removeLeftoverTemporaries(of: path, writing: bytes, candidates: &leftovers) }
        var template = Array((directory + "/.\(lastComponent(of: path)).tmp-XXXXXX").utf8CString)
        // A signal while the temporary file exists removes it (docs/commands.md "Exit codes": an interrupted write
        // leaves the original untouched and nothing behind); the file-size limit makes the write
        // fail with EFBIG instead of killing the process.
        InterruptCleanup.install()
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            InterruptCleanup.blockSignals()
            defer { InterruptCleanup.unblockSignals() }
            let fd = mkstemp(buffer.baseAddress!)
            if fd >= 0 { InterruptCleanup.track(buffer.baseAddress!) }
            return fd
        }
        guard fd >= 0 else { throw Failure(message: "cannot write '\(path)': \(errorText())") }
        defer { InterruptCleanup.untrack() }
        // Held until the file is renamed or removed (through a second descriptor, which outlives
        // the close below): another run never takes it for a leftover.
        flock(fd, LOCK_EX | LOCK_NB)
        let holder = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        defer { if holder >= 0 { close(holder) } }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = true
        var reason = ""
        // Pieces are written here; whole bytes below.
        let bytes: [UInt8]
        switch content {
        case .bytes(let whole): bytes = whole
        case .pieces(let pieces):
            bytes = []
            let written = writePieces(pieces, to: fd, fault: fault)
            if let failure = written.failure {
                ok = false
                reason = failure
            } else {
                // What a killed run left is checked against what was written, read back from
                // the temporary file (the pieces are gone).
                removeLeftoverTemporaries(of: path, writtenTo: fd, count: written.count, candidates: &leftovers)
            }
        }
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
        if ok, !OS.syncFile(fd) { ok = false; reason = errorText() }
        if close(fd) != 0, ok { ok = false; reason = errorText() }
        #if DEBUG
        // The CLI tests run the debug binary: this is how they edit a rewritten input meanwhile.
        if ok, expectedOriginal != nil, fault == .modifiedDuringWrite || getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "modify-before-rename",
           let handle = fopen(path, "a") {
            fputs(" ", handle)
            fclose(handle)
        }
        #endif
        if ok, let expectedOriginal, !holds(path, exactly: expectedOriginal) {
            ok = false
            reason = "it changed on disk after this run read it; left as it is"
        }
        #if DEBUG
        // The CLI tests run the debug binary: this is how they interrupt a real write.
        if ok, fault == .interruptBeforeRename || getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "interrupt-before-rename" {
            raise(SIGTERM)
        }
        #endif
        InterruptCleanup.blockSignals()
        if ok, rename(temporary, path) != 0 { ok = false; reason = errorText() }
        if !ok { unlink(temporary) }
        InterruptCleanup.untrack()
        InterruptCleanup.unblockSignals()
        if !ok { throw Failure(message: "cannot write '\(path)': \(reason)") }
    }

    /// How many bytes of a file written in pieces are handed to the disk at a time (``writePieces(_:to:fault:)``).
    static let writebackStep = 1 << 20

    /// Writes each of the pieces `pieces` makes to `fd`, until one fails: how many bytes were
    /// written, or why it stopped.
    private static func writePieces(_ pieces: (_ write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Void, to fd: Int32,
                                    fault: WriteFault?) -> (count: Int, failure: String?) {
        var count = 0, started = 0
        var failure: String?
        pieces { piece in
            guard failure == nil else { return false }
            #if DEBUG
            // The second piece finds the disk full.
            if fault == .diskFull, count > 0 {
                errno = ENOSPC
                failure = errorText()
                return false
            }
            #endif
            failure = writeAll(piece, to: fd)
            count += piece.count
            // The disk takes the file a mebibyte at a time while the rest is written: the `fsync`
            // at the end has the last of it to wait for, not the whole file (one call a mebibyte,
            // not one a piece: each call is a trip to the disk's queue).
            if failure == nil, count - started >= writebackStep {
                OS.startWriteback(fd, offset: started, count: count - started)
                started = count
            }
            return failure == nil
        }
        return (count, failure)
    }

    /// Whether the regular file at `path` holds exactly `bytes`, read a block at a time beside
    /// them: a rewrite checks the file it replaces without a second copy of it in memory.
    static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        let blockSize = 1 << 16
        var block = [UInt8](repeating: 0, count: blockSize)
        return bytes.withUnsafeBufferPointer { expected in
            block.withUnsafeMutableBufferPointer { block -> Bool in
                guard let blockStart = block.baseAddress else { return false }
                var offset = 0
                while true {
                    let count = systemRead(fd, blockStart, blockSize)
                    if count < 0, errno == EINTR { continue }
                    if count < 0 { return false }
                    if count == 0 { return offset == expected.count }
                    guard offset + count <= expected.count, let expectedStart = expected.baseAddress,
                          memcmp(blockStart, expectedStart + offset, count) == 0 else { return false }
                    offset += count
                }
            }
        }
    }

    /// Writes all of `bytes` to `fd` (retrying after a signal); the reason it stopped, or `nil`.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBufferPointer { writeAll($0, to: fd) }
    }

    /// ``writeAll(_:to:)`` of bytes wherever they lie.
    static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32) -> String? {
        var offset = 0
        while offset < buffer.count {
            let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errorText()
            }
            offset += n
        }
        return nil
    }

    /// Writes all of `bytes` into an existing character device or FIFO (never created,
    /// truncated or renamed over).
    private static func writeThrough(_ content: Content, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: "cannot write '\(path)': \(errorText())") }
        var reason: String?
        switch content {
        case .bytes(let bytes): reason = writeAll(bytes, to: fd)
        case .pieces(let pieces):
            pieces { piece in
                if reason == nil { reason = writeAll(piece, to: fd) }
                return reason == nil
            }
        }
        if close(fd) != 0, reason == nil { reason = errorText() }
        if let reason { throw Failure(message: "cannot write '\(path)': \(reason)") }
    }

    /// Creates the folders above the file `path` that are missing.
    package static func makeParentDirectories(of path: String) throws(Failure) {
        let parent = directory(of: absolute(path))
        if !isDirectory(parent) { try makeDirectories(parent) }
    }

    /// Creates `path` and its parents.
    package static func makeDirectories(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                throw Failure(message: "cannot create '\(current)': \(errorText())")
            }
        }
    }

    package static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Faults a test can inject into one `writeAtomically` call, in-process (`@testable import`):
/// `diskFull` (the write fails with ENOSPC half way) or `modifiedDuringWrite` (the original
/// changes before the rename). They prove that a failed write leaves the original byte-identical.
/// Debug builds only: in a release binary the type has no cases, so nothing can switch them on.
package enum WriteFault: Equatable {
    #if DEBUG
    case diskFull
    case modifiedDuringWrite
    /// SIGTERM arrives after the data is written, before the rename.
    case interruptBeforeRename
    #endif
}

