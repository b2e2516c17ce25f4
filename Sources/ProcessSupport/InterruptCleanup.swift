#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import JSONSyntax
#endif

/// Removes the temporary file of an atomic write when SIGINT, SIGTERM or SIGHUP ends the
/// process, then lets the signal end it as it would have (docs/commands.md "Exit codes": an interrupted write leaves
/// the original untouched and no temporary file behind). SIGXFSZ (the file-size limit) is
/// ignored instead, so the write fails with EFBIG and is reported like a full disk.
///
/// The handler may only call async-signal-safe functions, so the path lives in a fixed C
/// buffer, written with the signals blocked.
enum InterruptCleanup {
    /// The temporary file being written (NUL-terminated), or an empty string.
    nonisolated(unsafe) private static let pending: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer
    }()
    nonisolated(unsafe) private static var installed = false
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers once (the first atomic write of the process).
    static func install() {
        guard !installed else { return }
        installed = true
        _ = pending
        for signal in signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handle
            #else
            action.__sigaction_handler.sa_handler = handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        Glibc_or_Darwin_signal(SIGXFSZ, SIG_IGN)
    }

    /// Records `path` (a C string) as the file to remove on a signal.
    static func track(_ path: UnsafePointer<CChar>) {
        let length = min(strlen(path), Int(PATH_MAX))
        pending.update(from: path, count: length)
        pending[length] = 0
    }

    /// Nothing to remove any more (renamed or removed).
    static func untrack() { pending[0] = 0 }

    /// Holds the signals while the tracked path changes, so the handler never sees half of it.
    static func blockSignals() { mask(SIG_BLOCK) }

    /// Delivers any signal that arrived meanwhile.
    static func unblockSignals() { mask(SIG_UNBLOCK) }

    private static func mask(_ how: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(how, &set, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if InterruptCleanup.pending[0] != 0 { unlink(InterruptCleanup.pending) }
        // End the process the way the signal would have (exit status 128 + signal for shells).
        Glibc_or_Darwin_signal(signal, SIG_DFL)
        raise(signal)
    }
}

/// `signal(2)` under one name on every C library.
// named after the C functions it calls.
// swift-format-ignore: AlwaysUseLowerCamelCase
private func Glibc_or_Darwin_signal(_ number: Int32, _ handler: sighandler_t?) {
    _ = signal(number, handler)
}
