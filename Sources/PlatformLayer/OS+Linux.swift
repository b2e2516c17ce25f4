// Linux (Glibc, Musl): the same API as OS+Darwin.swift.
#if !canImport(Darwin)
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif

extension OS {
    /// What `posix_spawn` is run on (`OS+Darwin.swift` names Apple's).
    package static let name = "Linux"

    /// `posix_spawn_file_actions_t`: a struct here.
    typealias CFileActions = posix_spawn_file_actions_t
    static func emptyFileActions() -> CFileActions { posix_spawn_file_actions_t() }

    /// `posix_spawnattr_t`: a struct here.
    typealias CSpawnAttributes = posix_spawnattr_t
    static func emptySpawnAttributes() -> CSpawnAttributes { posix_spawnattr_t() }

    /// The environment a spawned child gets: this process's.
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }

    /// A thread: an integer here.
    package typealias ThreadHandle = pthread_t

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; `nil` when none can be
    /// started.
    package static func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> ThreadHandle? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            context.map { Unmanaged<ThreadBody>.fromOpaque($0).takeRetainedValue().run() }
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Runs `handler` (async-signal-safe) when `number` arrives, no other signal blocked meanwhile.
    package static func handleSignal(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    /// The C library's `write`, under a name that methods called `write` do not shadow.
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Musl.write(fd, buffer, count)
        #endif
    }

    /// Makes what was written to `fd` durable: `fsync` reaches the disk here.
    package static func syncFile(_ fd: Int32) -> Bool { fsync(fd) == 0 }

    /// Starts writing `count` bytes of `fd` from `offset` to the disk, without waiting for them
    /// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`): a later ``syncFile(_:)`` has less to
    /// wait for. Durable only after it.
    package static func startWriteback(_ fd: Int32, offset: Int, count: Int) {
        // Declared only for _GNU_SOURCE, like syncfs: looked up by name, once.
        _ = syncFileRange?(fd, Int64(offset), Int64(count), 2)
    }

    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    private static let syncFileRange: SyncFileRange? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
    }()

    /// Whether one call makes a whole file system durable (``syncFileSystem(of:)``); where it
    /// cannot, each file is synced as it is written.
    package static let syncsWholeFileSystem = true

    /// Makes everything written to the file system that holds `fd` durable, in one call
    /// (`syncfs`; `sync` where the C library has none).
    package static func syncFileSystem(of fd: Int32) -> Bool {
        // Declared only for _GNU_SOURCE, like renameat2: looked up by name.
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "syncfs") else {
            sync()
            return true
        }
        return unsafeBitCast(symbol, to: SyncFS.self)(fd) == 0
    }

    /// Swaps two folders in one step (`renameat2` with `RENAME_EXCHANGE`). `false`, with `errno`
    /// set, when it did not happen.
    package static func exchange(_ first: String, _ second: String) -> Bool {
        // The C library declares renameat2 only for _GNU_SOURCE, which Swift's Glibc module
        // does not define: look it up by name.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "renameat2") else {
            errno = ENOSYS
            return false
        }
        let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameAt2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
    }

    /// Renames `source` to `destination` only when nothing is there (`renameat2` with
    /// `RENAME_NOREPLACE`): never over a folder or file that appeared meanwhile. `false`, with
    /// `errno` set, when it did not happen (`EEXIST`: something is there; `EINVAL` or `ENOSYS`:
    /// the file system or the C library cannot say so).
    package static func renameWithoutReplacing(_ source: String, _ destination: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "renameat2") else {
            errno = ENOSYS
            return false
        }
        let renameNoReplace: UInt32 = 1 << 0
        return unsafeBitCast(symbol, to: RenameAt2.self)(AT_FDCWD, source, AT_FDCWD, destination, renameNoReplace) == 0
    }

    /// Linux volumes cannot say; their usual file systems tell names apart by case.
    static func volumeCaseSensitivity(_ folder: String) -> Bool? { true }

    /// Has the C allocator map each block of 128 KiB or more on its own and give it back when
    /// it is freed, from now on: glibc otherwise raises that bound to the largest block freed
    /// so far and keeps later blocks below it for reuse, so memory freed by one stage (a lint's
    /// model) stays counted while the next one runs (`lint --fix`'s second lint).
    package static func returnLargeBlocksWhenFreed() {
        #if canImport(Glibc)
        // `mallopt(M_MMAP_THRESHOLD, …)`; <malloc.h> is not in the Glibc module, so the function
        // is looked up by name (M_MMAP_THRESHOLD is -3 there).
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: SetOption.self)(-3, 128 * 1_024)
        #endif
    }

    /// Gives the pages of the C allocator's free blocks back to the system (`malloc_trim(0)`,
    /// looked up by name as `mallopt` is): what a finished stage freed among blocks still in use.
    package static func returnFreePages() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// Asks for 2 MiB pages behind `length` bytes from `start` (transparent huge pages).
    package static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ length: Int) {
        _ = madvise(start, length, MADV_HUGEPAGE)
    }

    /// `SOCK_STREAM`, an enum case here.
    package static let streamSocketType = Int32(SOCK_STREAM.rawValue)

    /// `send` that returns EPIPE rather than raising SIGPIPE when the peer is gone.
    package static func sendWithoutSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        send(fd, buffer, count, Int32(MSG_NOSIGNAL))
    }

    /// Starts `executable` with `arguments`, its output and errors to /dev/null, so that its peak
    /// memory (`wait4`'s `ru_maxrss`) is its own: `fork` then `exec`. (`posix_spawn` shares this
    /// process's memory until the exec, and Linux carries that high-water mark into the child's.)
    package static func spawnForPeakMemory(_ executable: String, _ arguments: [String]) -> pid_t? {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = fork()
        if pid == 0 {
            let devNull = open("/dev/null", O_WRONLY)
            dup2(devNull, 1)
            dup2(devNull, 2)
            execv(executable, argv)
            _exit(127)
        }
        return pid > 0 ? pid : nil
    }

    /// When `info`'s file last changed (its inode: contents, mode, owner, links): `st_ctim` here.
    package static func changeTime(_ info: stat) -> (seconds: Int, nanoseconds: Int) {
        (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
    }

    /// Bytes per unit of `rusage.ru_maxrss`: kibibytes here.
    package static let peakMemoryUnit = 1024

    /// The resources used by this process's children that have been waited for.
    package static func childrenUsage() -> rusage {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // an enum case here
        return usage
    }

    /// Folders holding browsers installed as applications: none here (`PATH` has them).
    package static let applicationFolders: [String] = []

    /// How to install what `preview --check` needs.
    package static let browserInstallHint = "on Debian: apt-get install chromium-headless-shell"

    /// How to install the curl `pull` runs.
    package static let curlInstallHint = "e.g. 'apt-get install curl'"
}
#endif
