import JSONSyntax

/// An editor's session in a workspace (docs/commands.md "customer-center lsp"): for each open
/// document, what `lint` would make of the same file. The configuration file that applies (the
/// nearest `.customer-center.json`, or `--config`), whether the run could follow it, whether its
/// `include` / `exclude` select the document, the policy it is judged by and the baseline
/// (`--baseline`). Files are read through the editor: the text of an open configuration file
/// counts, the disk's is read once and kept until the editor says the file changed. Every check
/// the language server makes enters the library here.
package struct EditorSession: Sendable {
    /// Reads a file by absolute path (`nil`: it does not exist or cannot be read).
    package typealias FileReader = @Sendable (String) -> [UInt8]?

    /// How a document is judged.
    package struct Judgement: Sendable {
        /// The configuration file that applies, if any.
        package let configurationPath: String?
        /// The configuration file, when it says something a run cannot follow: then `lint` checks
        /// nothing under it (exit 2), and the editor shows no findings either.
        package let invalidConfiguration: LinterConfiguration?
        /// Whether the configuration file's `include` / `exclude` select the document (a run's
        /// directory walk would find it); one they leave out is not served.
        package let isSelected: Bool
        /// The policy it is judged by (the built-in one under an invalid configuration file, for
        /// what the editor shows besides findings).
        package let policy: Policy
    }

    /// The command line the editor started the server with.
    package let settings: RunSettings
    private let readFile: FileReader
    /// Files read from disk, by path (`nil`: nothing there); dropped when the editor says one changed.
    private var disk: [String: [UInt8]?] = [:]
    /// Configuration files open in the editor, by path: their text counts instead of the disk's.
    private var edited: [String: [UInt8]] = [:]
    /// Configuration files read, by path (`nil`: none there), until their text changes: a
    /// keystroke asks for the one that applies several times.
    private var configurations: [String: LinterConfiguration?] = [:]
    /// The `--baseline` file, when it names one that is a baseline.
    private let baseline: BaselineLedger?

    /// A session that reads files through `readFile`.
    package init(settings: RunSettings = RunSettings(), readFile: @escaping FileReader) {
        self.settings = settings
        self.readFile = readFile
        baseline = settings.baselinePath.flatMap { path in
            guard let bytes = readFile(FileSystem.absolute(path)) else { return nil }
            return BaselineLedger.reading(bytes, at: path).ledger
        }
    }

    // MARK: Files

    /// The editor's text of the file at `path` (`nil`: closed, the disk's counts again).
    package mutating func edit(_ path: String, text: [UInt8]?) {
        edited[path] = text
        configurations[path] = nil
    }

    /// The editor says the file at `path` changed on disk.
    package mutating func forget(_ path: String) {
        disk[path] = nil
        configurations[path] = nil
    }

    /// A file's bytes: the editor's, else the disk's.
    package mutating func contents(ofPath path: String) -> [UInt8]? {
        if let open = edited[path] { return open }
        if let cached = disk[path] { return cached }
        let bytes = readFile(path)
        disk[path] = bytes
        return bytes
    }

    /// The configuration file that applies to the file at `path`: `--config`, else the nearest
    /// `.customer-center.json` above it (the run's lookup, open files counting as files).
    package mutating func configurationPath(forFileAt path: String) -> String? {
        if let explicit = settings.configurationPath { return FileSystem.absolute(explicit) }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        return ConfigurationFinder.nearest(above: directory.isEmpty ? "/" : directory) { contents(ofPath: $0) != nil }
    }

    /// What the configuration file at `path` says.
    package mutating func configuration(at path: String) -> LinterConfiguration? {
        if let read = configurations[path] { return read }
        let read = contents(ofPath: path).map { LinterConfiguration(source: SourceFile(path: path, bytes: $0, location: path)) }
        configurations[path] = read
        return read
    }

    /// How the file at `path` (`nil`: it is not a file, such as an unsaved buffer) is judged.
    package mutating func judgement(ofFileAt path: String?) -> Judgement {
        guard let path, let configurationPath = configurationPath(forFileAt: path), let configuration = configuration(at: configurationPath) else {
            return Judgement(configurationPath: nil, invalidConfiguration: nil, isSelected: true, policy: Policy(settings: settings, configuration: nil))
        }
        // The run's rule for what a folder holds (docs/commands.md "Directories").
        let selected = InputDiscovery.selects(relativePath: FileSystem.relative(path, to: FileSystem.directory(of: configurationPath)),
                                              include: configuration.include, exclude: configuration.exclude)
        return Judgement(configurationPath: configurationPath, invalidConfiguration: configuration.isValid ? nil : configuration,
                         isSelected: selected, policy: Policy(settings: settings, configuration: configuration))
    }

    // MARK: Checks

    /// Whether findings are matched against a `--baseline` (then what one text's findings are
    /// depends on the others': the language server checks the whole document).
    package var hasBaseline: Bool { baseline != nil }

    /// The analysis of a document under `policy`, as `lint` checks it: its baseline entries
    /// accepted, at most the display cap of one rule's findings shown. A document whose own
    /// members say it is another kind of JSON: `otherKind` is set and nothing else is checked.
    /// The parsed text is kept (`Analysis.tape`).
    package func analyze(_ source: SourceFile, policy: Policy) -> Analysis {
        var ledger = baseline
        var request = policy.request(for: source)
        (request.sniffsOtherKinds, request.keepsTape) = (true, true)
        return policy.check(request, baseline: &ledger).analysis
    }

    /// The findings of `rules` alone in `source` under `policy` (every other rule off, every
    /// finding kept; a document whose own members say it is another kind of JSON stops the
    /// check), for `platforms` (those a whole document was checked for, when `source` is a part of it);
    /// without `suggesting`, a reference to no key or offer gets no "did you mean" fix.
    package func check(_ source: SourceFile, policy: Policy, onlyRules rules: Set<RuleID>, platforms: Set<Platform>,
                       suggesting: Bool = true) -> Analysis {
        var settings = policy.settings
        settings.platforms = platforms
        var request = Policy(settings: settings, configuration: policy.configuration).request(for: source)
        (request.policy, request.sniffsOtherKinds, request.displayCap) = (request.policy.reporting(only: rules), true, nil)
        request.suggests = suggesting
        return Pipeline.run(request).analysis
    }

    /// What `lint --fix` makes of `source` under `policy` (`nil`: the built-in one), safe fixes only.
    package func fixed(_ source: SourceFile, policy: Policy?) -> Fixer.Outcome {
        Workspace.fix(source, policy: policy ?? Policy(settings: settings, configuration: nil), unsafe: false)
    }

    /// What `format` writes for `source`, or `nil` when it cannot format it.
    package func formatted(_ source: SourceFile) -> String? {
        Formatter.format(source).formatted
    }
}
