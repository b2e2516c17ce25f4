import PlatformLayer
import ProcessSupport

extension FolderTransaction {
    /// Takes the lock file `path` (flock), waiting up to ``lockWait`` for another run to finish.
    /// The file is removed when the lock is released; a waiter that locked a file removed
    /// meanwhile tries again with the new one.
    static func lock(_ path: String, display: String) throws(FileSystem.Failure) -> Int32 {
        let deadline = ProcessRunner.monotonicSeconds() + lockWait
        while true {
            // Signals wait while the file may be ours and untracked: a run stopped now leaves
            // no lock file, and never removes one another run holds.
            InterruptCleanup.blockSignals()
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let failure = FileSystem.Failure(message: "cannot write '\(display)': cannot create the lock file '\(path)': \(FileSystem.errorText())")
                InterruptCleanup.unblockSignals()
                throw failure
            }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                var locked = stat(), current = stat()
                if fstat(fd, &locked) == 0, stat(path, &current) == 0, locked.st_dev == current.st_dev, locked.st_ino == current.st_ino {
                    InterruptCleanup.track(folder: path) { _ = unlink($0) }
                    InterruptCleanup.unblockSignals()
                    return fd
                }
                close(fd)  // removed by the run that held it: take the new one
                InterruptCleanup.unblockSignals()
                continue
            }
            let reason = errno
            close(fd)
            InterruptCleanup.unblockSignals()
            guard reason == EAGAIN || reason == EINTR else {
                errno = reason
                throw FileSystem.Failure(message: "cannot write '\(display)': cannot lock '\(path)': \(FileSystem.errorText())")
            }
            if ProcessRunner.monotonicSeconds() > deadline {
                let seconds = lockWait == lockWait.rounded() ? String(Int(lockWait)) : String(lockWait)
                throw FileSystem.Failure(message: "cannot write '\(display)': another run is writing it (it holds '\(path)'); waited \(seconds) s; nothing was written")
            }
            InterruptCleanup.checkpoint()
            usleep(20_000)
        }
    }

    /// Releases the lock: the file goes first, so no later run locks a file nobody removes.
    static func unlock(_ fd: Int32, _ path: String) {
        guard fd >= 0 else { return }
        InterruptCleanup.blockSignals()
        unlink(path)
        close(fd)
        InterruptCleanup.unblockSignals()
        InterruptCleanup.forget(folder: path)
    }

    /// What a killed run of an earlier version (which replaced the folder as a whole) left
    /// beside `target`: its staging folders are removed; a previous set moved aside
    /// (`.<name>.cc-previous`) goes back when the folder is missing, else is removed. Called
    /// with the lock held, so no live run owns them.
    static func removeLeftovers(parent: String, name: String, target: String) {
        for entry in FileSystem.entries(of: parent) ?? [] where entry.hasPrefix(".\(name).cc-staging-") {
            FileSystem.removeTree(parent + "/" + entry)
        }
        let aside = parent + "/.\(name).cc-previous"
        guard FileSystem.isDirectory(aside) else { return }
        if !FileSystem.exists(target), rename(aside, target) == 0 { return }
        FileSystem.removeTree(aside)
    }
}
