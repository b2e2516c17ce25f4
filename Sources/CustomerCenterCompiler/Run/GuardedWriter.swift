/// Every write and delete of a run goes through here (docs/commands.md "No command destroys a file it
/// was not asked to rewrite"): it knows every file the run read, refuses an output that is one
/// of them unless the command rewrites that input (`format --write`, `lint --fix`), writes
/// atomically (the original's permissions kept, nothing left behind on a signal), and removes a
/// stale payload only when its bytes are what the manifest recorded.

import JSONSyntax
package struct GuardedWriter: Sendable {
    /// Why a write was refused before anything was written (a usage error: exit 2).
    package struct Refusal: Error, Sendable {
        /// One line.
        package var message: String
        /// A hint.
        package var help: String?
    }

    private var read: [(path: String, identity: FileIdentity)] = []

    /// The files read so far.
    package var readPaths: [String] { read.map(\.path) }

    /// A writer that knows no input yet.
    package init() {}

    /// Records a file the run read (an input, a configuration file, a baseline, a manifest).
    package mutating func noteRead(_ path: String) {
        guard path != "-", let identity = FileIdentity(path: path), !read.contains(where: { $0.identity == identity }) else { return }
        read.append((path, identity))
    }

    /// Refuses (before anything is written) when `output` is, or resolves to, a file the run
    /// read: `option` names the flag in the message.
    package func refuseInput(_ output: String, option: String) throws(Refusal) {
        guard output != "-", let target = FileIdentity(path: output) else { return }
        if let input = read.first(where: { $0.identity == target }) {
            throw Refusal(message: "'\(option) \(output)' would overwrite the input '\(input.path)'; nothing was written",
                          help: "choose another output path")
        }
    }

    /// Writes an output file (never an input: checked again here, whatever the caller did). A
    /// missing parent folder is created, in every command, as ESLint's `--output-file` does
    /// (docs/commands.md "No command destroys a file").
    package func write(_ bytes: [UInt8], to path: String, option: String) throws(FileSystem.Failure) {
        do {
            try refuseInput(path, option: option)
        } catch {
            throw FileSystem.Failure(message: error.message)
        }
        try FileSystem.makeParentDirectories(of: path)
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// ``write(_:to:option:)`` of a file made piece by piece: `pieces` hands each piece to the
    /// `write` it is given, in order (`FileSystem.writeAtomically(to:fault:pieces:)`).
    package func write(to path: String, option: String, pieces: (_ write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Void)
        throws(FileSystem.Failure) {
        do {
            try refuseInput(path, option: option)
        } catch {
            throw FileSystem.Failure(message: error.message)
        }
        try FileSystem.makeParentDirectories(of: path)
        try FileSystem.writeAtomically(to: path, pieces: pieces)
    }

    /// Rewrites an input in place (`--fix`, `format --write`): only when it still holds exactly
    /// `original` (not edited meanwhile), never through a symbolic link or onto a read-only file.
    package func rewrite(_ path: String, with bytes: [UInt8], original: [UInt8]) throws(FileSystem.Failure) {
        try FileSystem.writeAtomically(bytes, to: path, expectedOriginal: original)
    }

    /// What became of a payload a previous manifest listed and this compile does not.
    package enum StaleOutcome: Sendable, Equatable {
        /// Removed: its bytes were what the manifest recorded.
        case removed
        /// Kept: edited since (its sha256 differs from the manifest's), or no sha256 recorded.
        case keptEdited
        /// Kept: the run read it (an input of this compile).
        case keptInput
        /// Not there any more.
        case absent
        /// Removal failed (the reason).
        case failed(String)
    }

    /// Removes a stale payload only when the run did not read it and its bytes still hash to
    /// `sha256` (docs/commands.md "No command destroys a file").
    package func removeStale(_ path: String, sha256: String?) -> StaleOutcome {
        let verdict = staleVerdict(path, sha256: sha256)
        guard verdict == .removed else { return verdict }
        return FileSystem.remove(path) ? .removed : .failed(FileSystem.errorText())
    }

    /// What ``removeStale(_:sha256:)`` would do, removing nothing (`.removed`: it may go).
    package func staleVerdict(_ path: String, sha256: String?) -> StaleOutcome {
        guard FileSystem.exists(path) else { return .absent }
        if let identity = FileIdentity(path: path), read.contains(where: { $0.identity == identity }) { return .keptInput }
        guard let sha256, let bytes = try? FileSystem.read(path), SHA256.hex(bytes) == sha256.lowercased() else { return .keptEdited }
        return .removed
    }
}
