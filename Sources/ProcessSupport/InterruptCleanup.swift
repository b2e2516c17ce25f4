import PlatformLayer

/// What SIGINT, SIGTERM and SIGHUP leave behind: nothing (docs/commands.md "Exit codes"). The
/// handler stops the running child's process group (a browser, curl) and removes the temporary
/// file of an atomic write at once; temporary folders and files (a preview's scratch folder, the
/// files `compile --out-dir` staged) are removed at the next ``checkpoint()``, on the main thread, where removing a
/// tree is safe. Then the process ends by the same signal (exit status 128 + signal for shells).
/// SIGXFSZ (the file-size limit) is ignored instead, so a write fails with EFBIG and is reported
/// like a full disk.
///
/// The handler may only call async-signal-safe functions, so what it needs lives in fixed C
/// buffers, written with the signals blocked.
package enum InterruptCleanup {
    /// The temporary file being written (NUL-terminated), or an empty string.
    nonisolated(unsafe) private static let pending: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer
    }()
    /// [0]: the running child's process group (0: none); [1]: how many folders wait for a
    /// checkpoint (the handler then only records the signal); [2]: the signal it recorded.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<Int32> = {
        let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        buffer.initialize(repeating: 0, count: 3)
        return buffer
    }()
    /// Folders to remove on a signal (main thread only, never read by the handler).
    nonisolated(unsafe) private static var folders: [(path: String, remove: (String) -> Void)] = []
    nonisolated(unsafe) private static var installed = false
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers once (the first write, child or temporary folder of the process).
    package static func install() {
        guard !installed else { return }
        installed = true
        _ = pending
        _ = state
        for signal in signals { OS.handleSignal(signal, handle) }
        OS.ignoreSignal(SIGXFSZ)
    }

    /// Records `path` (a C string) as the file to remove on a signal.
    package static func track(_ path: UnsafePointer<CChar>) {
        let length = min(strlen(path), Int(PATH_MAX))
        pending.update(from: path, count: length)
        pending[length] = 0
    }

    /// Nothing to remove any more (renamed or removed).
    package static func untrack() { pending[0] = 0 }

    /// Records the process group of a child to stop on a signal (0: none any more).
    package static func trackChild(_ group: pid_t) {
        install()
        state[0] = Int32(group)
    }

    /// `path`, a temporary folder, is removed by `remove` when a signal arrives before
    /// ``forget(folder:)``; until then a signal ends the process at the next ``checkpoint()``.
    package static func track(folder path: String, remove: @escaping (String) -> Void) {
        install()
        held { trackHeld(folder: path, remove: remove) }
    }

    /// ``track(folder:remove:)`` for a caller that holds the signals already (between
    /// ``blockSignals()`` and ``unblockSignals()``): two system calls fewer a path.
    package static func trackHeld(folder path: String, remove: @escaping (String) -> Void) {
        install()
        folders.append((path, remove))
        state[1] += 1
    }

    /// `path` is gone or became the output: a signal no longer removes it.
    package static func forget(folder path: String) {
        held {
            if let index = folders.lastIndex(where: { $0.path == path }) {
                folders.remove(at: index)
                state[1] -= 1
            }
        }
        checkpoint()
    }

    /// ``forget(folder:)`` for many paths at once, with the signals held once.
    package static func forget(folders paths: [String]) {
        held {
            for path in paths {
                if let index = folders.lastIndex(where: { $0.path == path }) {
                    folders.remove(at: index)
                    state[1] -= 1
                }
            }
        }
        checkpoint()
    }

    /// Whether a signal arrived that a tracked folder holds back.
    package static var interrupted: Bool { state[2] != 0 }

    /// Where a long step can stop: when a signal arrived, stops the child, removes the tracked
    /// folders and the temporary file, and ends the process by that signal.
    package static func checkpoint() {
        let signal = state[2]
        guard signal != 0 else { return }
        blockSignals()
        if state[0] > 0 { kill(-state[0], SIGKILL) }
        if pending[0] != 0 { unlink(pending) }
        for folder in folders.reversed() { folder.remove(folder.path) }
        folders = []
        OS.restoreSignal(signal)
        unblockSignals()
        raise(signal)
        _exit(128 + signal)
    }

    /// Holds the signals while the tracked path changes, so the handler never sees half of it.
    package static func blockSignals() { mask(SIG_BLOCK) }

    /// Delivers any signal that arrived meanwhile.
    package static func unblockSignals() { mask(SIG_UNBLOCK) }

    /// Runs `body` with the signals held, then restores the mask as it was (calls nest).
    private static func held(_ body: () -> Void) {
        var set = sigset_t(), previous = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(SIG_BLOCK, &set, &previous)
        body()
        sigprocmask(SIG_SETMASK, &previous, nil)
    }

    private static func mask(_ how: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(how, &set, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let state = InterruptCleanup.state
        if state[0] > 0 { kill(-state[0], SIGKILL) }
        if InterruptCleanup.pending[0] != 0 { unlink(InterruptCleanup.pending) }
        if state[1] > 0 {
            // A folder to remove: the main thread does it at its next checkpoint.
            if state[2] == 0 { state[2] = signal }
            return
        }
        // End the process the way the signal would have (exit status 128 + signal for shells).
        OS.restoreSignal(signal)
        raise(signal)
    }
}
