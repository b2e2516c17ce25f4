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
///     print(ReportRenderer.render(result.report, format: .human))
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

/// What a ``Compile`` job gives back besides its run's report: when nothing blocked it, the
/// payloads.
public struct CompileOutput: Sendable {
    /// The payloads in platform, then locale order; `nil` when the config did not compile.
    public var payloads: [CompiledPayload]?
    /// The config's own findings (none when the configuration file could not be followed:
    /// then the run's report holds its findings and the verdict is `.invalidConfiguration`).
    public var report: FileReport
    /// Text for standard output (`compile FILE`: a payload or the bundle), when that is the destination.
    package var standardOutput: String?

    /// Every payload in one document, as `compile --bundle` writes it (docs/commands.md
    /// "compile"): the source's sha256, the built-in strings' version,
    /// `payloads.<platform>.<locale>`. `nil` when the config did not compile.
    public var bundle: String? { payloads.map { Compiler.bundle($0, source: report.source) } }
}

extension Compile: Job {
    /// Lints the config under the compile gate and, when nothing blocks it, builds (and for a
    /// file, writes) its payloads.
    public func run(in context: inout RunContext) -> CompileOutput {
        switch input {
        case .source(let source, let configuration, let lintOptions):
            let nothing = CompileOutput(payloads: nil, report: FileReport(source: source, diagnostics: []))
            if let configuration, !configuration.isValid {
                context.log.recordInvalid(FileReport(source: configuration.source, diagnostics: configuration.diagnostics))
                return nothing
            }
            var policy = Policy(settings: context.settings, configuration: configuration)
            if let lintOptions { policy = Policy(options: lintOptions, settings: context.settings) }
            let (analysis, payloads) = compile(source, policy: policy, in: &context)
            return CompileOutput(payloads: payloads, report: analysis.report)
        case .path(let path, let destination):
            return compileFile(path, to: destination, in: &context)
        }
    }

    /// `compile FILE`: read, lint, compile, write.
    private func compileFile(_ path: String, to destination: CompileDestination, in context: inout RunContext) -> CompileOutput {
        var output = CompileOutput(payloads: nil, report: FileReport(source: SourceFile(path: "", bytes: []), diagnostics: []))
        guard case let (source, policy)? = context.oneInput(path, outputs: [("-o", destination.file), ("--bundle", destination.bundlePath)]) else {
            return output
        }
        let (analysis, compiled) = compile(source, policy: policy, hashing: destination.isDirectory, in: &context)
        output.report = analysis.report
        guard let payloads = compiled else { return output }
        output.payloads = payloads
        switch destination {
        case .directory(let directory):
            let inferred = options.platforms == nil && policy.options.platforms == nil
            context.writeDirectory(payloads, source: analysis.report.source, to: directory,
                                   keeping: inferred ? Set(Platform.allCases).subtracting(analysis.platforms) : [], force: force)
        case .bundle(let bundlePath):
            let text = Compiler.bundle(payloads, source: analysis.report.source)
            if bundlePath == "-" { output.standardOutput = text } else { context.write(Array(text.utf8), to: bundlePath, option: "--bundle") }
        case .file, .standardOutput:
            guard payloads.count == 1, let payload = payloads.first else {
                let kinds = "\(Set(payloads.map(\.platform)).count) platform(s) × \(Set(payloads.map(\.locale)).count) locale(s)"
                context.log.record(.refused(message: "\(payloads.count) payloads (\(kinds)); use --out-dir DIR or --bundle FILE, or choose one --platform and --locale",
                                            help: nil))
                return output
            }
            let file = destination.file ?? "-"
            if file == "-" { output.standardOutput = payload.text } else { context.write(payload.bytes, to: file, option: "-o") }
        }
        return output
    }

    /// One source linted under the compile gate, then its payloads, or `nil` with why recorded.
    /// An SDK response is refused as a usage error: it is what `compile` makes, not what it reads.
    /// `hashing`: each payload's SHA-256 as well (`--out-dir`'s manifest), computed as it is built.
    private func compile(_ source: SourceFile, policy: Policy, hashing: Bool = false, in context: inout RunContext) -> (Analysis, [CompiledPayload]?) {
        var request = policy.request(for: source)
        request.compileGate = true
        if let platforms = options.platforms { request.policy.options.platforms = platforms }
        var (analysis, gate) = Pipeline.run(request)
        if context.refusesResponse(analysis.format, of: source, asked: policy.options.inputFormat, command: "compile") { return (analysis, nil) }
        if analysis.format != .authoring {
            request.policy.options.inputFormat = .authoring
            (analysis, gate) = Pipeline.run(request)
        }
        context.log.record(analysis.report)
        if let report = policy.configurationReport(used: gate.usedIgnores, checked: [source]) { context.log.recordOwn(report) }
        let payloads = Compiler.payloads(of: analysis, gate: gate, options: options, jobs: context.settings.jobs, hashing: hashing)
        if payloads == nil { context.log.record(.notCompiled(path: source.path, reason: nil)) }
        return (analysis, payloads)
    }
}

extension CompileDestination {
    var file: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    var isDirectory: Bool {
        if case .directory = self { return true }
        return false
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
    /// The payloads are built on up to `jobs` threads (`nil`: every core), hashed with `hashing`.
    static func payloads(of analysis: Analysis, gate: FindingGate, options: CompileOptions, jobs: Int? = nil,
                         hashing: Bool = false) -> [CompiledPayload]? {
        guard let resolved = analysis.resolved, analysis.format == .authoring, gate.blockers == 0,
              analysis.report.counts.errors == 0 else { return nil }
        return payloads(resolved, platforms: analysis.platforms, locales: options.locales ?? resolved.targetLocaleCodes, customer: options.customer,
                        jobs: jobs, hashing: hashing)
    }
}
