import JSONSyntax

extension RunContext {
    /// `--out-dir`: the payloads and the manifest as one set written in place (docs/commands.md
    /// "Output sets are transactions"): every file staged beside its target, then all renamed
    /// into place, the manifest last; on any failure before the renames the folder is as it was.
    /// The stale payloads of the previous manifest are removed after the new one is in place,
    /// only when unchanged. Payloads of the platforms in `keeping` (left out by inference alone)
    /// stay, listed and named. Into a folder without a manifest of its own, a file the run would
    /// replace is refused (exit 2) unless `force`.
    mutating func writeDirectory(_ payloads: [CompiledPayload], source: SourceFile, to directory: String,
                                 keeping: Set<Platform>, force: Bool) {
        if let bad = payloads.first(where: { !Compiler.isSafeFileName($0.locale) }) {
            log.record(.notCompiled(path: source.path, reason: "locale '\(bad.locale)' cannot be a file name; use letters, digits, '-' and '_'"))
            return
        }
        let paths = payloads.map(Compiler.relativePath(of:))
        let written = paths + ["manifest.json"]
        for relative in written where refuses(directory + "/" + relative, option: "--out-dir") { return }
        var transaction: FolderTransaction
        do {
            transaction = try FolderTransaction(directory)
        } catch {
            log.record(.writeFailed(path: directory, message: error.message))
            return
        }
        let manifest = try? FileSystem.read(transaction.target + "/manifest.json")
        if !force, !transaction.isNew, !(manifest.map(Compiler.isOwnManifest) ?? false), let foreign = written.first(where: transaction.holds) {
            let others = written.filter(transaction.holds).count - 1
            transaction.abandon()
            log.record(.refused(message: "'\(transaction.shown(foreign))'\(others > 0 ? " (and \(others) more)" : "") is not a file compile wrote: '\(directory)' has no manifest.json of its own; nothing was written",
                                help: "pass --force to replace \(others > 0 ? "them" : "it"), or choose an empty folder"))
            return
        }
        let previous = manifest.map { Compiler.manifestPayloads(SourceFile(path: "manifest.json", bytes: $0)) } ?? []
        // Whether a payload renamed only by case is the same file (the volume says).
        let caseSensitive = OutputNames.caseSensitive(in: transaction.parent)
        // Inference alone never removes a platform's payloads: they stay listed, and named.
        let carried = previous.filter { stale in
            !written.contains { OutputNames.same($0, stale.path, caseSensitive: caseSensitive) }
                && stale.path.split(separator: "/").first.flatMap { Platform(rawValue: String($0)) }.map(keeping.contains) == true
                && FileSystem.exists(transaction.target + "/" + stale.path)
        }
        // The bytes written are the bytes the manifest hashes (each hashed as it was built).
        let digests = payloads.map { $0.sha256 ?? SHA256.hex($0.bytes) }
        do {
            try transaction.write(zip(paths, payloads).map { ($0, $1.bytes) }, jobs: settings.jobs)
            try transaction.commit(manifest: Array(Compiler.manifest(payloads, source: source, carried: carried, digests: digests).utf8))
        } catch {
            transaction.abandon()
            log.record(.writeFailed(path: directory, message: error.message))
            return
        }
        // The new manifest no longer lists them: each is removed only when still unchanged.
        for stale in previous where !written.contains(where: { OutputNames.same($0, stale.path, caseSensitive: caseSensitive) }) {
            let shown = directory + "/" + stale.path
            if carried.contains(where: { $0.path == stale.path }) {
                log.record(.keptStale(path: shown, reason: .platformInferred))
                continue
            }
            switch writer.removeStale(transaction.target + "/" + stale.path, sha256: stale.sha256) {
            case .removed: log.record(.removedStale(path: shown))
            case .keptEdited: log.record(.keptStale(path: shown, reason: .edited))
            case .keptInput: log.record(.keptStale(path: shown, reason: .input))
            case .absent: break
            case .failed(let reason): log.record(.keptStale(path: shown, reason: .removalFailed(reason)))
            }
        }
        transaction.finish()
    }
}
