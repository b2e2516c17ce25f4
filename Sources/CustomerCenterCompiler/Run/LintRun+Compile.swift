import JSONSyntax

/// Where `compile` puts its payloads (SPEC §4.1).
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

/// What `compile` produced.
package struct CompileRunResult: Sendable {
    /// The config's findings (and the configuration file's), messages and the verdict.
    package var run: RunResult
    /// The payloads, when the config compiled.
    package var payloads: [CompiledPayload]?
    /// Text for standard output (a payload or the bundle), when that is the destination.
    package var output: String?
}

extension LintRun {
    /// `compile`: reads the config and its configuration file, lints it under the run's gate
    /// (a blocking finding refuses the compile whatever the configuration says), builds the
    /// payloads and writes them through the guarded writer: never over an input, a stale
    /// payload removed only when its bytes are what the manifest recorded.
    package func compile(_ path: String, options compileOptions: CompileOptions, destination: CompileDestination) -> CompileRunResult {
        var state = RunState()
        let display = path == "-" ? (settings.stdinName ?? "<stdin>") : path
        guard let (analysis, gate) = analyzeOne(path, display: display, inputFormat: .authoring, platforms: compileOptions.platforms,
                                                compileGate: true, into: &state) else {
            return CompileRunResult(run: state.finish(settings))
        }
        func stop(_ verdict: RunVerdict) -> CompileRunResult {
            var result = state.finish(settings)
            result.verdict = verdict
            return CompileRunResult(run: result)
        }
        for case let (option, output?) in [("-o", destination.file), ("--bundle", destination.bundlePath)] where output != "-" {
            do { try state.writer.refuseInput(output, option: option) } catch {
                return stop(.refused(message: error.message, help: error.help))
            }
        }
        guard let payloads = Compiler.payloads(of: analysis, gate: gate, options: compileOptions) else {
            return stop(.failed(reason: nil))
        }
        var result = CompileRunResult(run: state.finish(settings), payloads: payloads)
        switch destination {
        case .directory(let directory):
            let verdict = writeDirectory(payloads, source: analysis.report.source, to: directory, state: &state)
            result.run = state.finish(settings)
            if let verdict { result.run.verdict = verdict }
        case .bundle(let bundlePath):
            let text = Compiler.bundle(payloads, source: analysis.report.source)
            if bundlePath == "-" {
                result.output = text
            } else if let failure = write(text, to: bundlePath, option: "--bundle", state: &state) {
                result.run = state.finish(settings)
                result.run.verdict = failure
            }
        case .file, .standardOutput:
            guard payloads.count == 1, let payload = payloads.first else {
                let kinds = "\(Set(payloads.map(\.platform)).count) platform(s) × \(Set(payloads.map(\.locale)).count) locale(s)"
                result.run.verdict = .refused(message: "\(payloads.count) payloads (\(kinds)); use --out-dir DIR or --bundle FILE, or choose one --platform and --locale",
                                              help: nil)
                return result
            }
            let file = destination.file ?? "-"
            if file == "-" {
                result.output = payload.text
            } else if let failure = write(payload.text, to: file, option: "-o", state: &state) {
                result.run = state.finish(settings)
                result.run.verdict = failure
            }
        }
        return result
    }

    /// `preview`: one authoring config analysed under the run (its configuration file's levels
    /// and ignores), every finding kept, for the page and its `--check`.
    package func analyzeForPreview(_ path: String, platform: Platform) -> (analysis: Analysis?, run: RunResult) {
        var state = RunState()
        let analysis = analyzeOne(path, display: path, inputFormat: settings.inputFormat, platforms: [platform], compileGate: false, into: &state)
        return (analysis?.analysis, state.finish(settings))
    }

    /// Reads one file and its configuration file and analyses it; `nil` (with the reason in
    /// `state`) when either cannot be read or the configuration cannot be followed.
    private func analyzeOne(_ path: String, display: String, inputFormat: InputFormat?, platforms: Set<Platform>?, compileGate: Bool,
                            into state: inout RunState) -> (analysis: Analysis, gate: FindingGate)? {
        var discovery = InputDiscovery()
        let location = path == "-" ? display : FileSystem.absolute(path)
        let explicit = settings.configurationPath.map(FileSystem.absolute)
        if let explicit, !FileSystem.exists(explicit) {
            state.unreadable.append(UnreadableFile(path: settings.configurationPath ?? explicit, reason: "no such configuration file"))
            return nil
        }
        var group = FileGroup(configurationPath: explicit ?? discovery.configurationPath(forFileIn: FileSystem.directory(of: location)),
                              inputs: [RunInput(display: display, path: path, explicit: true)])
        state.writer.noteRead(path)
        if let configurationPath = group.configurationPath {
            guard let configuration = Self.readConfiguration(configurationPath, into: &state) else { return nil }
            group.configuration = configuration
            if let configuration = group.configuration, !configuration.isValid {
                state.reports.append(RunState.Entry(report: FileReport(source: configuration.source, diagnostics: configuration.diagnostics),
                                                    isConfigurationReport: true))
                state.invalidConfiguration = true
                return nil
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            state.unreadable.append(UnreadableFile(path: display, reason: error.reason))
            return nil
        }
        let source = SourceFile(path: display, bytes: bytes, location: location)
        return analyze(source, lintOptions: options(for: group.configuration), configuration: group.configuration, inputFormat: inputFormat,
                       platforms: platforms, compileGate: compileGate, into: &state)
    }

    /// One source under a configuration whose file was read and can be followed: its report
    /// and the configuration file's (stale ignores) go to `state`. The compile gate counts
    /// findings of the rules that block compile and keeps at most the display cap per rule;
    /// otherwise (preview) every finding is kept.
    func analyze(_ source: SourceFile, lintOptions: LintOptions, configuration: LinterConfiguration?, inputFormat: InputFormat?,
                 platforms: Set<Platform>?, compileGate: Bool, into state: inout RunState) -> (analysis: Analysis, gate: FindingGate) {
        var options = lintOptions
        if let inputFormat { options.inputFormat = inputFormat }
        if let platforms { options.platforms = platforms }
        var gate = options.gate
        gate.ignores = Self.ignores(of: configuration, for: source)
        if compileGate { gate.compileBlocking = RuleCatalog.compileBlockingRules }
        let analyzed = Linter.analyze(source, options: options, gate: gate, displayCap: compileGate ? settings.displayCap : nil)
        state.reports.append(RunState.Entry(report: analyzed.analysis.report, isConfigurationReport: false))
        if let configuration {
            state.reports += Self.configurationReport(configuration, used: analyzed.gate.usedIgnores, options: options)
                .map { RunState.Entry(report: $0, isConfigurationReport: true) }
        }
        return analyzed
    }

    /// `--out-dir`: every payload and the manifest, then the stale payloads of the previous
    /// manifest removed only when unchanged. A verdict when something stopped it.
    private func writeDirectory(_ payloads: [CompiledPayload], source: SourceFile, to directory: String, state: inout RunState) -> RunVerdict? {
        if let bad = payloads.first(where: { !Compiler.isSafeFileName($0.locale) }) {
            state.messages.append("error: locale '\(bad.locale)' cannot be a file name; use letters, digits, '-' and '_'")
            return .failed(reason: nil)
        }
        let written = payloads.map(Compiler.relativePath(of:)) + ["manifest.json"]
        for relative in written {
            do { try state.writer.refuseInput(directory + "/" + relative, option: "--out-dir") } catch {
                return .refused(message: error.message, help: error.help)
            }
        }
        let previous = (try? FileSystem.read(directory + "/manifest.json"))
            .map { Compiler.manifestPayloads(SourceFile(path: "manifest.json", bytes: $0)) } ?? []
        do {
            for platform in Set(payloads.map(\.platform)) { try FileSystem.makeDirectories(directory + "/" + platform.rawValue) }
            for payload in payloads {
                try state.writer.write(Array(payload.text.utf8), to: directory + "/" + Compiler.relativePath(of: payload), option: "--out-dir")
            }
            try state.writer.write(Array(Compiler.manifest(payloads, source: source).utf8), to: directory + "/manifest.json", option: "--out-dir")
        } catch {
            state.messages.append("error: \(error.message)")
            state.unreadable.append(UnreadableFile(path: directory, reason: "could not be written: \(error.reason)"))
            return .unreadable
        }
        for stale in previous where !written.contains(stale.path) {
            let stalePath = directory + "/" + stale.path
            switch state.writer.removeStale(stalePath, sha256: stale.sha256) {
            case .removed: state.messages.append("removed \(stalePath): the previous manifest listed it, this compile does not")
            case .keptEdited: state.messages.append("warning: kept \(stalePath): the previous manifest listed it, but it was changed since (its sha256 differs); remove it by hand if it is stale")
            case .keptInput: state.messages.append("warning: kept \(stalePath): the previous manifest listed it, but this compile read it (an input)")
            case .absent: break
            case .failed(let reason): state.messages.append("warning: could not remove stale \(stalePath): \(reason)")
            }
        }
        return nil
    }

    /// One output file through the guarded writer; a verdict when it failed.
    private func write(_ text: String, to path: String, option: String, state: inout RunState) -> RunVerdict? {
        do {
            try state.writer.write(Array(text.utf8), to: path, option: option)
            return nil
        } catch {
            state.messages.append("error: \(error.message)")
            state.unreadable.append(UnreadableFile(path: path, reason: "could not be written: \(error.reason)"))
            return .unreadable
        }
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
