import JSONSyntax

/// What the command line says for a run (docs/commands.md). The configuration file that applies
/// to a file adds to it (built-in default < configuration file < command line).
public struct RunSettings: Sendable {
    /// `--input-format`; `nil` = detect.
    public var inputFormat: InputFormat?
    /// `--platform`; `nil` = the configuration file's, else inferred per file.
    public var platforms: Set<Platform>?
    /// `--rule` levels, in the order given (a library user sets levels with a configuration:
    /// `LinterConfiguration(source:)` of a `.customer-center.json` text).
    package var rules: [RuleSelection] = []
    /// `--oldest-sdk`: per platform, over the configuration file's `oldest_sdk`.
    package var oldestSDK: OldestSDK?
    /// `--quiet`: errors only.
    public var quiet = false
    /// `--strict`: any warning fails the gate.
    public var strict = false
    /// `--max-warnings`: more warnings than this fail the gate.
    public var maxWarnings: Int?
    /// `--config`: this configuration file for every input instead of the nearest one.
    public var configurationPath: String?
    /// `--baseline`: findings it records are accepted; only new ones are shown and fail.
    public var baselinePath: String?
    /// `--stdin-filename`: the name standard input is reported under.
    public var stdinName: String?
    /// `--force-exclude`: files named on the command line follow the configuration file's
    /// `include` / `exclude` too (those it leaves out are skipped silently), as pre-commit needs.
    package var forceExclude = false
    /// `--jobs`: how many files are checked at once; `nil`: one per core. The output is the
    /// same whatever the number (docs/commands.md "Many files, every core").
    public var jobs: Int? {
        get { plan.files }
        set { plan = ExecutionPlan(files: newValue).withThresholds(of: plan) }
    }
    /// Findings of one rule shown per file before the rest are only counted; `nil`: all.
    public var displayCap: Int? = Linter.findingsPerRuleLimit
    /// How the run spends its threads: `--jobs`, and the sizes from which a file's stages take
    /// their threaded paths (tests lower them, so that small files take those paths).
    package var plan = ExecutionPlan()

    /// Settings with nothing said.
    public init() {}
}

/// What `lint --fix` does with the fixed text.
public enum FixMode: Sendable, Equatable {
    /// Write each fixed file in place (standard input: print the fixed document).
    case write
    /// Print each change as a unified diff; write nothing.
    case dryRun
}
