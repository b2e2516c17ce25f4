#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with bytes on its standard input, capturing standard output and error, in a
/// process group of its own that is killed at the time limit.
enum ProcessRun {
    struct Outcome {
        /// Exit status (128 + signal when killed by one), or `nil` when the time limit killed it.
        var status: Int32?
        var output: [UInt8]
        var errorOutput: [UInt8]
    }

    static func run(_ executable: String, _ arguments: [String], input: [UInt8], timeout: Double, maxOutput: Int) -> Outcome? {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0 else { return nil }
        guard pipe(&outPipe) == 0 else { closeAll(inPipe); return nil }
        guard pipe(&errPipe) == 0 else { closeAll(inPipe + outPipe); return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            return nil
        }
        // The config is a few hundred bytes: it fits the pipe's buffer, so this cannot block
        // on a child that is not reading yet. A child that died early gives EPIPE, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(inPipe[1], buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; break }
                offset += n
            }
        }
        close(inPipe[1])
        var outcome = Outcome(status: nil, output: [], errorOutput: [])
        var open = [outPipe[0], errPipe[0]]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = monotonicSeconds() + timeout
        var timedOut = false
        while !open.isEmpty {
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 || outcome.output.count > maxOutput { timedOut = remaining <= 0; break }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 { if errno == EINTR { continue }; break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if descriptor.fd == outPipe[0] { outcome.output += chunk[0..<count] } else if outcome.errorOutput.count < 65536 { outcome.errorOutput += chunk[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        var status: Int32 = 0
        if !open.isEmpty {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(outPipe[0]); close(errPipe[0])
        if timedOut { return outcome }
        let exited = status & 0x7F == 0
        outcome.status = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return outcome
    }

    private static func closeAll(_ fds: [Int32]) { for fd in fds { close(fd) } }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
