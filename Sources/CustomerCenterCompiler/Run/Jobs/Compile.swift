import JSONSyntax

/// Where `compile` puts its payloads (docs/commands.md "compile").
package enum CompileDestination: Sendable, Equatable {
    /// One payload on standard output.
    case standardOutput
    /// One payload in a file (`-o`; `-` is standard output).
    case file(String)
    /// `DIR/<platform>/<locale>.json` and `DIR/manifest.json` (`--out-dir`).
    case directory(String)
    /// Every payload in one document (`--bundle`; `-` is standard output).
    case bundle(String)
}

/// The `compile` job: one authoring config linted under the run's gate (a finding of a rule
/// that blocks compile refuses it whatever the configuration says), then one payload per
/// platform and locale from the lint's resolved model, written through the guarded writer.
///
/// ```swift
/// let config = SourceFile(path: "customer_center.json", text: json)
/// let result = Workspace().run(Compile(config, options: CompileOptions(platforms: [.ios], locales: ["en"])))
/// guard let payloads = result.payloads else {
///     print(ReportRenderer.render(result.lint.report, format: .human))
///     return
/// }
/// for payload in payloads { print(payload.platform, payload.locale, payload.text.utf8.count) }
/// ```
public struct Compile: Sendable {
    enum Input: Sendable {
        case source(SourceFile, configuration: LinterConfiguration?, lintOptions: LintOptions?)
        case path(String, destination: CompileDestination)
    }

    let input: Input
    /// Platforms, locales and the customer to evaluate eligibility for.
    public var options: CompileOptions
    /// `--force`: `--out-dir` may replace files of a folder that has no manifest of its own.
    package var force = false

    /// Compiles a config in memory under `configuration` (the text of a `.customer-center.json`).
    public init(_ source: SourceFile, configuration: LinterConfiguration? = nil, options: CompileOptions = CompileOptions()) {
        self.input = .source(source, configuration: configuration, lintOptions: nil)
        self.options = options
    }

    /// The same with the lint's options given whole (tests vary one at a time).
    package init(_ source: SourceFile, lintOptions: LintOptions, options: CompileOptions = CompileOptions()) {
        self.input = .source(source, configuration: nil, lintOptions: lintOptions)
        self.options = options
    }

    /// `compile FILE` (`-`: standard input) to `destination`.
    package init(path: String, destination: CompileDestination, options: CompileOptions) {
        self.input = .path(path, destination: destination)
        self.options = options
    }
}

/// What a ``Compile`` job produced for a config in memory: the lint of the config
/// and, when nothing blocked it, its payloads.
public struct CompileResult: Sendable {
    /// The lint under the run: the config's findings and the configuration file's, exact
    /// counts, and the verdict (failed when the compile was refused).
    public var lint: RunResult
    /// The payloads in platform, then locale order; `nil` when the config did not compile.
    public var payloads: [CompiledPayload]?
    /// The config's own findings (none when the configuration file could not be followed:
    /// then `lint` holds its findings and the verdict is `.invalidConfiguration`).
    public var report: FileReport

    /// Every payload in one document, as `compile --bundle` writes it (docs/commands.md
    /// "compile"): the source's sha256, the built-in strings' version,
    /// `payloads.<platform>.<locale>`. `nil` when the config did not compile.
    public var bundle: String? { payloads.map { Compiler.bundle($0, source: report.source) } }
}

/// What `compile FILE` produced.
package struct CompileRunResult: Sendable {
    /// The config's findings (and the configuration file's), events and the verdict.
    package var run: RunResult
    /// The payloads, when the config compiled.
    package var payloads: [CompiledPayload]?
    /// Text for standard output (a payload or the bundle), when that is the destination.
    package var output: String?
}

extension Workspace {
    /// Runs a ``Compile`` job on a config in memory.
    public func run(_ job: Compile) -> CompileResult {
        var log = RunLog()
        guard case .source(let source, let configuration, let lintOptions) = job.input else {
            let result = runFile(job)
            return CompileResult(lint: result.run, payloads: result.payloads, report: result.run.report.files.first ?? FileReport(source: SourceFile(path: "", bytes: []), diagnostics: []))
        }
        if let configuration, !configuration.isValid {
            log.recordInvalid(FileReport(source: configuration.source, diagnostics: configuration.diagnostics))
            return CompileResult(lint: finish(log), payloads: nil, report: FileReport(source: source, diagnostics: []))
        }
        var policy = Policy(settings: settings, configuration: configuration)
        if let lintOptions { policy = Policy(options: lintOptions, settings: settings) }
        let (analysis, payloads) = compile(source, policy: policy, options: job.options, log: &log)
        return CompileResult(lint: finish(log), payloads: payloads, report: analysis.report)
    }

    /// Runs a ``Compile`` job on a file: read, lint, compile, write.
    package func runFile(_ job: Compile) -> CompileRunResult {
        guard case .path(let path, let destination) = job.input else { return CompileRunResult(run: run(job).lint) }
        var workspace = self
        var log = RunLog()
        let display = path == "-" ? (settings.stdinName ?? "<stdin>") : path
        guard let group = workspace.selectOne(path, display: display, log: &log), let policy = workspace.policy(of: group, log: &log),
              let input = group.inputs.first, let source = workspace.read(input, log: &log) else {
            return CompileRunResult(run: workspace.finish(log))
        }
        for case let (option, output?) in [("-o", destination.file), ("--bundle", destination.bundlePath)] where output != "-" {
            if workspace.refuses(output, option: option, log: &log) { return CompileRunResult(run: workspace.finish(log)) }
        }
        let (analysis, compiled) = compile(source, policy: policy, options: job.options, log: &log)
        guard let payloads = compiled else { return CompileRunResult(run: workspace.finish(log)) }
        var output: String?
        switch destination {
        case .directory(let directory):
            let inferred = job.options.platforms == nil && policy.options.platforms == nil
            workspace.writeDirectory(payloads, source: analysis.report.source, to: directory,
                                     keeping: inferred ? Set(Platform.allCases).subtracting(analysis.platforms) : [], force: job.force, log: &log)
        case .bundle(let bundlePath):
            let text = Compiler.bundle(payloads, source: analysis.report.source)
            if bundlePath == "-" { output = text } else { workspace.write(Array(text.utf8), to: bundlePath, option: "--bundle", log: &log) }
        case .file, .standardOutput:
            guard payloads.count == 1, let payload = payloads.first else {
                let kinds = "\(Set(payloads.map(\.platform)).count) platform(s) × \(Set(payloads.map(\.locale)).count) locale(s)"
                log.record(.refused(message: "\(payloads.count) payloads (\(kinds)); use --out-dir DIR or --bundle FILE, or choose one --platform and --locale",
                                    help: nil))
                return CompileRunResult(run: workspace.finish(log), payloads: payloads)
            }
            let file = destination.file ?? "-"
            if file == "-" { output = payload.text } else { workspace.write(Array(payload.text.utf8), to: file, option: "-o", log: &log) }
        }
        return CompileRunResult(run: workspace.finish(log), payloads: payloads, output: output)
    }

    /// One source linted under the compile gate, then its payloads, or `nil` with why recorded.
    /// An SDK response is refused as a usage error: it is what `compile` makes, not what it reads.
    func compile(_ source: SourceFile, policy: Policy, options: CompileOptions, log: inout RunLog) -> (Analysis, [CompiledPayload]?) {
        var request = policy.request(for: source)
        request.compileGate = true
        if let platforms = options.platforms { request.policy.options.platforms = platforms }
        var (analysis, gate) = Pipeline.run(request)
        if analysis.format == .response, policy.options.inputFormat == nil {
            log.record(.refused(message: "'\(source.path)' is an SDK response (what the SDKs download and `pull` saves), not an authoring config",
                                help: "compile the authoring config it was made from; check a response with 'customer-center lint \(source.path)'"))
            return (analysis, nil)
        }
        if analysis.format != .authoring {
            request.policy.options.inputFormat = .authoring
            (analysis, gate) = Pipeline.run(request)
        }
        log.record(analysis.report)
        if let report = policy.configurationReport(used: gate.usedIgnores, checked: [source]) { log.recordOwn(report) }
        let payloads = Compiler.payloads(of: analysis, gate: gate, options: options)
        if payloads == nil { log.record(.notCompiled(path: source.path, reason: nil)) }
        return (analysis, payloads)
    }
}

extension CompileDestination {
    var file: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    var bundlePath: String? {
        if case .bundle(let path) = self { return path }
        return nil
    }
}

extension Compiler {
    /// The payloads of an analysis under the compile gate, or `nil` when it refuses them: the
    /// config is not an authoring config, did not resolve, has an error, or a finding of a rule
    /// that blocks compile (counted by `gate` even when its level is off or it is ignored).
    static func payloads(of analysis: Analysis, gate: FindingGate, options: CompileOptions) -> [CompiledPayload]? {
        guard let resolved = analysis.resolved, analysis.format == .authoring, gate.blockers == 0,
              analysis.report.counts.errors == 0 else { return nil }
        return payloads(resolved, platforms: analysis.platforms, locales: options.locales ?? resolved.targetLocaleCodes, customer: options.customer)
    }
}
