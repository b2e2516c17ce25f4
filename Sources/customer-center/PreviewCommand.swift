import CustomerCenterCompiler

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
        OptionSpec(name: "--browser", valueName: "PATH", summary: "The browser to render with (default: chromium-headless-shell or chromium on PATH; on macOS also Google Chrome.app or Chromium.app)."),
        OptionSpec(name: "--timeout", valueName: "SECONDS", summary: "Give up on the browser after this long (default: 60)."),
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "Format of --check's findings (default: human)."),
        OptionSpec(name: "--strict", valueName: nil, summary: "With --check: exit 1 when anything is cut off."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never."),
        ReportingOptions.configFile,
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first, path != "-" else {
            throw UsageError(message: "'preview' takes exactly one FILE")
        }
        let (format, renderOptions) = try ReportingOptions.rendering(arguments, stream: arguments.has("--check") ? 1 : 2)
        let themes = ["both": ["light", "dark"], "light": ["light"], "dark": ["dark"]]
        guard let theme = themes[arguments.value("--theme") ?? "both"] else {
            throw UsageError(message: "invalid value '\(arguments.value("--theme") ?? "")' for '--theme'; expected light, dark or both")
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
        var settings = RunSettings()
        settings.configurationPath = arguments.value("--config")
        settings.strict = arguments.has("--strict")
        let browser = Self.browser(arguments.value("--browser"))
        let check = arguments.has("--check")
            ? RenderPreview.Check(browser: browser, screenshots: arguments.value("--png"), timeout: timeout, progress: progress(after: 1)) : nil
        let options = PreviewOptions(locales: locales, themes: theme, platform: platform, pseudo: arguments.has("--pseudo"))
        let result = Workspace(settings: settings).run(RenderPreview(path, options: options, output: arguments.value("--output"), check: check))
        // --check's findings go to stdout in its format; otherwise the config's errors, if any, to stderr.
        let checked = result.output
        return RunOutput.finish(result, format: checked ? format : .human, options: renderOptions, stream: checked ? 1 : 2,
                                renderReport: checked || result.report.counts.total > 0)
    }
}
