import JSONSyntax
import PlatformLayer

/// Runs the headless browser that `preview --check` measures the page in and takes screenshots
/// with. The command line's starts a process (with a time limit); a test's can answer at once.
package protocol BrowserRunner: Sendable {
    /// The browser as messages name it (its path).
    var name: String { get }
    /// Runs the browser with `arguments` for at most `timeout` seconds: its exit status (`nil`:
    /// stopped at the time limit) and standard output, or `nil` when it could not be started.
    func run(_ arguments: [String], timeout: Double) -> (status: Int32?, output: [UInt8])?
    /// Starts the browser with `arguments` (`--remote-debugging-pipe` among them) for one DevTools
    /// session that measures the page and takes every screenshot; `nil` when it could not be
    /// started or this runner has no such mode (each screenshot is then a run of its own).
    func session(_ arguments: [String]) -> (any BrowserPipe)?
}

extension BrowserRunner {
    /// No DevTools session: one run per screenshot.
    package func session(_ arguments: [String]) -> (any BrowserPipe)? { nil }
}

/// The `preview` job (docs/commands.md "preview"): one authoring config analysed under its
/// configuration file for one platform, its page written (or printed), and with ``Check`` the
/// page measured in a headless browser. The config's errors and the measured findings are one
/// report: what the summary counts is what the verdict judges.
package struct RenderPreview: Sendable {
    /// `--check`: measure the page, optionally save screenshots.
    package struct Check: Sendable {
        /// The browser; `nil` when none was found (recorded: nothing is checked, exit 3).
        package var browser: (any BrowserRunner)?
        /// `--png DIR`: one screenshot per locale × theme.
        package var screenshots: String?
        /// Seconds each browser run may take.
        package var timeout: Double
        /// Told what the browser is about to do ("screenshot 3 of 64: de, dark"); the command
        /// line prints it on stderr once a run has taken longer than a moment.
        package var progress: (@Sendable (String) -> Void)?

        package init(browser: (any BrowserRunner)?, screenshots: String? = nil, timeout: Double = 60,
                     progress: (@Sendable (String) -> Void)? = nil) {
            self.browser = browser
            self.screenshots = screenshots
            self.timeout = timeout
            self.progress = progress
        }
    }

    /// The config file.
    package var path: String
    /// Locales, themes, platform, pseudo-locales.
    package var options: PreviewOptions
    /// `-o`: the page's file (`-`: standard output); `nil`: standard output unless checking.
    package var output: String?
    /// `--check`, when asked.
    package var check: Check?

    package init(_ path: String, options: PreviewOptions, output: String? = nil, check: Check? = nil) {
        self.path = path
        self.options = options
        self.output = output
        self.check = check
    }
}

extension RenderPreview: Job {
    /// The preview into the run's log; gives back whether the page was measured (the report is
    /// then `--check`'s findings).
    package func run(in context: inout RunContext) -> Bool {
        // The page never lands on what the run read (the config, the configuration file).
        guard case let (source, policy)? = context.oneInput(path, outputs: [("-o", output)]) else { return false }
        var request = policy.request(for: source)
        request.displayCap = nil
        if let format = context.settings.inputFormat { request.policy.options.inputFormat = format }
        request.policy.options.platforms = [options.platform]
        let analysis = Pipeline.run(request).analysis
        if context.refusesResponse(analysis.format, of: source, asked: context.settings.inputFormat, command: "preview") { return false }
        guard let resolved = analysis.resolved, analysis.format == .authoring else {
            context.log.record(analysis.report)
            context.log.record(.notPreviewed(path: source.path))
            return false
        }
        // Preview what can be previewed; say what cannot.
        let errors = analysis.report.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { context.log.record(.previewedWithErrors(path: source.path, errors: errors.count)) }
        let page = Preview.render(resolved, options: options)
        if let output, output != "-" {
            guard context.write(Array(page.html.utf8), to: output, option: "-o") else {
                context.log.record(FileReport(source: source, diagnostics: errors))
                return false
            }
        } else if output == "-" || check == nil {
            context.log.print(page.html)
        }
        var findings = errors
        var measured = false
        if let check, let found = measure(page, resolved: resolved, source: source, check: check, log: &context.log) {
            findings += found
            measured = true
        }
        context.log.record(FileReport(source: source, diagnostics: findings))
        return measured
    }

    /// The page measured in the browser (a temporary folder holds what it loads, removed after),
    /// then the screenshots; `nil` with why recorded when the browser could not say.
    private func measure(_ page: PreviewPage, resolved: ResolvedConfig, source: SourceFile, check: RenderPreview.Check,
                         log: inout RunLog) -> [Diagnostic]? {
        let notChecked = { (reason: String) in RunEvent.notChecked(path: source.path, reason: reason) }
        guard let browser = check.browser else {
            let applications = OS.applicationFolders.isEmpty ? "" : " or Google Chrome.app / Chromium.app in /Applications"
            log.record(notChecked("--check needs a headless Chromium on PATH (chromium-headless-shell or chromium)\(applications); \(OS.browserInstallHint); or pass --browser PATH"))
            return nil
        }
        guard let scratch = FileSystem.temporaryDirectory() else {
            log.record(notChecked("cannot create a temporary directory"))
            return nil
        }
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let measuring = scratch + "/check.html"
        do { try FileSystem.writeAtomically(Array(Preview.measuringPage(page).utf8), to: measuring) } catch {
            log.record(notChecked(error.message))
            return nil
        }
        let sections = Preview.locales(resolved, options: options).count * options.themes.count
        check.progress?("measuring \(MessageText.count(sections, "locale × theme", "locales × themes")) in one browser run")
        // With screenshots, one browser process does it all over its DevTools pipe; a browser
        // that does not speak it gets today's runs: one to measure, one per screenshot.
        if let directory = check.screenshots, let pipe = browser.session(Preview.browserFlags + ["--remote-debugging-pipe", "about:blank"]) {
            let shots = OneBrowserRun(browser: browser.name, pipe: pipe, check: check, source: source, scratch: scratch, directory: directory)
            switch shots.run(page, measuring: measuring, resolved: resolved, options: options, log: &log) {
            case .measured(let findings): return findings
            case .failed: return nil
            case .unsupported: break
            }
        }
        let flags = Preview.browserFlags + ["--window-size=\(Preview.measuringWidth),\(Preview.measuringHeight)"]
        guard let outcome = browser.run(flags + ["--dump-dom", "file://" + measuring], timeout: check.timeout) else {
            log.record(notChecked("cannot run the browser '\(browser.name)'"))
            return nil
        }
        guard let status = outcome.status else {
            log.record(notChecked("the browser '\(browser.name)' did not finish within \(Int(check.timeout)) s (--timeout); nothing was checked"))
            return nil
        }
        let dom = String(decoding: outcome.output, as: UTF8.self)
        guard status == 0, dom.contains("data-overflow=") else {
            let why = status == 0 ? "did not run the page's measuring script" : "failed (exit \(status))"
            log.record(notChecked("the browser '\(browser.name)' \(why); nothing was checked"))
            return nil
        }
        let findings = Preview.findings(measured: dom, page: page, source: source, localizationKey: resolved.config.localization?.keyRange)
        if let directory = check.screenshots {
            guard screenshots(resolved, options: options, browser: browser, into: directory, scratch: scratch, timeout: check.timeout,
                              progress: check.progress, source: source, log: &log) else { return nil }
        }
        return findings
    }

    /// One PNG per locale × theme: each section as its own page, as wide as its screens.
    private func screenshots(_ resolved: ResolvedConfig, options: PreviewOptions, browser: any BrowserRunner, into directory: String,
                             scratch: String, timeout: Double, progress: (@Sendable (String) -> Void)?, source: SourceFile,
                             log: inout RunLog) -> Bool {
        do { try FileSystem.makeDirectories(directory) } catch {
            log.record(.writeFailed(path: directory, message: error.message))
            return false
        }
        let locales = Preview.locales(resolved, options: options)
        var done = 0
        for locale in locales {
            for theme in options.themes {
                done += 1
                progress?("screenshot \(done) of \(locales.count * options.themes.count): \(locale), \(theme)")
                guard let (page, png, width) = Preview.writeScreenshotPage(resolved, options: options, locale: locale, theme: theme,
                                                                           scratch: scratch, directory: directory, source: source,
                                                                           log: &log) else { return false }
                let outcome = browser.run(Preview.browserFlags + ["--window-size=\(width),\(Preview.screenshotHeight)", "--screenshot=\(png)", "file://" + page],
                                          timeout: timeout)
                guard outcome?.status == 0, FileSystem.exists(png) else {
                    let late = outcome != nil && outcome?.status == nil ? " in time" : ""
                    log.record(.writeFailed(path: png, message: "the browser '\(browser.name)' did not save \(png)\(late)"))
                    return false
                }
            }
        }
        return true
    }
}
