import ProcessSupport

extension Preview {
    /// What every browser run gets, in either mode.
    static let browserFlags = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    /// The window the measuring page is laid out in.
    static let measuringWidth = width + 32
    static let measuringHeight = 2000
    /// How tall a screenshot is.
    static let screenshotHeight = 620

    /// The page of one screenshot (one locale in one theme) written under `scratch`, where its PNG
    /// goes in `directory`, and how wide it is shown: as wide as its screens, up to four. `nil`,
    /// with why recorded, when the page cannot be written. Both ways of taking screenshots use it.
    static func writeScreenshotPage(_ resolved: ResolvedConfig, options: PreviewOptions, locale: String, theme: String, scratch: String,
                                    directory: String, source: SourceFile, log: inout RunLog) -> (page: String, png: String, width: Int)? {
        var single = options
        single.locales = [locale]
        single.themes = [theme]
        single.pseudo = false
        let rendered = render(resolved, options: single)
        let screens = rendered.sections.first?.screens ?? 1
        let page = scratch + "/\(locale)-\(theme).html"
        do { try FileSystem.writeAtomically(Array(rendered.html.utf8), to: page) } catch {
            log.record(.notChecked(path: source.path, reason: error.message))
            return nil
        }
        return (page, directory + "/\(locale)-\(theme).png", min(max(screens, 1), 4) * (width + 16) + 32)
    }
}

/// `preview --check --png` in one browser process (docs/commands.md "preview"): the measuring page
/// and then every locale × theme loaded into one page over the DevTools pipe, each screenshot
/// written as it comes. Each step (starting and measuring, each screenshot) may take `--timeout`
/// seconds; a browser that does not answer its first command within that (at most 10 s) is
/// taken for one that does not speak the protocol, and the caller falls back to one run per
/// screenshot.
struct OneBrowserRun {
    let browser: String
    let pipe: any BrowserPipe
    let check: RenderPreview.Check
    let source: SourceFile
    let scratch: String
    let directory: String

    enum Outcome {
        /// The page measured and every screenshot saved.
        case measured([Diagnostic])
        /// Why is recorded: the browser could not say, or a screenshot was not saved.
        case failed
        /// The browser did not answer its first command: nothing recorded, the caller runs it
        /// the old way.
        case unsupported
    }

    func run(_ page: PreviewPage, measuring: String, resolved: ResolvedConfig, options: PreviewOptions, log: inout RunLog) -> Outcome {
        var tools = DevTools(pipe)
        defer { tools.close() }
        do { try tools.attachToPage(until: ProcessRunner.monotonicSeconds() + min(check.timeout, 10)) } catch {
            return .unsupported  // it does not speak the protocol (or not in time): one run per screenshot
        }
        let dom: String
        do {
            let deadline = ProcessRunner.monotonicSeconds() + check.timeout
            try tools.load("file://" + measuring, width: Preview.measuringWidth, height: Preview.measuringHeight, until: deadline)
            dom = try tools.document(until: deadline)
        } catch {
            log.record(.notChecked(path: source.path, reason: "the browser '\(browser)' \(explain(error)); nothing was checked"))
            return .failed
        }
        guard dom.contains("data-overflow=") else {
            log.record(.notChecked(path: source.path, reason: "the browser '\(browser)' did not run the page's measuring script; nothing was checked"))
            return .failed
        }
        let findings = Preview.findings(measured: dom, page: page, source: source, localizationKey: resolved.config.localization?.keyRange)
        do { try FileSystem.makeDirectories(directory) } catch {
            log.record(.writeFailed(path: directory, message: error.message))
            return .failed
        }
        let locales = Preview.locales(resolved, options: options)
        var done = 0
        for locale in locales {
            for theme in options.themes {
                done += 1
                check.progress?("screenshot \(done) of \(locales.count * options.themes.count): \(locale), \(theme)")
                guard shoot(resolved, options: options, locale: locale, theme: theme, tools: &tools, log: &log) else { return .failed }
            }
        }
        return .measured(findings)
    }

    /// One screenshot saved (written whole or not at all); `false` with why recorded.
    private func shoot(_ resolved: ResolvedConfig, options: PreviewOptions, locale: String, theme: String, tools: inout DevTools,
                       log: inout RunLog) -> Bool {
        guard let (page, png, width) = Preview.writeScreenshotPage(resolved, options: options, locale: locale, theme: theme, scratch: scratch,
                                                                   directory: directory, source: source, log: &log) else { return false }
        let image: [UInt8]
        do {
            let deadline = ProcessRunner.monotonicSeconds() + check.timeout
            try tools.load("file://" + page, width: width, height: Preview.screenshotHeight, until: deadline)
            image = try tools.screenshot(until: deadline)
        } catch {
            let why = error == .timedOut ? " in time" : error == .closed ? " (it exited)" : " (\(explain(error)))"
            log.record(.writeFailed(path: png, message: "the browser '\(browser)' did not save \(png)\(why)"))
            return false
        }
        do { try FileSystem.writeAtomically(image, to: png) } catch {
            log.record(.writeFailed(path: png, message: error.message))
            return false
        }
        return true
    }

    private func explain(_ failure: DevTools.Failure) -> String {
        switch failure {
        case .closed: return "exited during the run"
        case .timedOut: return "did not finish within \(Int(check.timeout)) s (--timeout)"
        case .refused(let message): return "failed (\(message))"
        }
    }
}
