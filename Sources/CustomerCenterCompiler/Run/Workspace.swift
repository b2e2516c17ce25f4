import JSONSyntax

/// The only owner of a run's I/O (docs/design.md "The top floor"): it selects the inputs,
/// groups them by the configuration file that applies (an unreadable or invalid configuration
/// file is one typed outcome, handled here once), reads each input and the baseline, and writes
/// every output through the guarded writer. Jobs (``Lint``, ``Compile``, ``Autofix``, …) run in it
/// and record into one run log.
///
/// ```swift
/// var settings = RunSettings()
/// settings.maxWarnings = 10
/// let result = Workspace(settings: settings).run(Lint(["Configs/"]))
/// print(result.report.counts.warnings, result.verdict)
/// ```
public struct Workspace: Sendable {
    /// The command line's settings.
    public let settings: RunSettings
    /// Every write goes through it; it knows every file the run read.
    package var writer = GuardedWriter()

    /// A workspace for a run with `settings`.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
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

extension Workspace {
    /// The inputs `arguments` name (files, directories, `-`), each once, grouped by the
    /// configuration file that applies (`--config`, else the nearest `.customer-center.json`),
    /// each configuration file read once. A directory holding no config, or a `--config` that
    /// does not exist, is recorded as unreadable.
    package mutating func select(_ arguments: [String], log: inout RunLog) -> [ConfigurationGroup] {
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

    /// One named file (`compile`, `preview`) with the configuration file that applies to it.
    package mutating func selectOne(_ path: String, display: String, log: inout RunLog) -> ConfigurationGroup? {
        let explicit = settings.configurationPath.map(FileSystem.absolute)
        if let explicit, !FileSystem.exists(explicit) {
            log.record(.unreadable(path: settings.configurationPath ?? explicit, reason: "no such configuration file"))
            return nil
        }
        var finder = ConfigurationFinder(explicit: explicit)
        let location = path == "-" ? display : FileSystem.absolute(path)
        let configurationPath = finder.configuration(forFileIn: FileSystem.directory(of: location))
        return ConfigurationGroup(configurationPath: configurationPath, inputs: [RunInput(display: display, path: path, explicit: true)],
                                  outcome: readConfiguration(configurationPath))
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
    package func policy(of group: ConfigurationGroup, log: inout RunLog) -> Policy? {
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
    package mutating func read(_ input: RunInput, plan: ExecutionPlan = .oneThread, log: inout RunLog) -> SourceFile? {
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

    /// The `--baseline` file. Unreadable (exit 3) or not a baseline (exit 2, its problems
    /// reported) is recorded, and the job judges nothing: a gate without its baseline would
    /// fail on findings the team accepted.
    package mutating func baseline(log: inout RunLog) -> BaselineOutcome {
        guard let path = settings.baselinePath else { return .none }
        writer.noteRead(path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            log.record(.unreadable(path: path, reason: error.reason))
            return .unusable
        }
        let baseline = Baseline(source: SourceFile(path: path, bytes: bytes, location: FileSystem.absolute(path)))
        guard baseline.diagnostics.isEmpty else {
            log.recordInvalid(FileReport(source: baseline.source, diagnostics: baseline.diagnostics))
            return .unusable
        }
        return .ledger(BaselineLedger(baseline, pathKey: BaselineLedger.pathKey(relativeTo: path)))
    }

    /// Writes an output through the guarded writer; a failure is recorded (exit 3).
    @discardableResult
    package func write(_ bytes: [UInt8], to path: String, option: String, log: inout RunLog) -> Bool {
        do {
            try writer.write(bytes, to: path, option: option)
            return true
        } catch {
            log.record(.writeFailed(path: path, message: error.message))
            return false
        }
    }

    /// Refuses an output that is an input (recorded; exit 2, nothing written). `true` when refused.
    package func refuses(_ output: String, option: String, log: inout RunLog) -> Bool {
        do {
            try writer.refuseInput(output, option: option)
            return false
        } catch {
            log.record(.refused(message: error.message, help: error.help))
            return true
        }
    }

    /// The end of a run: counts and verdict from the log.
    package func finish(_ log: RunLog) -> RunResult {
        log.finish(settings, readPaths: writer.readPaths)
    }
}
