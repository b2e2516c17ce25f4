import PlatformLayer

/// A child that keeps running while this process exchanges messages with it through two more
/// pipes: it reads this process's messages from its descriptor 3 and writes its own to its
/// descriptor 4, each message ended by a NUL byte (what Chromium's `--remote-debugging-pipe`
/// speaks). Started by the rules of ``ProcessRunner``: a process group of its own, standard
/// input, output and error on /dev/null, the group killed when it is done (``finish(grace:)``)
/// or when SIGINT, SIGTERM or SIGHUP arrives (``InterruptCleanup``). One child at a time, used
/// from one thread.
package final class PipedChild {
    /// What ``receive(until:)`` got.
    package enum Received: Equatable {
        /// One message, without its NUL.
        case message([UInt8])
        /// The child closed its end or exited: nothing more will come.
        case closed
        /// The deadline passed first.
        case timedOut
    }

    private let pid: pid_t
    /// Ours: the child's descriptor 3 reads what is written here (non-blocking).
    private var toChild: Int32
    /// Ours: what the child writes to its descriptor 4.
    private var fromChild: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no NUL.
    private var scanned = 0
    private var exited = false
    private var finished = false

    private init(pid: pid_t, toChild: Int32, fromChild: Int32) {
        self.pid = pid
        self.toChild = toChild
        self.fromChild = fromChild
    }

    deinit { finish(grace: 0) }

    /// Starts `executable` with `arguments`; `nil` when it could not be started.
    package static func start(_ executable: String, _ arguments: [String]) -> PipedChild? {
        var commands: [Int32] = [-1, -1], replies: [Int32] = [-1, -1]
        guard pipe(&commands) == 0 else { return nil }
        guard pipe(&replies) == 0 else {
            commands.forEach { close($0) }
            return nil
        }
        // The child's ends move above 4 first, so that putting them at 3 and 4 cannot overwrite
        // one with the other; every descriptor here is closed on exec but the two the child gets.
        let childRead = fcntl(commands[0], F_DUPFD_CLOEXEC, 10), childWrite = fcntl(replies[1], F_DUPFD_CLOEXEC, 10)
        for fd in [commands[0], replies[1]] { close(fd) }
        for fd in [commands[1], replies[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let ours = [commands[1], replies[0]]
        defer {
            for fd in [childRead, childWrite] where fd >= 0 { close(fd) }
        }
        guard childRead >= 0, childWrite >= 0 else {
            ours.forEach { close($0) }
            return nil
        }
        let actions = OS.SpawnActions()
        actions.open(0, "/dev/null", O_RDONLY)
        actions.open(1, "/dev/null", O_WRONLY)
        actions.open(2, "/dev/null", O_WRONLY)
        actions.duplicate(childRead, to: 3)
        actions.duplicate(childWrite, to: 4)
        // Ours are closed on exec: closing them here could close a 3 or 4 just made.
        guard let pid = ProcessRunner.launch(executable, arguments, actions: actions) else {
            ours.forEach { close($0) }
            return nil
        }
        _ = fcntl(commands[1], F_SETFL, fcntl(commands[1], F_GETFL) | O_NONBLOCK)
        return PipedChild(pid: pid, toChild: commands[1], fromChild: replies[0])
    }

    /// Sends `message` and its NUL; `false` when the child stopped reading (it exited, or the
    /// deadline passed with the pipe full).
    package func send(_ message: [UInt8], until deadline: Double) -> Bool {
        let bytes = message + [0]
        var offset = 0
        while offset < bytes.count {
            InterruptCleanup.checkpoint()
            guard !finished, deadline > ProcessRunner.monotonicSeconds() else { return false }
            let written = bytes[offset...].withUnsafeBytes { OS.write(toChild, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { return false }  // EPIPE: it exited
            var descriptor = pollfd(fd: toChild, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 100)
            if reap() { return false }
        }
        return true
    }

    /// The next message, or why there is none.
    package func receive(until deadline: Double) -> Received {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = buffer[scanned...].firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                scanned = 0
                return .message(message)
            }
            scanned = buffer.count
            InterruptCleanup.checkpoint()
            guard !finished, fromChild >= 0 else { return .closed }
            let remaining = deadline - ProcessRunner.monotonicSeconds()
            if remaining <= 0 { return .timedOut }
            // Helpers of a child that exited would hold the pipe open: `reap` ends them.
            _ = reap()
            var descriptor = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 0.1) * 1000) + 1)
            if ready < 0, errno != EINTR { return .closed }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(fromChild, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count == 0 || errno != EINTR {
                close(fromChild)
                fromChild = -1
            }
        }
    }

    /// Gives the child `grace` seconds to exit (after it was asked to), then kills its group
    /// and closes the pipes. Calling it again does nothing.
    package func finish(grace: Double) {
        guard !finished else { return }
        finished = true
        let deadline = ProcessRunner.monotonicSeconds() + grace
        while !reap(), ProcessRunner.monotonicSeconds() < deadline { usleep(10_000) }
        kill(-pid, SIGKILL)
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            exited = true
        }
        InterruptCleanup.trackChild(0)
        for fd in [toChild, fromChild] where fd >= 0 { close(fd) }
        toChild = -1
        fromChild = -1
    }

    /// Whether the child has exited; when it just did, the helpers it left behind are killed.
    private func reap() -> Bool {
        guard !exited else { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exited = true
        kill(-pid, SIGKILL)
        return true
    }
}
