import PlatformLayer
import ProcessSupport

extension FolderTransaction {
    /// Stages the files of the new set (`relative` to the folder) as ``write(_:at:rewrite:)``
    /// does one, on up to `jobs` threads (`nil`: every core): the folders are made first, here,
    /// and every temporary file is tracked for the signals at once, before any is created, so a
    /// signal during the staging removes them all at the next checkpoint. The files are recorded
    /// in the order given; the first file that fails (in that order) is the failure thrown, and
    /// ``abandon()`` removes what the others staged.
    package mutating func write(_ files: [(relative: String, bytes: [UInt8])], jobs: Int?) throws(FileSystem.Failure) {
        InterruptCleanup.checkpoint()
        var found: [(folder: String, madeByRun: Bool)] = []
        found.reserveCapacity(files.count)
        for file in files { found.append(try makeFolders(above: file.relative)) }
        let places = found
        let temporaries = zip(files, places).map { file, place in stagedPath(of: file.relative, in: place.folder) }
        // A new folder's staging folder is tracked as a whole already.
        if !stagesWholeFolder {
            InterruptCleanup.blockSignals()
            for temporary in temporaries { InterruptCleanup.trackHeld(folder: temporary) { _ = unlink($0) } }
            tracked += temporaries
            InterruptCleanup.unblockSignals()
        }
        // A thread a folder: creating a file locks its folder, so two threads creating files in
        // one folder mostly wait for each other.
        var byFolder: [String: [Int]] = [:], folders: [String] = []
        for (index, place) in places.enumerated() {
            if byFolder[place.folder] == nil { folders.append(place.folder) }
            byFolder[place.folder, default: []].append(index)
        }
        let transaction = UncheckedSendable(self)
        let batches = Parallel.map(folders.map { byFolder[$0] ?? [] }, jobs: jobs) { indices in
            indices.map { index in transaction.value.stage(files[index], at: temporaries[index], inFolderMadeByRun: places[index].madeByRun) }
        }
        var outcomes = [StageOutcome?](repeating: nil, count: files.count)
        for (indices, batch) in zip(folders.map { byFolder[$0] ?? [] }, batches) {
            for (index, outcome) in zip(indices, batch) { outcomes[index] = outcome }
        }
        var failure: FileSystem.Failure?
        for case let outcome? in outcomes {
            if let file = outcome.staged { staged.append(file) }
            if failure == nil { failure = outcome.failure }
        }
        InterruptCleanup.checkpoint()
        if let failure { throw failure }
    }

    /// One file staged on a worker thread: what was at its place, and its temporary file when it
    /// was written (`nil` when its place held its bytes already); a failure may come with a
    /// temporary file to remove.
    struct StageOutcome: Sendable {
        var staged: Staged?
        var failure: FileSystem.Failure?
    }

    /// Stages one file into `temporary` (tracked already): reads only the transaction's fixed
    /// fields, so threads may run it side by side.
    private func stage(_ file: (relative: String, bytes: [UInt8]), at temporary: String, inFolderMadeByRun madeByRun: Bool) -> StageOutcome {
        let relative = file.relative
        let found: Found
        do {
            // In a folder this run made there was nothing to replace; a file that appears there
            // meanwhile stops the commit (``commit(manifest:)`` looks again).
            found = madeByRun ? .absent : try look(at: relative)
        } catch {
            return StageOutcome(staged: nil, failure: error)
        }
        let done = file.bytes.withUnsafeBufferPointer { bytes -> StageOutcome in
            if alreadyHolds(bytes, at: relative, found: found) {
                return StageOutcome(staged: Staged(relative: relative, temporary: nil, found: found), failure: nil)
            }
            var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno == EEXIST {
                unlink(temporary)  // a killed run's (we hold the lock: no live run owns it)
                fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            guard fd >= 0 else {
                return StageOutcome(staged: nil, failure: FileSystem.Failure(message: "cannot write '\(shown(relative))': \(FileSystem.errorText())"))
            }
            let staged = Staged(relative: relative, temporary: temporary, found: found)
            let reason = Self.fill(fd, with: bytes, keeping: found)
            #if DEBUG
            // A signal on a staging thread, a file of its folder staged (the CLI tests).
            if getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "interrupt-while-staging" { raise(SIGTERM) }
            #endif
            return StageOutcome(staged: staged, failure: reason.map { FileSystem.Failure(message: "cannot write '\(shown(relative))': \($0)") })
        }
        return done
    }

    /// Writes `bytes` into the new file `fd`, gives it the owner and mode of the file it
    /// replaces (`found`; a new file 0644), makes it durable where the system syncs file by
    /// file, and closes it: why it failed, or `nil`.
    static func fill(_ fd: Int32, with bytes: UnsafeBufferPointer<UInt8>, keeping found: Found) -> String? {
        var reason = FileSystem.writeAll(bytes, to: fd)
        var mode: mode_t = 0o644
        if case .file(_, _, _, _, _, let owner, let group, let kept) = found {
            mode = kept
            // A payload replaced keeps its owner when the run may give it (root): a compile
            // run with sudo does not take the user's payloads away from them.
            if owner != geteuid() || group != getegid() { _ = fchown(fd, owner, group) }
        }
        if reason == nil, fchmod(fd, mode) != 0 { reason = FileSystem.errorText() }
        // Without a whole-file-system sync (Apple systems), each file is synced as it is written.
        if reason == nil, !OS.syncsWholeFileSystem, !OS.syncFile(fd) { reason = FileSystem.errorText() }
        if close(fd) != 0, reason == nil { reason = FileSystem.errorText() }
        return reason
    }
}
