import JSONSyntax

extension Workspace {
    /// `--out-dir`: the payloads and the manifest as one transaction (docs/commands.md "Output
    /// sets are transactions"): the new set is staged beside the folder, the stale payloads of
    /// the previous manifest left out of it only when unchanged, and it replaces the folder in one
    /// step; on any failure the folder stays the previous set. Payloads of the platforms in
    /// `keeping` (left out by inference alone) are carried over, listed and named.
    func writeDirectory(_ payloads: [CompiledPayload], source: SourceFile, to directory: String,
                        keeping: Set<Platform>, log: inout RunLog) {
        if let bad = payloads.first(where: { !Compiler.isSafeFileName($0.locale) }) {
            log.record(.notCompiled(path: source.path, reason: "locale '\(bad.locale)' cannot be a file name; use letters, digits, '-' and '_'"))
            return
        }
        let paths = payloads.map(Compiler.relativePath(of:))
        let written = paths + ["manifest.json"]
        for relative in written where refuses(directory + "/" + relative, option: "--out-dir", log: &log) { return }
        var transaction: FolderTransaction
        do {
            transaction = try FolderTransaction(directory)
        } catch {
            log.record(.writeFailed(path: directory, message: error.message))
            return
        }
        let previous = (try? FileSystem.read(transaction.target + "/manifest.json"))
            .map { Compiler.manifestPayloads(SourceFile(path: "manifest.json", bytes: $0)) } ?? []
        // Inference alone never removes a platform's payloads: they stay listed, and named.
        let carried = previous.filter { stale in
            !written.contains(stale.path) && stale.path.split(separator: "/").first.flatMap { Platform(rawValue: String($0)) }.map(keeping.contains) == true
                && FileSystem.exists(transaction.target + "/" + stale.path)
        }
        var outcomes: [(path: String, event: RunEvent)] = []
        var dropped: Set<String> = []
        for stale in previous where !written.contains(stale.path) {
            let shown = directory + "/" + stale.path
            if carried.contains(where: { $0.path == stale.path }) {
                outcomes.append((stale.path, .keptStale(path: shown, reason: .platformInferred)))
                continue
            }
            switch writer.staleVerdict(transaction.target + "/" + stale.path, sha256: stale.sha256) {
            case .removed:
                dropped.insert(stale.path)
                outcomes.append((stale.path, .removedStale(path: shown)))
            case .keptEdited: outcomes.append((stale.path, .keptStale(path: shown, reason: .edited)))
            case .keptInput: outcomes.append((stale.path, .keptStale(path: shown, reason: .input)))
            case .absent: break
            case .failed(let reason): outcomes.append((stale.path, .keptStale(path: shown, reason: .removalFailed(reason))))
            }
        }
        // Each payload encoded and hashed once: the bytes written are the bytes the manifest hashes.
        let bytes = payloads.map { Array($0.text.utf8) }
        let digests = bytes.map { SHA256.hex($0) }
        do {
            try transaction.carryOver(replacing: Set(written), dropping: dropped)
            for (relative, data) in zip(paths, bytes) { try transaction.write(data, at: relative) }
            try transaction.write(Array(Compiler.manifest(payloads, source: source, carried: carried, digests: digests).utf8), at: "manifest.json")
            try transaction.commit()
        } catch {
            transaction.abandon()
            log.record(.writeFailed(path: directory, message: error.message))
            return
        }
        for outcome in outcomes { log.record(outcome.event) }
    }
}
