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

    /// Writes `files` through the guarded writer (never onto `config`, the input; atomically),
    /// returning the paths written, or the text to print for standard output.
    package static func write(_ files: [ExportedFile], to destination: Destination, config: String) throws(FileSystem.Failure) -> (paths: [String], printed: String) {
        var writer = GuardedWriter()
        writer.noteRead(config)
        switch destination {
        case .standardOutput:
            return ([], files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined())
        case .file(let path):
            for file in files { try writer.write(file.bytes, to: path, option: "-o") }
            return ([path], "")
        case .directory(let directory):
            try FileSystem.makeDirectories(directory)
            var paths: [String] = []
            for file in files {
                let path = (directory.hasSuffix("/") ? directory : directory + "/") + file.fileName
                try writer.write(file.bytes, to: path, option: "--out-dir")
                paths.append(path)
            }
            return (paths, "")
        }
    }
}
