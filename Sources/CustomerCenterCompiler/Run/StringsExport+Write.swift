/// Where `strings export` writes its files: through the run's guarded writer, never onto the
/// config it read (docs/translation.md).

import JSONSyntax
extension StringsExport {
    /// Where exported files go.
    package enum Destination: Sendable, Equatable {
        /// Standard output (one file only).
        case standardOutput
        /// One named file (one locale only).
        case file(String)
        /// `<locale>.xlf` / `<locale>.po` in a directory, made when missing.
        case directory(String)
    }

    /// Why writing to `destination` is refused before anything is written: it is the config.
    package static func refusal(_ destination: Destination, config: String) -> GuardedWriter.Refusal? {
        var writer = GuardedWriter()
        writer.noteRead(config)
        guard case .file(let path) = destination else { return nil }
        do { try writer.refuseInput(path, option: "-o") } catch { return error }
        return nil
    }

    /// Writes exported files through the guarded writer (never onto `config`, the input; each
    /// atomically), piece by piece as the export builds them, so that no file's bytes are whole
    /// in memory (docs/performance.md "strings").
    package struct Writer {
        let destination: Destination
        var guarded = GuardedWriter()
        /// What was written, in order: each file's path (`nil`: standard output).
        package private(set) var paths: [String?] = []

        package init(to destination: Destination, config: String) {
            self.destination = destination
            guarded.noteRead(config)
        }

        /// Writes `file`, reading its pieces as they come; for standard output, returns its text
        /// to print.
        package mutating func write(_ file: ExportedPieces) throws(FileSystem.Failure) -> String? {
            let path: String
            let option: String
            switch destination {
            case .standardOutput:
                paths.append(nil)
                var bytes: [UInt8] = []
                file.forEachPiece {
                    bytes.append(contentsOf: $0)
                    return true
                }
                return String(decoding: bytes, as: UTF8.self)
            case .file(let named):
                path = named
                option = "-o"
            case .directory(let directory):
                if paths.isEmpty { try FileSystem.makeDirectories(directory) }
                path = (directory.hasSuffix("/") ? directory : directory + "/") + file.fileName
                option = "--out-dir"
            }
            try guarded.write(to: path, option: option) { write in file.forEachPiece(write) }
            paths.append(path)
            return nil
        }
    }
}
