import Foundation
import PlatformLayer
import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// The platform layer's own behaviour (docs/testing.md "The platform layer"), including the
/// branches only an Apple system takes, driven here through the seams the layer offers.
@Suite struct OSTests {
    /// Apple's `F_FULLFSYNC` first; plain `fsync` only where the file system does not support it.
    @Test func durableSyncFallsBackOnlyWhereFullSyncIsUnsupported() {
        var calls: [String] = []
        #expect(OS.durableSync(fullSync: { calls.append("full"); return 0 }, sync: { calls.append("sync"); return 0 }))
        #expect(calls == ["full"])
        for unsupported in [ENOTSUP, EINVAL, ENOTTY] {
            calls = []
            #expect(OS.durableSync(fullSync: { calls.append("full"); errno = unsupported; return -1 }, sync: { calls.append("sync"); return 0 }))
            #expect(calls == ["full", "sync"], "errno \(unsupported)")
        }
        calls = []
        #expect(!OS.durableSync(fullSync: { errno = ENOTSUP; return -1 }, sync: { calls.append("sync"); errno = EIO; return -1 }))
        #expect(calls == ["sync"])
        // A real failure (the disk) is reported, not papered over with a weaker sync.
        calls = []
        #expect(!OS.durableSync(fullSync: { calls.append("full"); errno = EIO; return -1 }, sync: { calls.append("sync"); return 0 }))
        #expect(calls == ["full"])
    }

    /// A file synced through the layer is there, whole, with its bytes.
    @Test func syncFileSyncsARealFile() throws {
        let dir = try Scratch.directory("cc-os")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("f").path
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        #expect(OS.write(fd, "abc", 3) == 3)
        #expect(OS.syncFile(fd))
        close(fd)
        #expect(FileManager.default.contents(atPath: path) == Data("abc".utf8))
        #expect(!OS.syncFile(-1), "a bad descriptor is an error")
    }

    /// `$TMPDIR` as macOS gives it ends in `/`; names joined to it must not read `T//…`.
    @Test func temporaryFolderDropsTheTrailingSlash() {
        #expect(OS.temporaryFolder(fromTMPDIR: "/var/folders/xy/T/") == "/var/folders/xy/T")
        #expect(OS.temporaryFolder(fromTMPDIR: "/var/folders/xy/T//") == "/var/folders/xy/T")
        #expect(OS.temporaryFolder(fromTMPDIR: "/tmp") == "/tmp")
        #expect(OS.temporaryFolder(fromTMPDIR: "/") == "/")
        #expect(OS.temporaryFolder(fromTMPDIR: "") == "/tmp")
        #expect(OS.temporaryFolder(fromTMPDIR: nil) == "/tmp")
    }

    /// Linux volumes tell names apart by case; the output set compares names exactly there.
    @Test func namesAreCaseSensitiveHere() throws {
        let dir = try Scratch.directory("cc-os")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(OS.namesAreCaseSensitive(in: dir.path) == true)
        #expect(OutputNames.caseSensitive(in: dir.path))
    }

    /// A name renamed only by case names the same file where case does not count, and only there.
    @Test func namesRenamedByCaseAreTheSameOnlyWhereCaseDoesNotCount() {
        #expect(OutputNames.same("ios/de-de.json", "ios/de-DE.json", caseSensitive: false))
        #expect(!OutputNames.same("ios/de-de.json", "ios/de-DE.json", caseSensitive: true))
        #expect(OutputNames.same("ios/en.json", "ios/en.json", caseSensitive: true))
        #expect(!OutputNames.same("ios/fr.json", "ios/de-DE.json", caseSensitive: false))
    }

    /// Chrome.app and Chromium.app under each applications folder, in that order.
    @Test func applicationBrowsersAreInsideTheApps() {
        #expect(OS.applicationBrowsers(in: ["/Applications"]) == [
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ])
        #expect(OS.applicationBrowsers(in: []) == [])
    }

    /// A child spawned through the layer gets the descriptors its actions set.
    @Test func spawnAppliesTheActions() throws {
        let dir = try Scratch.directory("cc-os")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path
        let actions = OS.SpawnActions()
        actions.open(1, out, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
        let pid = try #require(OS.spawn("/bin/sh", ["-c", "echo spawned"], actions: actions))
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status == 0)
        #expect(FileManager.default.contents(atPath: out) == Data("spawned\n".utf8))
        #expect(OS.spawn(dir.appendingPathComponent("missing").path, [], actions: OS.SpawnActions()) == nil)
    }
}
