import JSONSyntax

/// Where a ``Job`` runs (docs/design.md "The top floor"): the only owner of the run's I/O. It
/// selects the inputs, groups them by the configuration file that applies (an unreadable or
/// invalid configuration file is one typed outcome, handled here once), reads each input and the
/// baseline, writes every output through the guarded writer, and records it all in one log. A
/// ``Workspace`` makes one per run; its members are the package's own.
public struct RunContext: Sendable {
    /// The command line's settings (a job may narrow them for a part of its run).
    package var settings: RunSettings
    /// Every write goes through it; it knows every file the run read.
    package var writer = GuardedWriter()
    /// What the run recorded so far.
    package var log = RunLog()

    /// A context for a run with `settings`, nothing read or recorded yet.
    package init(settings: RunSettings) {
        self.settings = settings
    }

    /// The same run with an empty log: one input checked on another core records into it, and
    /// its log joins the run's in the inputs' order (`--jobs`).
    package func forOneInput() -> RunContext {
        var context = self
        context.log = RunLog()
        return context
    }

    /// The end of a run: counts and verdict from the log, with the job's output.
    package func finish<Output>(_ output: Output) -> RunResult<Output> {
        log.finish(settings, readPaths: writer.readPaths, output: output)
    }
}

/// A configuration file as a run finds it: one typed outcome.
package enum ConfigurationOutcome: Sendable {
    /// No configuration file applies: built-in defaults and the command line.
    case none
    /// A configuration file the run can follow.
    case usable(LinterConfiguration)
    /// It could not be read (exit 3; nothing under it is checked).
    case unreadable(path: String, reason: String)
    /// It says something the run cannot follow (exit 2; nothing under it is checked).
    case invalid(LinterConfiguration)
}

/// Inputs that share one configuration file (or none).
package struct ConfigurationGroup: Sendable {
    /// The configuration file's absolute path.
    package var configurationPath: String?
    /// The inputs, in the order given.
    package var inputs: [RunInput]
    /// The configuration file, once read.
    package var outcome: ConfigurationOutcome = .none
}

/// The `--baseline` file as a run finds it.
package enum BaselineOutcome {
    /// No `--baseline`.
    case none
    /// A baseline to match findings against.
    case ledger(BaselineLedger)
    /// Unreadable, or not a baseline: recorded, and nothing is judged.
    case unusable
}

extension RunContext {
    /// The inputs `arguments` name (files, directories, `-`), each once, grouped by the
    /// configuration file that applies (`--config`, else the nearest `.customer-center.json`),
    /// each configuration file read once. A directory holding no config, or a `--config` that
    /// does not exist, is recorded as unreadable.
    package mutating func select(_ arguments: [String]) -> [ConfigurationGroup] {
        // `--config` also decides what a directory holds (its include / exclude).
        let explicit = settings.configurationPath.map(FileSystem.absolute)
        var discovery = InputDiscovery(finder: ConfigurationFinder(explicit: explicit))
        let inputs = discovery.inputs(arguments.isEmpty ? ["-"] : arguments, stdinName: settings.stdinName,
                                      forceExclude: settings.forceExclude)
        for directory in discovery.unreadable { log.record(.unreadable(path: directory.path, reason: directory.reason)) }
        if let explicit, !FileSystem.exists(explicit) {
            log.record(.unreadable(path: settings.configurationPath ?? explicit, reason: "no such configuration file"))
            return []
        }
        var groups: [ConfigurationGroup] = []
        for input in inputs {
            let location = FileSystem.absolute(input.path == "-" ? input.display : input.path)
            let path = explicit ?? discovery.configurationPath(forFileIn: FileSystem.directory(of: location))
            if let index = groups.firstIndex(where: { $0.configurationPath == path }) {
                groups[index].inputs.append(input)
            } else {
                groups.append(ConfigurationGroup(configurationPath: path, inputs: [input]))
            }
        }
        // A configuration file named under --force-exclude with no input under it: read and
        // judged all the same (an invalid one: exit 2).
        for path in discovery.namedConfigurationFiles where !groups.contains(where: { $0.configurationPath == path }) {
            groups.append(ConfigurationGroup(configurationPath: path, inputs: []))
        }
        for index in groups.indices {
            groups[index].outcome = readConfiguration(groups[index].configurationPath)
        }
        return groups
    }

    /// The one input of `compile` and `preview` (`-`: standard input): selected with the
    /// configuration file that applies, its policy, and its text, after refusing every output in
    /// `outputs` (flag, path; `nil` or `-` is no file) that would land on what the run read.
    /// `nil` when any of it failed (recorded).
    package mutating func oneInput(_ path: String, outputs: [(option: String, path: String?)] = []) -> (source: SourceFile, policy: Policy)? {
        let display = path == "-" ? (settings.stdinName ?? "<stdin>") : path
        let explicit = settings.configurationPath.map(FileSystem.absolute)
        if let explicit, !FileSystem.exists(explicit) {
            log.record(.unreadable(path: settings.configurationPath ?? explicit, reason: "no such configuration file"))
            return nil
        }
        var finder = ConfigurationFinder(explicit: explicit)
        let location = path == "-" ? display : FileSystem.absolute(path)
        let configurationPath = finder.configuration(forFileIn: FileSystem.directory(of: location))
        let group = ConfigurationGroup(configurationPath: configurationPath, inputs: [RunInput(display: display, path: path, explicit: true)],
                                       outcome: readConfiguration(configurationPath))
        guard let policy = policy(of: group), let source = read(group.inputs[0]) else { return nil }
        for case let (option, output?) in outputs where output != "-" {
            if refuses(output, option: option) { return nil }
        }
        return (source, policy)
    }

    /// Refuses an SDK response where an authoring config is read (`compile`, `preview`) as a
    /// usage error, unless `--input-format` named the format: it is what `compile` makes, not
    /// what these read. `true` when refused (recorded).
    package mutating func refusesResponse(_ format: InputFormat?, of source: SourceFile, asked: InputFormat?, command: String) -> Bool {
        guard format == .response, asked == nil else { return false }
        log.record(.refused(message: "'\(source.path)' is an SDK response (what the SDKs download and `pull` saves), not an authoring config",
                            help: "\(command) the authoring config it was made from; check a response with 'customer-center lint \(source.path)'"))
        return true
    }

    /// Reads a configuration file (noted as read).
    private mutating func readConfiguration(_ path: String?) -> ConfigurationOutcome {
        guard let path else { return .none }
        writer.noteRead(path)
        do {
            let bytes = try FileSystem.read(path)
            let configuration = LinterConfiguration(source: SourceFile(path: FileSystem.display(path), bytes: bytes, location: path))
            return configuration.isValid ? .usable(configuration) : .invalid(configuration)
        } catch {
            return .unreadable(path: FileSystem.display(path), reason: error.reason)
        }
    }

    /// The policy of a group's files, or `nil` when its configuration file cannot be followed:
    /// then why is recorded, once, and none of its files is checked (a setting the run cannot
    /// follow would judge them by rules the user did not ask for).
    package mutating func policy(of group: ConfigurationGroup) -> Policy? {
        switch group.outcome {
        case .none: return Policy(settings: settings, configuration: nil)
        case .usable(let configuration): return Policy(settings: settings, configuration: configuration)
        case .unreadable(let path, let reason):
            log.record(.unreadable(path: path, reason: reason))
            return nil
        case .invalid(let configuration):
            log.recordInvalid(FileReport(source: configuration.source, diagnostics: configuration.diagnostics))
            return nil
        }
    }

    /// The text of `input` (noted as read), or `nil`, recorded as unreadable. `plan`: whether a
    /// large file may be read on two threads.
    package mutating func read(_ input: RunInput, plan: ExecutionPlan = .oneThread) -> SourceFile? {
        writer.noteRead(input.path)
        do {
            let bytes = try FileSystem.read(input.path, plan: plan)
            let location = input.path == "-" ? input.display : FileSystem.absolute(input.path)
            return SourceFile(path: input.display, bytes: bytes, location: location)
        } catch {
            log.record(.unreadable(path: input.display, reason: error.reason))
            return nil
        }
    }

    /// The file at `path` as an explicit input (`-`: standard input, shown as `display`).
    package mutating func read(_ path: String, display: String? = nil) -> SourceFile? {
        read(RunInput(display: display ?? path, path: path, explicit: true))
    }

    /// The `--baseline` file. Unreadable (exit 3) or not a baseline (exit 2, its problems
    /// reported) is recorded, and the job judges nothing: a gate without its baseline would
    /// fail on findings the team accepted.
    package mutating func baseline() -> BaselineOutcome {
        guard let path = settings.baselinePath else { return .none }
        writer.noteRead(path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            log.record(.unreadable(path: path, reason: error.reason))
            return .unusable
        }
        let read = BaselineLedger.reading(bytes, at: path)
        guard let ledger = read.ledger else {
            log.recordInvalid(FileReport(source: read.baseline.source, diagnostics: read.baseline.diagnostics))
            return .unusable
        }
        return .ledger(ledger)
    }

    /// Writes an output through the guarded writer; a failure is recorded (exit 3).
    @discardableResult
    package mutating func write(_ bytes: [UInt8], to path: String, option: String) -> Bool {
        do {
            try writer.write(bytes, to: path, option: option)
            return true
        } catch {
            log.record(.writeFailed(path: path, message: error.message))
            return false
        }
    }

    /// Rewrites an input in place (only if it still holds `original`); a failure is recorded (exit 3).
    package mutating func rewrite(_ path: String, shown: String, with bytes: [UInt8], original: [UInt8]) -> Bool {
        do {
            try writer.rewrite(path, with: bytes, original: original)
            return true
        } catch {
            log.record(.writeFailed(path: shown, message: error.message))
            return false
        }
    }

    /// Refuses an output that is an input (recorded; exit 2, nothing written). `true` when refused.
    package mutating func refuses(_ output: String, option: String) -> Bool {
        do {
            try writer.refuseInput(output, option: option)
            return false
        } catch {
            log.record(.refused(message: error.message, help: error.help))
            return true
        }
    }
}
