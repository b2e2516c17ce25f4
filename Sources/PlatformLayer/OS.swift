#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place that knows which C library it runs on (docs/testing.md "The platform layer").
/// Everything whose name, type or behaviour differs between Linux (Glibc, Musl) and Apple
/// systems (Darwin) is a wrapper or a type alias here, with one file per platform
/// (`OS+Linux.swift`, `OS+Darwin.swift`) giving the same API; this file holds what is written
/// once on top of them. The module re-exports its C library, so the calls whose shape is the
/// same everywhere (`open`, `read`, `stat`, …) need no wrapper; nothing else in the package
/// imports `Glibc`, `Musl` or `Darwin` (PlatformLayerTests reads the sources to check), and CI
/// type-checks the Darwin file against a stand-in Darwin module (Scripts/ci/check-darwin.sh).
package enum OS {}

extension OS {
    /// `posix_spawn`'s file actions, owned: made empty, destroyed with the value. The C type is a
    /// struct on Linux and an optional pointer on Apple systems (``CFileActions``).
    package final class SpawnActions {
        var raw: CFileActions = OS.emptyFileActions()

        package init() { posix_spawn_file_actions_init(&raw) }
        deinit { posix_spawn_file_actions_destroy(&raw) }

        /// The child's `fd` is `path` opened with `flags` (and `mode` when it creates it).
        package func open(_ fd: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0) {
            posix_spawn_file_actions_addopen(&raw, fd, path, flags, mode)
        }

        /// The child's `target` is a copy of this process's `fd`.
        package func duplicate(_ fd: Int32, to target: Int32) {
            posix_spawn_file_actions_adddup2(&raw, fd, target)
        }

        /// The child does not inherit `fd`.
        package func close(_ fd: Int32) {
            posix_spawn_file_actions_addclose(&raw, fd)
        }
    }

    /// Starts `executable` (a path) with `arguments` and this process's environment, its
    /// descriptors set by `actions`, in a process group of its own when `newProcessGroup`:
    /// its process id, or `nil` when it could not be started.
    package static func spawn(_ executable: String, _ arguments: [String], actions: SpawnActions,
                              newProcessGroup: Bool = false) -> pid_t? {
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions.raw, &attributes, argv, environment)
        return status == 0 ? pid : nil
    }

    /// The peak resident memory in `usage`, in bytes (`ru_maxrss` counts kibibytes on Linux,
    /// bytes on Apple systems).
    package static func peakMemoryBytes(_ usage: rusage) -> Int { Int(usage.ru_maxrss) * peakMemoryUnit }

    /// `signal` no longer ends the process (`SIG_IGN`).
    package static func ignoreSignal(_ number: Int32) { _ = signal(number, SIG_IGN) }

    /// `signal` does what it does by default again (`SIG_DFL`).
    package static func restoreSignal(_ number: Int32) { _ = signal(number, SIG_DFL) }

    /// Makes what was written to `fd` durable: `fullSync` (Apple's `F_FULLFSYNC`, which asks
    /// the drive to flush its cache), and `sync` (`fsync`) where the file system does not support
    /// it. Written once, with the calls passed in, so that tests on Linux drive the fallback.
    package static func durableSync(fullSync: () -> Int32, sync: () -> Int32) -> Bool {
        if fullSync() != -1 { return true }
        // Not every file system (network and FUSE ones) implements F_FULLFSYNC.
        guard [ENOTSUP, EINVAL, ENOTTY].contains(errno) || errno == EOPNOTSUPP else { return false }
        return sync() == 0
    }

    /// Whether file names in `folder` differ by case, asked of its volume; `nil` when the volume
    /// cannot say. In debug builds `CUSTOMER_CENTER_TEST_CASE_SENSITIVE=0` or `=1` answers
    /// instead, so tests on a Linux file system drive the case-insensitive branch.
    package static func namesAreCaseSensitive(in folder: String) -> Bool? {
        #if DEBUG
        if let forced = getenv("CUSTOMER_CENTER_TEST_CASE_SENSITIVE") {
            switch String(cString: forced) {
            case "0": return false
            case "1": return true
            default: break
            }
        }
        #endif
        return volumeCaseSensitivity(folder)
    }

    /// `$TMPDIR` (or /tmp) as a folder to put names after: without the trailing `/` macOS
    /// gives it, so joined paths read `…/T/customer-center-…`, not `…/T//customer-center-…`.
    package static func temporaryFolder() -> String {
        temporaryFolder(fromTMPDIR: getenv("TMPDIR").map { String(cString: $0) })
    }

    /// ``temporaryFolder()`` for a given value of `$TMPDIR`.
    package static func temporaryFolder(fromTMPDIR value: String?) -> String {
        var base = value ?? ""
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        return base.isEmpty ? "/tmp" : base
    }

    /// The current folder as the user reached it: `$PWD` when it names the same folder as
    /// `getcwd` (a shell keeps the symbolic links it went through there: `/var/…` on macOS,
    /// where `getcwd` says `/private/var/…`), else `getcwd`; `nil` when neither can say.
    package static func currentFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let physical = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let shell = getenv("PWD").map({ String(cString: $0) }), shell.hasPrefix("/"), shell != physical,
              !shell.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else { return physical }
        var here = stat(), there = stat()
        guard stat(".", &here) == 0, stat(shell, &there) == 0,
              here.st_dev == there.st_dev, here.st_ino == there.st_ino else { return physical }
        return shell
    }

    /// Where `preview --check` looks for a browser installed as an application, after `PATH`:
    /// the executables inside Chrome.app and Chromium.app in ``applicationFolders`` (none on
    /// Linux). In debug builds `CUSTOMER_CENTER_TEST_APPLICATIONS` names the folder instead, so
    /// tests on Linux drive the lookup.
    package static func applicationBrowsers() -> [String] {
        #if DEBUG
        if let forced = getenv("CUSTOMER_CENTER_TEST_APPLICATIONS") { return applicationBrowsers(in: [String(cString: forced)]) }
        #endif
        return applicationBrowsers(in: applicationFolders)
    }

    /// The executables inside Chrome.app and Chromium.app under each of `folders`.
    package static func applicationBrowsers(in folders: [String]) -> [String] {
        let bundles = [
            "Google Chrome.app/Contents/MacOS/Google Chrome",
            "Chromium.app/Contents/MacOS/Chromium",
        ]
        return folders.flatMap { folder in bundles.map { folder + "/" + $0 } }
    }
}
