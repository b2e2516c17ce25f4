// Apple systems (Darwin): the same API as OS+Linux.swift. Never compiled on Linux as it is, but
// type-checked there against a stand-in Darwin module (Scripts/ci/check-darwin.sh).
#if canImport(Darwin)
@_exported import Darwin

extension OS {
    /// What `posix_spawn` is run on.
    package static let name = "Darwin"

    /// `posix_spawn_file_actions_t`: an opaque pointer here, made by `posix_spawn_file_actions_init`.
    typealias CFileActions = posix_spawn_file_actions_t?
    static func emptyFileActions() -> CFileActions { nil }

    /// `posix_spawnattr_t`: an opaque pointer here, made by `posix_spawnattr_init`.
    typealias CSpawnAttributes = posix_spawnattr_t?
    static func emptySpawnAttributes() -> CSpawnAttributes { nil }

    /// The environment a spawned child gets: this process's (`environ` is not exported here).
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { _NSGetEnviron().pointee }

    /// A thread: a pointer here.
    package typealias ThreadHandle = pthread_t

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; `nil` when none can be
    /// started.
    package static func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> ThreadHandle? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { context in
            context.map { Unmanaged<ThreadBody>.fromOpaque($0).takeRetainedValue().run() }
            return nil
        }, context)
        guard status == 0, let thread else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Runs `handler` (async-signal-safe) when `number` arrives, no other signal blocked meanwhile.
    package static func handleSignal(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_u.__sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    /// The C library's `write`, under a name that methods called `write` do not shadow.
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.write(fd, buffer, count)
    }

    /// Nothing here: `F_FULLFSYNC` in ``syncFile(_:)`` writes the whole file.
    package static func startWriteback(_ fd: Int32, offset: Int, count: Int) {}

    /// Makes what was written to `fd` durable: `fsync` only hands it to the drive here, whose
    /// cache may lose it on power loss; `F_FULLFSYNC` flushes that cache too.
    package static func syncFile(_ fd: Int32) -> Bool {
        durableSync(fullSync: { fcntl(fd, F_FULLFSYNC) }, sync: { fsync(fd) })
    }

    /// No call makes a whole file system durable here: each file is synced as it is written.
    package static let syncsWholeFileSystem = false

    /// Unused here (``syncsWholeFileSystem`` is `false`): syncs `fd` itself.
    package static func syncFileSystem(of fd: Int32) -> Bool { syncFile(fd) }

    /// Swaps two folders in one step (`renamex_np` with `RENAME_SWAP`). `false`, with `errno`
    /// set, when it did not happen.
    package static func exchange(_ first: String, _ second: String) -> Bool {
        renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
    }

    /// Renames `source` to `destination` only when nothing is there (`renamex_np` with
    /// `RENAME_EXCL`). `false`, with `errno` set, when it did not happen (`EEXIST`: something is
    /// there; `ENOTSUP`: the volume cannot say so).
    package static func renameWithoutReplacing(_ source: String, _ destination: String) -> Bool {
        renamex_np(source, destination, UInt32(RENAME_EXCL)) == 0
    }

    /// `pathconf(_PC_CASE_SENSITIVE)`: 0 on a case-insensitive volume (APFS and HFS+ by default).
    static func volumeCaseSensitivity(_ folder: String) -> Bool? {
        errno = 0
        let answer = pathconf(folder, _PC_CASE_SENSITIVE)
        return answer < 0 ? nil : answer != 0
    }

    /// Nothing here: the allocator returns free pages itself.
    package static func returnFreePages() {}

    /// Nothing here: the allocator returns large blocks when they are freed.
    package static func returnLargeBlocksWhenFreed() {}

    /// Nothing here: the kernel picks page sizes itself.
    package static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ length: Int) {}

    /// `SOCK_STREAM`, a plain integer here.
    package static let streamSocketType = SOCK_STREAM

    /// `send` that returns EPIPE rather than raising SIGPIPE when the peer is gone (there is no
    /// MSG_NOSIGNAL here: the socket option says it).
    package static func sendWithoutSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        return send(fd, buffer, count, 0)
    }

    /// Starts `executable` with `arguments`, its output and errors to /dev/null, so that its peak
    /// memory (`wait4`'s `ru_maxrss`) is its own: `posix_spawn` (the peak is not carried across
    /// exec here, and Swift offers no `fork`).
    package static func spawnForPeakMemory(_ executable: String, _ arguments: [String]) -> pid_t? {
        let actions = SpawnActions()
        actions.open(1, "/dev/null", O_WRONLY)
        actions.open(2, "/dev/null", O_WRONLY)
        return spawn(executable, arguments, actions: actions)
    }

    /// When `info`'s file last changed (its inode: contents, mode, owner, links): `st_ctimespec` here.
    package static func changeTime(_ info: stat) -> (seconds: Int, nanoseconds: Int) {
        (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
    }

    /// Bytes per unit of `rusage.ru_maxrss`: bytes here.
    package static let peakMemoryUnit = 1

    /// The resources used by this process's children that have been waited for.
    package static func childrenUsage() -> rusage {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN, &usage)
        return usage
    }

    /// Folders holding browsers installed as applications (Chrome.app is never on `PATH`).
    package static var applicationFolders: [String] {
        ["/Applications"] + (getenv("HOME").map { [String(cString: $0) + "/Applications"] } ?? [])
    }

    /// How to install what `preview --check` needs.
    package static let browserInstallHint = "on macOS: brew install --cask google-chrome"

    /// How to install the curl `pull` runs (macOS ships one in /usr/bin).
    package static let curlInstallHint = "e.g. 'brew install curl'"
}
#endif
