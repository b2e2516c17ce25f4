import CustomerCenterCompiler
import PlatformLayer
import ProcessSupport

/// The browser `preview --check` runs in: found on PATH (or as an application on macOS), run as a
/// process with a time limit, its progress on standard error.
extension PreviewCommand {
    static let browsers = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The browser as a process with a time limit.
    struct ProcessBrowser: BrowserRunner {
        let name: String
        func run(_ arguments: [String], timeout: Double) -> (status: Int32?, output: [UInt8])? {
            ProcessRunner.run(name, arguments, timeout: timeout).map { ($0.status, $0.output) }
        }
        /// One process over its DevTools pipe, unless CUSTOMER_CENTER_BROWSER_PIPE=0 asks for one
        /// run per screenshot (docs/commands.md "preview").
        func session(_ arguments: [String]) -> (any BrowserPipe)? {
            if Terminal.environment("CUSTOMER_CENTER_BROWSER_PIPE") == "0" { return nil }
            return PipedChild.start(name, arguments)
        }
    }

    /// Progress on stderr, once the run has taken longer than `seconds` (a quick check stays quiet).
    static func progress(after seconds: Double) -> @Sendable (String) -> Void {
        let started = ProcessRunner.monotonicSeconds()
        return { step in
            if ProcessRunner.monotonicSeconds() - started >= seconds { Terminal.err("customer-center preview: \(step)\n") }
        }
    }

    /// `--browser`, else the first browser found: PATH first, then Chrome.app or Chromium.app on
    /// macOS (never on PATH there).
    static func browser(_ named: String?) -> ProcessBrowser? {
        (named ?? ProcessRunner.find(browsers) ?? ProcessRunner.firstExecutable(OS.applicationBrowsers())).map(ProcessBrowser.init(name:))
    }
}
