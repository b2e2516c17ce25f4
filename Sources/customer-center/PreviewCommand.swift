import CustomerCenterCompiler
import ProcessSupport

struct PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Write an HTML page showing the Customer Center in every locale and theme; --check finds cut-off text."
    static let usage = "customer-center preview [options] FILE   (the page to stdout or -o; --check reports text cut at phone width)"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--locale", valueName: "L", summary: "A locale, a comma-separated list, or all (default: the default and every supported locale)."),
        OptionSpec(name: "--theme", valueName: "THEME", summary: "light, dark or both (default: both)."),
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "Whose texts and screens to show: ios or android (default: ios)."),
        OptionSpec(name: "--pseudo", valueName: nil, summary: "Add the pseudo-locales en-XA (accented, ~40% longer) and ar-XB (right to left)."),
        OptionSpec(name: "--output", valueName: "FILE", summary: "Write the page to FILE (-o; '-' for stdout)."),
        OptionSpec(name: "--check", valueName: nil, summary: "Render the page in headless Chromium and report text that is cut off (preview.truncated)."),
        OptionSpec(name: "--png", valueName: "DIR", summary: "With --check: also save a screenshot per locale × theme in DIR."),
        OptionSpec(name: "--browser", valueName: "PATH", summary: "The browser to render with (default: chromium-headless-shell or chromium on PATH)."),
        OptionSpec(name: "--timeout", valueName: "SECONDS", summary: "Give up on the browser after this long (default: 60)."),
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "Format of --check's findings (default: human)."),
        OptionSpec(name: "--strict", valueName: nil, summary: "With --check: exit 1 when anything is cut off."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never."),
        ReportingOptions.configFile,
    ]

    static let browsers = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first, path != "-" else {
            throw UsageError(message: "'preview' takes exactly one FILE")
        }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: ReportFormat.self)
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        let themes: [String]
        switch arguments.value("--theme") ?? "both" {
        case "both": themes = ["light", "dark"]
        case "light": themes = ["light"]
        case "dark": themes = ["dark"]
        case let other: throw UsageError(message: "invalid value '\(other)' for '--theme'; expected light, dark or both")
        }
        let platform: Platform
        switch arguments.value("--platform") ?? "ios" {
        case "ios": platform = .ios
        case "android": platform = .android
        case let other: throw UsageError(message: "invalid value '\(other)' for '--platform'; expected ios or android (one page shows one platform)")
        }
        let locales = try ReportingOptions.locales(arguments)
        let timeout = try arguments.value("--timeout").map { raw throws(UsageError) -> Double in
            guard let seconds = Double(raw), seconds > 0 else { throw UsageError(message: "invalid value '\(raw)' for '--timeout'; expected seconds, e.g. 60") }
            return seconds
        } ?? 60
        if arguments.has("--png"), !arguments.has("--check") { throw UsageError(message: "'--png' needs '--check' (it renders the page in a browser)") }
        let renderOptions = RenderOptions(color: Terminal.colorAllowed(color, stream: 2), workingDirectory: FileSystem.currentDirectory())
        var settings = RunSettings()
        settings.configurationPath = arguments.value("--config")
        let (found, run) = Workspace(settings: settings).run(PreviewSource(path, platform: platform))
        // The page never lands on what the run read (the config, the configuration file).
        var writer = GuardedWriter()
        for read in run.readPaths { writer.noteRead(read) }
        if let output = arguments.value("--output") {
            do { try writer.refuseInput(output, option: "-o") } catch { throw UsageError(message: error.message, help: error.help) }
        }
        guard let analysis = found else {
            return RunOutput.finish(run, format: .human, options: renderOptions, stream: 2)
        }
        let source = analysis.report.source
        let errors = analysis.report.diagnostics.filter { $0.severity == .error }
        guard let resolved = analysis.resolved, analysis.format == .authoring else {
            Terminal.err(ReportRenderer.render(LintReport(files: [analysis.report]), format: .human, options: renderOptions))
            Terminal.err("error: nothing to preview: \(path) is \(analysis.format == .response ? "an SDK response; preview takes an authoring config" : "not a config that can be read")\n")
            return .findings
        }
        if !errors.isEmpty {
            // Preview what can be previewed; say what cannot.
            Terminal.err(ReportRenderer.render(LintReport(files: [FileReport(source: source, diagnostics: errors)]), format: .human, options: renderOptions))
            Terminal.err("warning: \(path) has \(errors.count) error(s); the preview shows what can be shown (a missing text shows its key)\n")
        }
        let options = PreviewOptions(locales: locales, themes: themes, platform: platform, pseudo: arguments.has("--pseudo"))
        let page = Preview.render(resolved, options: options)
        if let output = arguments.value("--output"), output != "-" {
            do { try writer.write(Array(page.html.utf8), to: output, option: "-o") } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
        } else if arguments.value("--output") == "-" || !arguments.has("--check") {
            Terminal.out(page.html)
        }
        guard arguments.has("--check") else { return errors.isEmpty ? .success : .findings }
        let status = check(page, resolved: resolved, source: source, options: options, arguments: arguments, timeout: timeout,
                           format: format, renderOptions: renderOptions)
        // A config with errors fails whatever the check found (a browser failure stays exit 3).
        return errors.isEmpty || status == .io ? status : .findings
    }

    static func check(_ page: PreviewPage, resolved: ResolvedConfig, source: SourceFile, options: PreviewOptions, arguments: ParsedArguments,
                      timeout: Double, format: ReportFormat, renderOptions: RenderOptions) -> ExitStatus {
        guard let browser = arguments.value("--browser") ?? ProcessRunner.find(browsers) else {
            Terminal.err("error: --check needs a headless Chromium on PATH (\(browsers.prefix(2).joined(separator: " or "))); on Debian: apt-get install chromium-headless-shell; or pass --browser PATH\n")
            return .io
        }
        guard let directory = FileSystem.temporaryDirectory() else {
            Terminal.err("error: cannot create a temporary directory\n")
            return .io
        }
        defer { FileSystem.removeTree(directory) }
        let measuring = directory + "/check.html"
        do { try FileSystem.writeAtomically(Array(Preview.measuringPage(page).utf8), to: measuring) } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        let flags = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(Preview.width + 32),2000"]
        guard let outcome = ProcessRunner.run(browser, flags + ["--dump-dom", "file://" + measuring], timeout: timeout) else {
            Terminal.err("error: cannot run the browser '\(browser)'\n")
            return .io
        }
        guard let status = outcome.status else {
            Terminal.err("error: the browser '\(browser)' did not finish within \(Int(timeout)) s (--timeout); nothing was checked\n")
            return .io
        }
        let dom = String(decoding: outcome.output, as: UTF8.self)
        guard status == 0, dom.contains("data-overflow=") else {
            Terminal.err("error: the browser '\(browser)' \(status == 0 ? "did not run the page's measuring script" : "failed (exit \(status))"); nothing was checked\n")
            return .io
        }
        let localizationKey = resolved.config.localization?.keyRange
        let findings = Preview.findings(measured: dom, page: page, source: source, localizationKey: localizationKey)
        if let pngs = arguments.value("--png") {
            let saved = screenshots(resolved, options: options, browser: browser, into: pngs, scratch: directory, timeout: timeout)
            if saved != .success { return saved }
        }
        let report = LintReport(files: [FileReport(source: source, diagnostics: findings)])
        Terminal.out(ReportRenderer.render(report, format: format, options: renderOptions))
        return report.failsGate(strict: arguments.has("--strict"), maxWarnings: nil) ? .findings : .success
    }

    /// One PNG per locale × theme: each section as its own page, as wide as its screens.
    static func screenshots(_ resolved: ResolvedConfig, options: PreviewOptions, browser: String, into directory: String, scratch: String, timeout: Double) -> ExitStatus {
        do { try FileSystem.makeDirectories(directory) } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        for locale in Preview.locales(resolved, options: options) {
            for theme in options.themes {
                var single = options
                single.locales = [locale]
                single.themes = [theme]
                single.pseudo = false
                let page = Preview.render(resolved, options: single)
                let html = scratch + "/\(locale)-\(theme).html"
                let png = directory + "/\(locale)-\(theme).png"
                let screens = page.sections.first?.screens ?? 1
                let width = min(max(screens, 1), 4) * (Preview.width + 16) + 32
                do { try FileSystem.writeAtomically(Array(page.html.utf8), to: html) } catch {
                    Terminal.err("error: \(error.message)\n")
                    return .io
                }
                let outcome = ProcessRunner.run(browser, ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),620",
                                                       "--screenshot=\(png)", "file://" + html], timeout: timeout)
                guard outcome?.status == 0, FileSystem.exists(png) else {
                    Terminal.err("error: the browser '\(browser)' did not save \(png)\(outcome?.status == nil ? " in time" : "")\n")
                    return .io
                }
            }
        }
        return .success
    }
}
