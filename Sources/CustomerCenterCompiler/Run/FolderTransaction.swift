#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProcessSupport

/// A folder of outputs replaced as a whole (`compile --out-dir`, docs/commands.md "Output sets
/// are transactions"): the new set is staged in a sibling folder `.<name>.cc-staging-XXXXXX`
/// (same file system), the entries of the old folder this run does not replace are carried over
/// as hard links, one sync makes the staged files durable, and one exchange of the two folders
/// makes the new set visible. At every moment before the exchange the folder is the previous
/// set, after it the new one. A lock file `.<name>.lock` beside the folder keeps two runs apart;
/// a staging folder left by a killed run is removed by the next run.
package struct FolderTransaction {
    /// The folder, absolute, through symbolic links.
    package let target: String
    /// How messages name the folder (as the user wrote it).
    let display: String
    let parent: String
    let name: String
    let staging: String
    private let existed: Bool
    private var lock: Int32
    /// The modes of the files this run replaces (kept, as an atomic rewrite keeps them).
    private var modes: [String: mode_t] = [:]

    /// How long a second run waits for the first before it gives up.
    static var lockWait: Double {
        #if DEBUG
        if let text = getenv("CUSTOMER_CENTER_TEST_LOCK_WAIT"), let seconds = Double(String(cString: text)) { return seconds }
        #endif
        return 10
    }

    /// Locks `directory` against other runs (waiting up to ``lockWait``), removes what a killed
    /// run left beside it, and creates the staging folder.
    package init(_ directory: String) throws(FileSystem.Failure) {
        display = directory
        var path = FileSystem.absolute(directory)
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        target = path
        parent = FileSystem.directory(of: path)
        name = FileSystem.lastComponent(of: path)
        let cwd = FileSystem.currentDirectory()
        if path == "/" || cwd == path || cwd.hasPrefix(path + "/") {
            throw FileSystem.Failure(message: "will not replace '\(directory)': it holds the current folder; --out-dir replaces its folder as a whole, so give it a folder of its own (e.g. --out-dir payloads)")
        }
        let folder = FileSystem.directory(of: path), base = FileSystem.lastComponent(of: path)
        try FileSystem.makeDirectories(folder)
        let lockFD = try Self.lock(folder + "/.\(base).lock", display: directory)
        lock = lockFD
        Self.removeLeftovers(parent: folder, name: base, target: path)
        // Looked at under the lock: another run may have made the folder meanwhile.
        var info = stat()
        existed = stat(path, &info) == 0
        if existed, (info.st_mode & S_IFMT) != S_IFDIR {
            Self.unlock(lockFD, folder + "/.\(base).lock")
            throw FileSystem.Failure(message: "cannot write '\(directory)': it is not a directory")
        }
        var template = Array((folder + "/.\(base).cc-staging-XXXXXX").utf8CString)
        // Signals wait until the staging folder is tracked: one arriving between would leave it.
        InterruptCleanup.blockSignals()
        defer { InterruptCleanup.unblockSignals() }
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else {
            let reason = FileSystem.errorText()
            Self.unlock(lockFD, folder + "/.\(base).lock")
            throw FileSystem.Failure(message: "cannot write '\(directory)': cannot create its staging folder in '\(folder)': \(reason)")
        }
        let stagingPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        staging = stagingPath
        InterruptCleanup.track(folder: stagingPath, remove: FileSystem.removeTree)
        chmod(stagingPath, existed ? info.st_mode & 0o7777 : 0o755)
    }

    /// Carries every entry of the current folder over into the staging folder, except the
    /// files in `replaced` (this run writes them) and `dropped` (stale payloads it removes).
    /// A file in `replaced` must be one a rewrite may replace: not a symbolic link, a folder,
    /// a device or a read-only file.
    package mutating func carryOver(replacing replaced: Set<String>, dropping dropped: Set<String>) throws(FileSystem.Failure) {
        guard existed else { return }
        try carry("", replaced: replaced, dropped: dropped)
    }

    private mutating func carry(_ relative: String, replaced: Set<String>, dropped: Set<String>) throws(FileSystem.Failure) {
        let from = relative.isEmpty ? target : target + "/" + relative
        guard let names = FileSystem.entries(of: from) else {
            throw FileSystem.Failure(message: "cannot read '\(shown(relative))': \(FileSystem.errorText())")
        }
        for entry in names.sorted() {
            InterruptCleanup.checkpoint()
            let path = relative.isEmpty ? entry : relative + "/" + entry
            var info = stat()
            guard lstat(target + "/" + path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if replaced.contains(path) {
                let label = shown(path)
                if kind == S_IFLNK { throw FileSystem.Failure(message: "will not replace '\(label)': it is a symbolic link") }
                if kind == S_IFDIR { throw FileSystem.Failure(message: "cannot write '\(label)': it is a directory") }
                if kind != S_IFREG { throw FileSystem.Failure(message: "will not replace '\(label)': it is a device or socket, not a file") }
                if info.st_mode & 0o222 == 0 { throw FileSystem.Failure(message: "will not replace '\(label)': it is read-only") }
                modes[path] = info.st_mode & 0o7777
                continue
            }
            if dropped.contains(path) { continue }
            if kind == S_IFDIR {
                guard mkdir(staging + "/" + path, info.st_mode & 0o7777) == 0 else {
                    throw FileSystem.Failure(message: "cannot write '\(display)': \(FileSystem.errorText())")
                }
                try carry(path, replaced: replaced, dropped: dropped)
                chmod(staging + "/" + path, info.st_mode & 0o7777)
            } else if link(target + "/" + path, staging + "/" + path) != 0 {
                // A file system without hard links (or a file the system will not let us
                // link): a copy keeps the bytes and the mode.
                guard kind == S_IFREG, let bytes = try? FileSystem.read(target + "/" + path) else {
                    throw FileSystem.Failure(message: "cannot carry '\(shown(path))' over into the new set: \(FileSystem.errorText())")
                }
                try put(bytes, at: path, mode: info.st_mode & 0o7777)
            }
        }
    }

    /// Writes a file of the new set (`relative` to the folder), its folders made as needed.
    package func write(_ bytes: [UInt8], at relative: String) throws(FileSystem.Failure) {
        var folder = staging
        for part in relative.split(separator: "/").dropLast() {
            folder += "/" + part
            var info = stat()
            if lstat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw FileSystem.Failure(message: "cannot write '\(shown(relative))': '\(shown(String(folder.dropFirst(staging.count + 1))))' is not a directory")
                }
            } else if mkdir(folder, 0o755) != 0 {
                throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())")
            }
        }
        try put(bytes, at: relative, mode: modes[relative] ?? 0o644)
    }

    private func put(_ bytes: [UInt8], at relative: String, mode: mode_t) throws(FileSystem.Failure) {
        InterruptCleanup.checkpoint()
        let fd = open(staging + "/" + relative, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())") }
        var reason = FileSystem.writeAll(bytes, to: fd)
        if reason == nil, fchmod(fd, mode) != 0 { reason = FileSystem.errorText() }
        #if canImport(Darwin)
        // No syncfs here: each file is synced as it is written.
        if reason == nil, fsync(fd) != 0 { reason = FileSystem.errorText() }
        #endif
        if close(fd) != 0, reason == nil { reason = FileSystem.errorText() }
        if let reason { throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(reason)") }
    }

    /// Makes the staged set durable (one sync of its file system), puts it in the folder's
    /// place in one step, removes the previous set and unlocks.
    package mutating func commit() throws(FileSystem.Failure) {
        InterruptCleanup.checkpoint()
        #if !canImport(Darwin)
        let stagedFolder = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if stagedFolder >= 0 {
            let synced = FileSystem.syncFileSystem(of: stagedFolder)
            close(stagedFolder)
            guard synced else { throw failure("cannot sync the new set") }
        }
        #endif
        #if DEBUG
        if getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "interrupt-before-swap" { raise(SIGTERM) }
        #endif
        InterruptCleanup.checkpoint()
        InterruptCleanup.blockSignals()
        let old: String
        if !existed {
            guard rename(staging, target) == 0 else {
                let failure = failure("cannot put the new set in place")
                InterruptCleanup.unblockSignals()
                throw failure
            }
            old = ""
        } else if FileSystem.exchange(staging, target) {
            old = staging
        } else if [EINVAL, ENOSYS, EOPNOTSUPP, ENOTSUP].contains(errno) {
            // A file system that cannot exchange two folders: the previous set is moved aside
            // first, and a run killed between the two renames finds it there and puts it back.
            let aside = parent + "/.\(name).cc-previous"
            guard rename(target, aside) == 0 else {
                let failure = failure("cannot put the new set in place")
                InterruptCleanup.unblockSignals()
                throw failure
            }
            guard rename(staging, target) == 0 else {
                let failure = failure("cannot put the new set in place")
                rename(aside, target)
                InterruptCleanup.unblockSignals()
                throw failure
            }
            old = aside
        } else {
            let failure = failure("cannot put the new set in place")
            InterruptCleanup.unblockSignals()
            throw failure
        }
        InterruptCleanup.unblockSignals()
        if !old.isEmpty { FileSystem.removeTree(old) }
        let folder = open(parent, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        InterruptCleanup.forget(folder: staging)
        Self.unlock(lock, parent + "/.\(name).lock")
        lock = -1
    }

    /// Removes the staging folder and unlocks: the folder stays the previous set.
    package mutating func abandon() {
        guard lock >= 0 else { return }
        FileSystem.removeTree(staging)
        InterruptCleanup.forget(folder: staging)
        Self.unlock(lock, parent + "/.\(name).lock")
        lock = -1
    }

    private func shown(_ relative: String) -> String { relative.isEmpty ? display : display + "/" + relative }

    private func failure(_ what: String) -> FileSystem.Failure {
        FileSystem.Failure(message: "cannot write '\(display)': \(what): \(FileSystem.errorText())")
    }
}
