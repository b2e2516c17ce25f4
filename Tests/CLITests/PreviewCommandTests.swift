import CustomerCenterCompiler
import Foundation
import ProcessSupport
import Testing
import TestSupport

/// `preview` through the binary: the page, the browser's failures, and the check end to end with
/// a stand-in browser (and with the real headless Chromium when one is installed).
@Suite struct PreviewCommandTests {
    static let longTitle = CLI.packageRoot.appendingPathComponent("Examples/long_title.json").path

    /// A stand-in browser: a shell script in a temporary directory.
    static func fakeBrowser(_ body: String) throws -> URL {
        let directory = try Scratch.directory("cc-browser")
        let script = directory.appendingPathComponent("chromium")
        try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func writesTheWholePageAndRefusesToOverwriteTheInput() throws {
        let directory = try Scratch.directory("cc-preview")
        let page = directory.appendingPathComponent("page.html")
        let result = try CLI.run(["preview", "--locale", "de,ar", "-o", page.path, Self.longTitle])
        #expect(result.status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("id=\"ar-dark\"") && html.contains("Verwaltung Ihrer Abonnements"))
        let refused = try CLI.run(["preview", "-o", Self.longTitle, Self.longTitle])
        #expect(refused.status == 2)
        #expect(try String(contentsOfFile: Self.longTitle, encoding: .utf8).contains("\"de\": \"Verwaltung"))
    }

    @Test func noBrowserIsOneClearErrorExitThree() throws {
        let result = try CLI.run(["preview", "--check", Self.longTitle], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("--check needs a headless Chromium on PATH") && result.stderr.contains("apt-get install chromium-headless-shell"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aHangingBrowserIsStoppedAtTheTimeLimit() throws {
        let browser = try Self.fakeBrowser("sleep 60")
        let start = Date()
        let result = try CLI.run(["preview", "--check", "--browser", browser.path, "--timeout", "1", Self.longTitle])
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not finish within 1 s"))
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aBrokenBrowserIsReportedNotTrusted() throws {
        for body in ["exit 1", "echo '<html><body>no measurements</body></html>'"] {
            let result = try CLI.run(["preview", "--check", "--browser", try Self.fakeBrowser(body).path, Self.longTitle])
            #expect(result.status == 3, "\(body)")
            #expect(result.stderr.contains("nothing was checked"), "\(body)")
        }
    }

    @Test func theCheckReportsTheMeasuredOverflowAtItsLine() throws {
        // t1 is the first text box of the page: the MANAGEMENT title of the first locale and theme.
        let browser = try Self.fakeBrowser(#"echo '<html><body data-overflow="[[&quot;t1&quot;,426,286,0]]"></body></html>'"#)
        let result = try CLI.run(["preview", "--check", "--format", "compact", "--locale", "de", "--theme", "light",
                                  "--browser", browser.path, Self.longTitle])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(Self.longTitle):38:15: warning: 'Verwaltung Ihrer Abonnements und Kündig…' is cut off"))
        #expect(result.stdout.hasSuffix("[preview.truncated]\n"))
        let strict = try CLI.run(["preview", "--check", "--strict", "--format", "json", "--locale", "de", "--theme", "light",
                                  "--browser", browser.path, Self.longTitle])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("\"id\": \"preview.truncated\""))
    }

    @Test func aConfigWithErrorsIsPreviewedAsFarAsItCanBe() throws {
        let directory = try Scratch.directory("cc-preview")
        let config = directory.appendingPathComponent("customer_center.json")
        let text = try String(contentsOfFile: Self.longTitle, encoding: .utf8).replacingOccurrences(of: "\"title_key\": \"path_cancel\"", with: "\"title_key\": \"path_cancl\"")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(["preview", "--locale", "en", config.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ref.unresolved-string") && result.stderr.contains("the preview shows what can be shown"))
        #expect(result.stdout.contains(">path_cancl<"), "the missing text shows its key")
        let browser = try Self.fakeBrowser(#"echo '<html><body data-overflow="[]"></body></html>'"#)
        let checked = try CLI.run(["preview", "--check", "--browser", browser.path, config.path])
        #expect(checked.status == 1, "errors fail the check too")
        let notAConfig = directory.appendingPathComponent("customer-center-broken.json")
        try "{\"screens\": [".write(to: notAConfig, atomically: true, encoding: .utf8)
        let broken = try CLI.run(["preview", notAConfig.path])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("nothing to preview") || broken.stderr.contains("json.syntax"))
    }

    /// `preview --check` of a config with errors: one report, whose summary counts what the exit code counts.
    @Test func theCheckCountsTheConfigsErrors() throws {
        let directory = try Scratch.directory("cc-preview")
        let config = directory.appendingPathComponent("customer_center.json")
        let text = try String(contentsOfFile: Self.longTitle, encoding: .utf8).replacingOccurrences(of: "\"title_key\": \"path_cancel\"", with: "\"title_key\": \"path_cancl\"")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let browser = try Self.fakeBrowser(#"echo '<html><body data-overflow="[]"></body></html>'"#)
        let human = try CLI.run(["preview", "--check", "--browser", browser.path, config.path])
        #expect(human.status == 1)
        #expect(human.stdout.contains("ref.unresolved-string") && human.stdout.contains("1 error") && !human.stdout.contains("no problems found"))
        let json = try CLI.run(["preview", "--check", "--format", "json", "--browser", browser.path, config.path])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"errors\": 1") && json.stdout.contains("\"kind\": \"previewed-with-errors\""))
        // An SDK response is a usage error that says so.
        let response = CLI.packageRoot.appendingPathComponent("Examples/response.json").path
        let refused = try CLI.run(["preview", "--check", "--browser", browser.path, response])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is an SDK response") && refused.stdout.isEmpty)
    }

    @Test(.needs(.chromium)) func theRealBrowserFindsTheLongGermanTitle() throws {
        let result = try CLI.run(["preview", "--check", "--format", "compact", Self.longTitle])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix("\(Self.longTitle):38:15: warning:"))
    }

    /// `--png` with the real browser: every screenshot a whole PNG as wide as its page, all from
    /// one browser process (a wrapper counts the starts); CUSTOMER_CENTER_BROWSER_PIPE=0 gets the
    /// same PNGs from one process per screenshot.
    @Test(.needs(.chromium)) func theRealBrowserTakesEveryScreenshotInOneProcess() throws {
        let real = try #require(["chromium-headless-shell", "chromium"].lazy.compactMap({ ProcessRunner.find([$0]) }).first)
        let directory = try Scratch.directory("cc-preview-one-browser")
        let starts = directory.appendingPathComponent("starts")
        let browser = try Self.fakeBrowser("echo started >> '\(starts.path)'\nexec '\(real)' \"$@\"")
        var images: [String: [[UInt8]]] = [:]
        for (label, environment) in [("pipe", [String: String]()), ("per screenshot", ["CUSTOMER_CENTER_BROWSER_PIPE": "0"])] {
            try? FileManager.default.removeItem(at: starts)
            let png = directory.appendingPathComponent(label)
            let result = try CLI.run(["preview", "--check", "--format", "compact", "--locale", "de,fr", "--png", png.path,
                                      "--browser", browser.path, Self.longTitle], environment: environment)
            #expect(result.status == 0, "\(label): \(result.stderr)")
            #expect(result.stdout.hasPrefix("\(Self.longTitle):38:15: warning:"), "\(label): measured as without --png")
            let names = try FileManager.default.contentsOfDirectory(atPath: png.path).sorted()
            #expect(names == ["de-dark.png", "de-light.png", "fr-dark.png", "fr-light.png"], "\(label)")
            images[label] = try names.map { name in
                let bytes = try [UInt8](Data(contentsOf: png.appendingPathComponent(name)))
                #expect(bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10] + [0, 0, 0, 13] + Array("IHDR".utf8)), "\(label) \(name): not a PNG")
                // IHDR's width and height (big-endian): as wide as the page's screens (four here), 620 high.
                let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
                #expect(bytes.count > 24 && number(16) == 4 * (Preview.width + 16) + 32 && number(20) == 620, "\(label) \(name)")
                return bytes
            }
            let count = (try? String(contentsOf: starts, encoding: .utf8))?.split(separator: "\n").count ?? 0
            #expect(count == (label == "pipe" ? 1 : 5), "\(label): the browser was started \(count) times")
        }
        #expect(images["pipe"] == images["per screenshot"], "the same screenshots either way")
    }

    /// A check that takes longer than a moment (a second) says where it is on stderr.
    @Test func aSlowCheckShowsProgress() throws {
        let directory = try Scratch.directory("cc-preview-progress")
        let script = #"for a in "$@"; do case "$a" in --screenshot=*) : > "${a#--screenshot=}";; esac; done; "#
        let answer = #"echo '<html><body data-overflow="[]"></body></html>'"#
        let slow = try Self.fakeBrowser(script + "sleep 1.2; " + answer)
        let result = try CLI.run(["preview", "--check", "--locale", "de", "--png", directory.appendingPathComponent("png").path,
                                  "--browser", slow.path, Self.longTitle])
        #expect(result.stderr.contains("customer-center preview: screenshot 2 of 2: de, dark\n"), "\(result.stderr)")
    }
}
