import PlatformLayer
import ProcessSupport

/// A folder of outputs written in place as one set (`compile --out-dir`, docs/commands.md
/// "Output sets are transactions"). The folder is never replaced: each file of the new set is
/// written to a temporary file beside it (`.<name>.cc-new`), every one is made durable, and only
/// then are they renamed over their targets, the manifest last, with signals held. What the run
/// does not write (the folder, its subfolders, the user's files, files that appear meanwhile)
/// keeps its inode, owner and mode. The renames begin by renaming the staged manifest to
/// `.manifest.json.cc-commit`: a run killed among them leaves that mark, and the next run
/// completes them before anything else. A folder that does not exist yet is written whole
/// under a name of its own beside it (`.<name>.cc-staging-<pid>`), made durable, and renamed
/// into place in one step, never over anything that appeared there meanwhile: nobody sees it
/// before it is whole, and a set that is not there has nothing to replace file by file. A lock
/// file `.<name>.lock` beside the folder keeps two runs apart.
package struct FolderTransaction {
    /// The folder, absolute, through symbolic links.
    package let target: String
    /// Where the files of the set are written: ``target``, or the staging folder of a new one.
    private(set) var root: String
    /// A new folder's staging folder until it is renamed into place (`nil`: the folder exists
    /// and is written in place).
    private var staging: String?
    /// Whether the folder was missing (nothing in it is anyone's yet).
    package let isNew: Bool
    /// Whether the set is staged as a whole new folder (renamed into place once) rather than
    /// file by file beside its targets.
    var stagesWholeFolder: Bool { staging != nil }
    /// How messages name the folder (as the user wrote it).
    let display: String
    let parent: String
    let name: String
    private var lock: Int32
    /// The files of the new set written so far, in order.
    var staged: [Staged] = []
    /// The temporary files a signal removes (each staged file's, and those about to be).
    var tracked: [String] = []
    /// The folders this run made (removed again, when empty, if it gives up).
    private var made: [String] = []
    /// The folders above the files written so far, looked at (or made) once: whether this run
    /// made each.
    private var checkedFolders: [String: Bool] = [:]
    /// The renames began: a failure from here on leaves the staged files for the next run.
    private var committing = false

    /// A file of the new set: where it goes, the temporary file that holds it (`nil` when the
    /// file in its place already holds its bytes: nothing to replace), and what was at its place
    /// when the run looked (it is replaced, or kept, only if that is still there).
    struct Staged: Sendable {
        let relative: String
        let temporary: String?
        let found: Found
    }

    /// What a path of the folder holds, as far as replacing it goes.
    enum Found: Equatable, Sendable {
        case absent
        /// A regular file: its identity and last change, and its owner and mode (kept).
        case file(device: UInt64, inode: UInt64, size: Int64, changed: Int, changedNanoseconds: Int, owner: uid_t, group: gid_t, mode: mode_t)
    }

    /// The name of the staged manifest once the renames begin (docs/commands.md).
    static let commitMark = ".manifest.json.cc-commit"

    /// How long a second run waits for the first before it gives up.
    static var lockWait: Double {
        #if DEBUG
        if let text = getenv("CUSTOMER_CENTER_TEST_LOCK_WAIT"), let seconds = Double(String(cString: text)) { return seconds }
        #endif
        return 10
    }

    /// Locks `directory` against other runs (waiting up to ``lockWait``), completes or removes
    /// what a killed run left, and makes the folder when it is missing.
    package init(_ directory: String) throws(FileSystem.Failure) {
        display = directory
        var path = FileSystem.absolute(directory)
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        target = path
        root = path
        parent = FileSystem.directory(of: path)
        name = FileSystem.lastComponent(of: path)
        if path == "/" {
            throw FileSystem.Failure(message: "will not write into '\(directory)': give --out-dir a folder of its own (e.g. --out-dir payloads)")
        }
        try FileSystem.makeDirectories(parent)
        let lockFD = try Self.lock(parent + "/.\(name).lock", display: directory)
        lock = lockFD
        Self.removeLeftovers(parent: parent, name: name, target: path)
        // Looked at under the lock: another run may have made the folder meanwhile.
        var info = stat()
        isNew = lstat(path, &info) != 0
        let stagingPath = parent + "/.\(name).cc-staging-\(getpid())"
        if !isNew {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                Self.unlock(lockFD, parent + "/.\(name).lock")
                throw FileSystem.Failure(message: "cannot write '\(directory)': it is not a directory")
            }
            completeInterruptedCommit()
            removeStagedLeftovers()
        } else if mkdir(stagingPath, 0o755) == 0 {
            // A signal removes it whole (on the main thread, at the next checkpoint).
            staging = stagingPath
            root = stagingPath
            InterruptCleanup.track(folder: stagingPath) { FileSystem.removeTree($0) }
        } else if errno == ENAMETOOLONG, mkdir(path, 0o755) == 0 {
            // A name too long to stage beside: the folder is made and written in place, file
            // by file, as an existing one is.
            made.append(path)
            InterruptCleanup.track(folder: path) { _ = rmdir($0) }
        } else {
            let reason = FileSystem.errorText()
            Self.unlock(lockFD, parent + "/.\(name).lock")
            throw FileSystem.Failure(message: "cannot write '\(directory)': \(reason)")
        }
    }

    /// Whether something is at `relative` (a file the run would replace, or anything else).
    package func holds(_ relative: String) -> Bool {
        var info = stat()
        return lstat(root + "/" + relative, &info) == 0
    }

    /// Stages a file of the new set (`relative` to the folder), its folders made as needed; a
    /// file whose place already holds exactly `bytes` is not written again (unless `rewrite`).
    /// Refused when the file in its place is one a rewrite may not replace: a symbolic link, a
    /// folder, a device or a read-only file.
    package mutating func write(_ bytes: [UInt8], at relative: String, rewrite: Bool = false) throws(FileSystem.Failure) {
        let outcome = bytes.withUnsafeBufferPointer { bytes in Result { () throws(FileSystem.Failure) in try write(bytes, at: relative, rewrite: rewrite) } }
        try outcome.get()
    }

    /// ``write(_:at:rewrite:)`` of a text's UTF-8, read where it lies (a payload is not copied).
    package mutating func write(_ text: String, at relative: String, rewrite: Bool = false) throws(FileSystem.Failure) {
        var text = text
        let outcome = text.withUTF8 { bytes in Result { () throws(FileSystem.Failure) in try write(bytes, at: relative, rewrite: rewrite) } }
        try outcome.get()
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, at relative: String, rewrite: Bool) throws(FileSystem.Failure) {
        InterruptCleanup.checkpoint()
        let (folder, madeByRun) = try makeFolders(above: relative)
        // In a folder this run made there was nothing to replace; a file that appears there
        // meanwhile stops the commit (``commit(manifest:)`` looks again).
        let found: Found = try madeByRun ? .absent : look(at: relative)
        if !rewrite, alreadyHolds(bytes, at: relative, found: found) {
            staged.append(Staged(relative: relative, temporary: nil, found: found))
            return
        }
        let temporary = stagedPath(of: relative, in: folder)
        InterruptCleanup.blockSignals()
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            unlink(temporary)  // a killed run's (we hold the lock: no live run owns it)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        if fd >= 0, staging == nil {
            InterruptCleanup.trackHeld(folder: temporary) { _ = unlink($0) }
            tracked.append(temporary)
        }
        InterruptCleanup.unblockSignals()
        guard fd >= 0 else { throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())") }
        staged.append(Staged(relative: relative, temporary: temporary, found: found))
        let reason = Self.fill(fd, with: bytes, keeping: found)
        if let reason { throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(reason)") }
    }

    /// Makes the staged files durable (one sync of their file system), then, when nothing was
    /// changed at their places meanwhile, renames them over their targets and the manifest last,
    /// with signals held. When every file already held its bytes, nothing is written, renamed or
    /// synced. The lock is kept until ``finish()``.
    package mutating func commit(manifest: [UInt8]) throws(FileSystem.Failure) {
        // A payload written means a manifest written: its rename is the commit (the mark).
        let changes = staged.contains { $0.temporary != nil }
        try write(manifest, at: "manifest.json", rewrite: changes)
        if let staging {
            try commitNewFolder(staging)
            return
        }
        guard staged.contains(where: { $0.temporary != nil }) else {
            try confirmUnchanged()
            InterruptCleanup.forget(folders: tracked)
            tracked = []
            staged = []
            forgetMade()
            return
        }
        if OS.syncsWholeFileSystem {
            let folder = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                let synced = OS.syncFileSystem(of: folder)
                close(folder)
                guard synced else { throw failure("cannot sync the new set") }
            }
        }
        Self.enterCommit()
        defer { InterruptCleanup.unblockSignals() }
        try confirmUnchanged()
        guard let manifest = staged.last?.temporary, rename(manifest, target + "/" + Self.commitMark) == 0 else {
            throw failure("cannot put the new set in place")
        }
        committing = true
        Self.sync(target)
        var folders: Set<String> = [target]
        for file in staged.dropLast() {
            guard let temporary = file.temporary else { continue }
            // The mark is durable: a run stopped from here on is completed by the next one.
            if rename(temporary, target + "/" + file.relative) != 0 {
                throw failure("cannot put '\(shown(file.relative))' in place (the next run completes the set)")
            }
            folders.insert(FileSystem.directory(of: target + "/" + file.relative))
            #if DEBUG
            if getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "kill-during-commit" { raise(SIGKILL) }
            #endif
        }
        guard rename(target + "/" + Self.commitMark, target + "/manifest.json") == 0 else {
            throw failure("cannot put the manifest in place (the next run completes the set)")
        }
        for folder in folders.sorted() { Self.sync(folder) }
        InterruptCleanup.forget(folders: tracked)
        tracked = []
        staged = []
        forgetMade()
        committing = false
    }

    /// A new folder's commit: its staging folder made durable (one `syncfs`; where files are
    /// synced one by one, its folders too), then renamed into place in one step, never over
    /// anything that appeared there meanwhile, and the rename made durable.
    private mutating func commitNewFolder(_ staging: String) throws(FileSystem.Failure) {
        if OS.syncsWholeFileSystem {
            let folder = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                let synced = OS.syncFileSystem(of: folder)
                close(folder)
                guard synced else { throw failure("cannot sync the new set") }
            }
        } else {
            for folder in Set(checkedFolders.keys).union([staging]).sorted() { Self.sync(folder) }
        }
        Self.enterCommit()
        defer { InterruptCleanup.unblockSignals() }
        if !OS.renameWithoutReplacing(staging, target) {
            let reason = errno
            guard reason == EINVAL || reason == ENOSYS || reason == ENOTSUP else {
                if reason == EEXIST || reason == ENOTEMPTY {
                    throw FileSystem.Failure(message: "cannot write '\(display)': it appeared while this run wrote the set (another program made it); nothing was replaced")
                }
                errno = reason
                throw failure("cannot put the new set in place")
            }
            // A file system that cannot rename without replacing: renamed when still missing
            // (under the lock, only another program can make it meanwhile).
            var info = stat()
            guard lstat(target, &info) != 0, rename(staging, target) == 0 else {
                throw FileSystem.Failure(message: "cannot write '\(display)': it appeared while this run wrote the set (another program made it); nothing was replaced")
            }
        }
        Self.sync(parent)
        InterruptCleanup.forget(folder: staging)
        self.staging = nil
        root = target
        staged = []
    }

    /// Where `relative` is staged in `folder` (the folder above it): beside its target, or
    /// under its own name in a new folder's staging folder (the folder is renamed as a whole).
    func stagedPath(of relative: String, in folder: String) -> String {
        staging == nil ? folder + "/." + FileSystem.lastComponent(of: relative) + ".cc-new" : root + "/" + relative
    }

    /// Refuses the commit when a file of the set changed at its place since the run looked.
    private func confirmUnchanged() throws(FileSystem.Failure) {
        for file in staged where (try? look(at: file.relative)) != file.found {
            throw FileSystem.Failure(message: "cannot write '\(display)': '\(shown(file.relative))' changed while this run wrote the set (another program wrote it); nothing was replaced")
        }
    }

    /// The folders this run made are the set's now: a signal no longer removes them.
    private mutating func forgetMade() {
        InterruptCleanup.forget(folders: made)
        made = []
    }

    /// Unlocks after a commit (the stale payloads are removed before, under the lock).
    package mutating func finish() {
        Self.unlock(lock, parent + "/.\(name).lock")
        lock = -1
    }

    /// Removes the staged files and the folders this run made, and unlocks: the folder is as
    /// it was. Once the renames began, the staged files stay for the next run to complete.
    package mutating func abandon() {
        guard lock >= 0 else { return }
        if let staging {
            FileSystem.removeTree(staging)
            InterruptCleanup.forget(folder: staging)
            self.staging = nil
            staged = []
        }
        if !committing { for temporary in staged.compactMap(\.temporary) { unlink(temporary) } }
        InterruptCleanup.forget(folders: tracked)
        tracked = []
        staged = []
        for folder in made.reversed() {
            rmdir(folder)
            InterruptCleanup.forget(folder: folder)
        }
        made = []
        finish()
    }

    /// The folder above `relative`, made when missing, and whether this run made it; a part that
    /// is not a folder (a file, a symbolic link) is refused: the run writes nowhere but inside the
    /// folder. Each folder is looked at once a run.
    mutating func makeFolders(above relative: String) throws(FileSystem.Failure) -> (String, Bool) {
        var folder = root
        for part in relative.split(separator: "/").dropLast() {
            folder += "/" + part
            if checkedFolders[folder] != nil { continue }
            var info = stat()
            if lstat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw FileSystem.Failure(message: "cannot write '\(shown(relative))': '\(shown(String(folder.dropFirst(root.count + 1))))' is not a directory")
                }
                checkedFolders[folder] = false
            } else if mkdir(folder, 0o755) == 0 {
                checkedFolders[folder] = true
                // In a new folder's staging folder, removed with it.
                if staging == nil {
                    made.append(folder)
                    InterruptCleanup.track(folder: folder) { _ = rmdir($0) }
                }
            } else {
                throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())")
            }
        }
        return (folder, checkedFolders[folder] ?? (made.contains(folder) || folder == staging))
    }

    /// What is at `relative` now; a file a rewrite may not replace is refused.
    func look(at relative: String) throws(FileSystem.Failure) -> Found {
        var info = stat()
        guard lstat(root + "/" + relative, &info) == 0 else {
            if errno == ENOENT { return .absent }
            throw FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())")
        }
        let label = shown(relative), kind = info.st_mode & S_IFMT
        if kind == S_IFLNK { throw FileSystem.Failure(message: "will not replace '\(label)': it is a symbolic link") }
        if kind == S_IFDIR { throw FileSystem.Failure(message: "cannot write '\(label)': it is a directory") }
        if kind != S_IFREG { throw FileSystem.Failure(message: "will not replace '\(label)': it is a device or socket, not a file") }
        if info.st_mode & 0o222 == 0 { throw FileSystem.Failure(message: "will not replace '\(label)': it is read-only") }
        let changed = OS.changeTime(info)
        return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), changed: changed.0,
                     changedNanoseconds: changed.1, owner: info.st_uid, group: info.st_gid, mode: info.st_mode & 0o7777)
    }

    func shown(_ relative: String) -> String { relative.isEmpty ? display : display + "/" + relative }

    private func failure(_ what: String) -> FileSystem.Failure {
        FileSystem.Failure(message: "cannot write '\(display)': \(what): \(FileSystem.errorText())")
    }

    /// Makes a folder's entries durable (its renames).
    static func sync(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = OS.syncFile(fd)
        close(fd)
    }
}
