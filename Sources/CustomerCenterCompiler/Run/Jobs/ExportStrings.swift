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
        var plan: ExportPlan
        switch StringsExport.prepare(source, format: format, locales: locales, includeUnused: includeUnused, keepingUnits: false) {
        case .failure(.unusableConfig(let reason, let report)):
            if !report.diagnostics.isEmpty { context.log.record(report) }
            context.log.record(.notUsable(path: config, message: "\(reason); nothing was exported"))
            return []
        case .failure(.unknownLocale(let code, let suggestion, let isDefault, let known)):
            context.log.record(.refused(message: isDefault ? "'\(code)' is the default locale of \(config): its texts are what translators translate from"
                                            : "\(config) does not translate into '\(code)' (it has \(known.isEmpty ? "no other locale" : known.joined(separator: ", ")))",
                                        help: suggestion.map { "did you mean '\($0)'?" }))
            return []
        case .success(let prepared): plan = prepared
        }
        let destination: StringsExport.Destination = directory.map { .directory($0) }
            ?? output.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput
        let locales = plan.locales
        if locales.count != 1, directory == nil {
            context.log.record(.refused(message: locales.isEmpty ? "\(config) has no locale to translate into besides its default one"
                                            : "\(locales.count) locales to export (\(locales.joined(separator: ", "))): one file each",
                                        help: locales.isEmpty ? "add locales to 'supported'" : "write them with --out-dir DIR, or choose one with --locale"))
            return []
        }
        if let refusal = StringsExport.refusal(destination, config: config) {
            context.log.record(.refused(message: refusal.message, help: refusal.help))
            return []
        }
        // Each file is written on a thread of its own, piece by piece, as it is built.
        let written = ExportedFiles(StringsExport.Writer(to: destination, config: config))
        do {
            try plan.writeEachFile { (file) throws(FileSystem.Failure) in try written.write(file) }
        } catch {
            context.log.record(.writeFailed(path: directory ?? output ?? config, message: error.message))
            return []
        }
        let printed = written.printed
        var lines = written.lines
        if !printed.isEmpty { context.log.print(printed) }
        if !plan.unusedLeftOut.isEmpty {
            lines.append("note: left out \(MessageText.count(plan.unusedLeftOut.count, "key")) no screen uses (--include-unused exports them): \(listed(plan.unusedLeftOut))")
        }
        if !plan.withoutSource.isEmpty {
            lines.append("note: left out \(MessageText.count(plan.withoutSource.count, "key")) without a default-locale text: \(listed(plan.withoutSource))")
        }
        if !plan.notRepresentable.isEmpty {
            lines.append("note: left out \(MessageText.count(plan.notRepresentable.count, "key")) whose text has control characters: \(listed(plan.notRepresentable))")
        }
        return lines
    }

    /// `keys` for a note: all of them with `--verbose`, else the first ``listedKeys``.
    private func listed(_ keys: [String]) -> String {
        guard !verbose, keys.count > Self.listedKeys else { return keys.joined(separator: ", ") }
        return keys.prefix(Self.listedKeys).joined(separator: ", ") + " … and \(keys.count - Self.listedKeys) more (--verbose lists them all)"
    }
}

/// What `strings export` wrote, as its writer thread records it (the one thread that uses it
/// until the export joins it): the writer, the text for standard output, a line per file.
private final class ExportedFiles: @unchecked Sendable {
    var writer: StringsExport.Writer
    var printed = ""
    var lines: [String] = []

    init(_ writer: StringsExport.Writer) { self.writer = writer }

    func write(_ file: ExportedPieces) throws(FileSystem.Failure) {
        if let text = try writer.write(file) { printed += text }
        // Its counts are known once its last piece is written.
        lines.append("exported '\(file.locale)' to \(writer.paths.last.flatMap { $0 } ?? "standard output"): \(StringsExport.summary(file.file))")
    }
}
