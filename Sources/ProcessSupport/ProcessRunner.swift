import PlatformLayer

/// Starting another program with a time limit: the system curl of `pull`, the headless browser of
/// `preview --check`. One implementation, so the rules below hold for both:
/// - the child runs in a process group of its own, and the whole group is killed when the child
///   exits (helpers it left behind, as a browser does), at the time limit, or past `maxOutput`;
/// - its standard input is `input` through a pipe, or /dev/null;
/// - standard output is captured; standard error is captured (the first 64 KiB) or discarded;
/// - SIGPIPE is ignored, so a child that exits without reading its input gives EPIPE, not a
///   signal that would end this process;
/// - SIGINT, SIGTERM or SIGHUP to this process kills the child's group before this process ends
///   (``InterruptCleanup``).
package enum ProcessRunner {
    package struct Outcome {
        /// Exit status (128 + the signal's number when a signal ended it), or `nil` when it was
        /// killed at the time limit or for writing more than `maxOutput` bytes.
        package var status: Int32?
        /// What it wrote to standard output.
        package var output: [UInt8]
        /// What it wrote to standard error (empty unless `captureErrors`).
        package var errorOutput: [UInt8]
        /// It was stopped for writing more than `maxOutput` bytes (`status` is then `nil`).
        package var outputLimitReached: Bool
    }

    static let errorOutputLimit = 1 << 16

    /// Runs `executable` (a path) with `arguments`; `nil` when it could not be started. With
    /// `consume`, standard output is handed to it chunk by chunk instead of being kept (the
    /// output stays empty); when it answers `false` the group is killed and
    /// `outputLimitReached` set.
    package static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil, captureErrors: Bool = false,
                            timeout: Double, maxOutput: Int = Int.max,
                            consume: ((ArraySlice<UInt8>) -> Bool)? = nil) -> Outcome? {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        var opened: [Int32] = []
        defer { for fd in opened where fd >= 0 { close(fd) } }
        guard input == nil || pipe(&inPipe) == 0 else { return nil }
        opened += inPipe
        guard pipe(&outPipe) == 0 else { return nil }
        opened += outPipe
        guard !captureErrors || pipe(&errPipe) == 0 else { return nil }
        opened += errPipe
        let actions = OS.SpawnActions()
        if input == nil {
            actions.open(0, "/dev/null", O_RDONLY)
        } else {
            actions.duplicate(inPipe[0], to: 0)
        }
        actions.duplicate(outPipe[1], to: 1)
        if captureErrors {
            actions.duplicate(errPipe[1], to: 2)
        } else {
            actions.open(2, "/dev/null", O_WRONLY)
        }
        for fd in opened where fd >= 0 { actions.close(fd) }
        let pid = launch(executable, arguments, actions: actions)
        // The child's ends belong to the child now; ours stay open until `defer`.
        for fd in [inPipe[0], outPipe[1], errPipe[1]] where fd >= 0 {
            close(fd)
            opened.removeAll { $0 == fd }
        }
        guard let pid else { return nil }
        if let input {
            // What is sent is a few hundred bytes (curl's config): it fits the pipe's buffer, so
            // this cannot block on a child that is not reading yet.
            write(all: input, to: inPipe[1])
            close(inPipe[1])
            opened.removeAll { $0 == inPipe[1] }
        }
        return collect(pid: pid, output: outPipe[0], errors: captureErrors ? errPipe[0] : nil,
                       deadline: monotonicSeconds() + timeout, maxOutput: maxOutput, consume: consume)
    }

    /// Starts `executable` in a process group of its own with `actions` (its descriptors): its
    /// process id, tracked by ``InterruptCleanup`` until the caller's collecting ends; `nil` when
    /// it could not be started.
    static func launch(_ executable: String, _ arguments: [String], actions: OS.SpawnActions) -> pid_t? {
        OS.ignoreSignal(SIGPIPE)
        // SIGINT, SIGTERM or SIGHUP from here on stops the child's group too (InterruptCleanup).
        InterruptCleanup.install()
        InterruptCleanup.blockSignals()
        let pid = OS.spawn(executable, arguments, actions: actions, newProcessGroup: true)
        if let pid { InterruptCleanup.trackChild(pid) }
        InterruptCleanup.unblockSignals()
        return pid
    }

    /// Reads the pipes until the child has exited and they are drained; kills the group at the
    /// deadline or past `maxOutput`.
    private static func collect(pid: pid_t, output: Int32, errors: Int32?, deadline: Double, maxOutput: Int,
                                consume: ((ArraySlice<UInt8>) -> Bool)?) -> Outcome {
        var outcome = Outcome(status: nil, output: [], errorOutput: [], outputLimitReached: false)
        var open = [output] + (errors.map { [$0] } ?? [])
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = 0
        var exited = false
        defer { InterruptCleanup.trackChild(0) }
        while true {
            InterruptCleanup.checkpoint()
            if !exited, waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                // Helpers the child left behind would hold the pipes open: end them, then drain.
                kill(-pid, SIGKILL)
            }
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 { break }
            if outcome.outputLimitReached || outcome.output.count > maxOutput {
                outcome.outputLimitReached = true
                break
            }
            if open.isEmpty {
                if exited { break }
                usleep(10_000)  // the child closed its output but has not exited yet
                continue
            }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 0.1) * 1000) + 1)
            if ready < 0, errno != EINTR { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if descriptor.fd == output {
                        if let consume {
                            if !consume(chunk[0..<count]) { outcome.outputLimitReached = true }
                        } else {
                            outcome.output += chunk[0..<count]
                        }
                    } else if outcome.errorOutput.count < errorOutputLimit {
                        outcome.errorOutput += chunk[0..<min(count, errorOutputLimit - outcome.errorOutput.count)]
                    }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        if !exited {
            // The time limit, or too much output: the whole group goes.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return outcome
        }
        outcome.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return outcome
    }

    private static func write(all bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = OS.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // EPIPE: the child exited without reading; its status tells why
                }
                offset += written
            }
        }
    }

    /// Seconds on a clock that never goes back.
    package static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The first of `paths` that is an executable file.
    package static func firstExecutable(_ paths: [String]) -> String? {
        paths.first { access($0, X_OK) == 0 }
    }

    /// The first executable named one of `names` on `PATH`.
    package static func find(_ names: [String]) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for name in names {
            for directory in path.split(separator: ":") where !directory.isEmpty {
                let candidate = "\(directory)/\(name)"
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }
}
