import PlatformLayer
import ProcessSupport

/// What a killed run left in the folder, dealt with under the lock before anything else.
extension FolderTransaction {
    /// A run killed among its renames left the staged manifest as ``commitMark``: every staged
    /// payload was durable by then, so the set is completed: each payload the mark lists whose
    /// staged file is still there with the sha256 the mark records is renamed into place, then
    /// the mark becomes `manifest.json`. A mark that is not a manifest of this compiler is removed.
    func completeInterruptedCommit() {
        let mark = target + "/" + Self.commitMark
        guard let bytes = try? FileSystem.read(mark) else { return }
        guard Compiler.isOwnManifest(bytes) else {
            unlink(mark)
            return
        }
        var folders: Set<String> = [target]
        for (path, sha256) in Compiler.manifestPayloads(SourceFile(path: "manifest.json", bytes: bytes)) {
            let folder = target + "/" + FileSystem.directory(of: path), staged = folder + "/." + FileSystem.lastComponent(of: path) + ".cc-new"
            var info = stat()
            guard lstat(staged, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let sha256,
                  let written = try? FileSystem.read(staged), SHA256.hex(written) == sha256.lowercased() else { continue }
            if rename(staged, target + "/" + path) == 0 { folders.insert(folder) }
        }
        if rename(mark, target + "/manifest.json") == 0 {
            for folder in folders.sorted() { Self.sync(folder) }
        }
    }

    /// The staged files of a run killed before its renames (names only this writer makes:
    /// `.manifest.json.cc-new` and `<platform>/.<locale>.json.cc-new`) are removed.
    func removeStagedLeftovers() {
        Self.removeStaged(target + "/.manifest.json.cc-new")
        for platform in Platform.allCases {
            let folder = target + "/" + platform.rawValue
            for entry in FileSystem.entries(of: folder) ?? [] where entry.hasPrefix(".") && entry.hasSuffix(".json.cc-new") {
                let locale = String(entry.dropFirst().dropLast(".json.cc-new".count))
                if Compiler.isSafeFileName(locale) { Self.removeStaged(folder + "/" + entry) }
            }
        }
    }

    private static func removeStaged(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
    }

    /// The commit begins (either way of committing: renames into the folder, or the new folder
    /// renamed into place): the tests' pause and fault first, a pending signal taken, then
    /// signals held until the caller unblocks them.
    static func enterCommit() {
        #if DEBUG
        testPause()
        if getenv("CUSTOMER_CENTER_TEST_FAULT").map({ String(cString: $0) }) == "interrupt-before-swap" { raise(SIGTERM) }
        #endif
        InterruptCleanup.checkpoint()
        InterruptCleanup.blockSignals()
    }

    #if DEBUG
    /// A test seam between staging and committing (the CLI tests run the debug binary): with
    /// `CUSTOMER_CENTER_TEST_PAUSE=FILE` the run creates FILE and waits (up to 60 s) until the
    /// test removes it, so the test can change the folder while the set is staged.
    static func testPause() {
        guard let value = getenv("CUSTOMER_CENTER_TEST_PAUSE") else { return }
        let path = String(cString: value)
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 { close(fd) }
        for _ in 0..<6000 where FileSystem.exists(path) { usleep(10_000) }
    }
    #endif
}
