import JSONSyntax

/// The `strings export` job (docs/translation.md): a config's texts as translation files, one per
/// locale, on standard output, in one file (`-o`) or in a folder (`--out-dir`), written through
/// the guarded writer, never onto the config. A config that cannot be used is recorded (exit 3);
/// a locale it does not translate into, or more files than the destination takes, is refused
/// (exit 2) before anything is written.
package struct ExportStrings: Sendable {
    /// The config.
    package var config: String
    /// XLIFF or PO.
    package var format: StringsFormat
    /// `--locale` (`nil`: every locale but the default one).
    package var locales: [String]?
    /// `--include-unused`.
    package var includeUnused = false
    /// `-o` (`-`: standard output, as with neither).
    package var output: String?
    /// `--out-dir`.
    package var directory: String?
    /// `--verbose`: every key left out is listed.
    package var verbose = false

    package init(config: String, format: StringsFormat, locales: [String]? = nil) {
        self.config = config
        self.format = format
        self.locales = locales
    }

    /// How many keys a note lists before "… and N more (--verbose lists them all)".
    static let listedKeys = 10
}

extension ExportStrings: Job {
    /// Exports; gives back what to tell people on standard error (each file written, each kind
    /// of key left out), one line each.
    package func run(in context: inout RunContext) -> [String] {
        guard let source = context.read(config) else { return [] }
        switch StringsExport.run(source, format: format, locales: locales, includeUnused: includeUnused) {
        case .unusableConfig(let reason, let report):
            if !report.diagnostics.isEmpty { context.log.record(report) }
            context.log.record(.notUsable(path: config, message: "\(reason); nothing was exported"))
            return []
        case .unknownLocale(let code, let suggestion, let isDefault, let known):
            context.log.record(.refused(message: isDefault ? "'\(code)' is the default locale of \(config): its texts are what translators translate from"
                                            : "\(config) does not translate into '\(code)' (it has \(known.isEmpty ? "no other locale" : known.joined(separator: ", ")))",
                                        help: suggestion.map { "did you mean '\($0)'?" }))
            return []
        case .exported(let files, let unused, let withoutSource, let notRepresentable):
            let destination: StringsExport.Destination = directory.map { .directory($0) }
                ?? output.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput
            if files.count != 1, directory == nil {
                context.log.record(.refused(message: files.isEmpty ? "\(config) has no locale to translate into besides its default one"
                                                : "\(files.count) locales to export (\(files.map(\.locale).joined(separator: ", "))): one file each",
                                            help: files.isEmpty ? "add locales to 'supported'" : "write them with --out-dir DIR, or choose one with --locale"))
                return []
            }
            if let refusal = StringsExport.refusal(destination, config: config) {
                context.log.record(.refused(message: refusal.message, help: refusal.help))
                return []
            }
            let written: (paths: [String], printed: String)
            do { written = try StringsExport.write(files, to: destination, config: config) } catch {
                context.log.record(.writeFailed(path: directory ?? output ?? config, message: error.message))
                return []
            }
            if !written.printed.isEmpty { context.log.print(written.printed) }
            var lines = zip(files, written.paths.isEmpty ? files.map { _ in "standard output" } : written.paths).map { file, path in
                "exported '\(file.locale)' to \(path): \(StringsExport.summary(file))"
            }
            if !unused.isEmpty {
                lines.append("note: left out \(MessageText.count(unused.count, "key")) no screen uses (--include-unused exports them): \(listed(unused))")
            }
            if !withoutSource.isEmpty { lines.append("note: left out \(MessageText.count(withoutSource.count, "key")) without a default-locale text: \(listed(withoutSource))") }
            if !notRepresentable.isEmpty {
                lines.append("note: left out \(MessageText.count(notRepresentable.count, "key")) whose text has control characters: \(listed(notRepresentable))")
            }
            return lines
        }
    }

    /// `keys` for a note: all of them with `--verbose`, else the first ``listedKeys``.
    private func listed(_ keys: [String]) -> String {
        guard !verbose, keys.count > Self.listedKeys else { return keys.joined(separator: ", ") }
        return keys.prefix(Self.listedKeys).joined(separator: ", ") + " … and \(keys.count - Self.listedKeys) more (--verbose lists them all)"
    }
}
