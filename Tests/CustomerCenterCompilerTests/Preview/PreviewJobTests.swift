import Foundation
import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// The `preview` job with a stand-in browser: the config's errors and the measured findings are
/// one report (its counts are what the verdict judges), an SDK response is a usage error, a
/// browser that cannot say is exit 3, and the scratch folder and screenshots are handled here.
@Suite struct PreviewJobTests {
    /// A browser that answers at once: `dom` for `--dump-dom`, an empty file for `--screenshot=`.
    final class FakeBrowser: BrowserRunner, @unchecked Sendable {
        let name = "fake-browser"
        let dom: String
        let status: Int32?
        private let lock = NSLock()
        private var seen: [[String]] = []
        var calls: [[String]] { lock.withLock { seen } }

        init(dom: String = #"<html><body data-overflow="[[&quot;t1&quot;,426,286,0]]"></body></html>"#, status: Int32? = 0) {
            self.dom = dom
            self.status = status
        }

        func run(_ arguments: [String], timeout: Double) -> (status: Int32?, output: [UInt8])? {
            lock.withLock { seen.append(arguments) }
            if let png = arguments.first(where: { $0.hasPrefix("--screenshot=") }) {
                _ = FileManager.default.createFile(atPath: String(png.dropFirst("--screenshot=".count)), contents: Data())
            }
            return (status, Array(dom.utf8))
        }
    }

    static let longTitle = TestPaths.examples.appendingPathComponent("long_title.json").path

    /// long_title.json with one error: a title key that names no string.
    static func broken() throws -> String {
        let directory = try Scratch.directory("cc-preview-job")
        let path = directory.appendingPathComponent("customer_center.json").path
        let text = try String(contentsOfFile: longTitle, encoding: .utf8)
            .replacingOccurrences(of: "\"title_key\": \"path_cancel\"", with: "\"title_key\": \"path_cancl\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func options() -> PreviewOptions { PreviewOptions(locales: ["de"], themes: ["light"]) }

    @Test func theConfigsErrorsAndTheMeasuredFindingsAreOneReport() throws {
        let path = try Self.broken()
        let result = Workspace().run(RenderPreview(path, options: Self.options(), check: .init(browser: FakeBrowser())))
        #expect(result.output)
        let counts = result.report.summary
        #expect(counts.errors == 1 && counts.warnings == 1, "the unresolved key and the cut-off title")
        #expect(result.report.allDiagnostics.map(\.id.rawValue).sorted() == ["preview.truncated", "ref.unresolved-string"])
        #expect(result.verdict == .failed(reason: nil))
        #expect(result.events == [.previewedWithErrors(path: path, errors: 1)])
        let json = ReportRenderer.render(result.report, format: .json)
        #expect(json.contains("\"errors\": 1") && json.contains("\"kind\": \"previewed-with-errors\""))
        #expect(result.documents.isEmpty, "--check without -o prints no page")
    }

    @Test func anSDKResponseIsAUsageErrorThatSaysSo() {
        let response = TestPaths.examples.appendingPathComponent("response.json").path
        let result = Workspace().run(RenderPreview(response, options: Self.options(), check: .init(browser: FakeBrowser())))
        guard case .refused(let message, let help) = result.verdict else {
            Issue.record("not refused: \(result.verdict)")
            return
        }
        #expect(message.contains("is an SDK response"))
        #expect(help?.contains("customer-center lint") == true)
        #expect(result.documents.isEmpty && !result.output)
    }

    @Test func aBrowserThatCannotSayIsExitThreeAndItsScratchFolderIsRemoved() throws {
        for browser in [FakeBrowser(status: nil), FakeBrowser(status: 1), FakeBrowser(dom: "<body>")] {
            let result = Workspace().run(RenderPreview(Self.longTitle, options: Self.options(), check: .init(browser: browser, timeout: 5)))
            #expect(result.verdict == .unreadable && !result.output)
            #expect(result.events.map(\.kind) == ["not-checked"])
            let page = try #require(browser.calls.first?.last)
            #expect(page.hasPrefix("file://") && !FileManager.default.fileExists(atPath: String(page.dropFirst("file://".count))))
        }
        let none = Workspace().run(RenderPreview(Self.longTitle, options: Self.options(), check: .init(browser: nil)))
        #expect(none.verdict == .unreadable)
        #expect(none.events.first?.message.contains("needs a headless Chromium") == true)
    }

    @Test func screenshotsOnePerLocaleAndTheme() throws {
        let directory = try Scratch.directory("cc-preview-png").appendingPathComponent("shots").path
        let browser = FakeBrowser()
        var options = Self.options()
        options.themes = ["light", "dark"]
        let result = Workspace().run(RenderPreview(Self.longTitle, options: options, check: .init(browser: browser, screenshots: directory)))
        #expect(result.verdict == .passed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["de-dark.png", "de-light.png"])
        #expect(browser.calls.count == 3)
    }

    @Test func thePageGoesToItsFileNeverOntoAnInput() throws {
        let directory = try Scratch.directory("cc-preview-page")
        let page = directory.appendingPathComponent("page.html").path
        let written = Workspace().run(RenderPreview(Self.longTitle, options: Self.options(), output: page))
        #expect(written.verdict == .passed && written.documents.isEmpty)
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let refused = Workspace().run(RenderPreview(Self.longTitle, options: Self.options(), output: Self.longTitle))
        guard case .refused = refused.verdict else {
            Issue.record("an output that is the input was not refused")
            return
        }
    }

    /// `preview --check --png` says what the browser is about to do: one measuring run for
    /// every locale × theme, then each screenshot, numbered.
    @Test func progressNamesEveryStep() throws {
        let directory = try Scratch.directory("cc-preview-progress")
        let steps = LockedValue<[String]>([])
        let check = RenderPreview.Check(browser: FakeBrowser(dom: #"<html><body data-overflow="[]"></body></html>"#),
                                        screenshots: directory.appendingPathComponent("png").path,
                                        progress: { step in steps.withLock { $0.append(step) } })
        let options = PreviewOptions(locales: ["de", "fr"], themes: ["light", "dark"])
        let result = Workspace().run(RenderPreview(Self.longTitle, options: options, check: check))
        #expect(result.output)
        #expect(steps.withLock { $0 } == [
            "measuring 4 locales × themes in one browser run",
            "screenshot 1 of 4: de, light", "screenshot 2 of 4: de, dark",
            "screenshot 3 of 4: fr, light", "screenshot 4 of 4: fr, dark",
        ])
    }
}
