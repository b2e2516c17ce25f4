import CustomerCenterCompiler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running another program (the browser of `preview --check`) with a time limit.
enum Subprocess {
    struct Outcome {
        /// Exit status, or `nil` when it was killed at the time limit.
        var status: Int32?
        /// What it wrote to stdout.
        var output: [UInt8]
    }

    /// Runs `executable` with `arguments`, its stdout captured and its stderr discarded, in a
    /// process group of its own; after `timeout` seconds the whole group is killed.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Outcome? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?  // an opaque pointer on Apple systems
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = monotonicSeconds() + timeout
        var open = true
        var status: Int32 = 0
        while true {
            if open {
                var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 100) > 0 {
                    let count = chunk.withUnsafeMutableBytes { systemRead(pipeEnds[0], $0.baseAddress, $0.count) }
                    if count > 0 { output += chunk[0..<count] } else if count == 0 || errno != EINTR { open = false }
                }
            } else {
                usleep(20_000)
            }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                // Take what is left in the pipe.
                while open {
                    let count = chunk.withUnsafeMutableBytes { systemRead(pipeEnds[0], $0.baseAddress, $0.count) }
                    if count > 0 { output += chunk[0..<count] } else { open = false }
                }
                close(pipeEnds[0])
                kill(-pid, SIGKILL)  // helpers the program left behind
                let exited = status & 0x7F == 0
                return Outcome(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output)
            }
            if monotonicSeconds() > deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                close(pipeEnds[0])
                return Outcome(status: nil, output: output)
            }
        }
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The first executable named `names` on `PATH`.
    static func find(_ names: [String]) -> String? {
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
