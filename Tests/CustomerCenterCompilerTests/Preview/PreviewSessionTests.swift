import Foundation
import ProcessSupport
import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// `preview --check --png` in one browser process over its DevTools pipe, with a stand-in that
/// answers the protocol in process: every screenshot from one session, the failures of a browser
/// that exits or hangs mid-run (a clear record, no half-written PNG), and the fallback to one run
/// per screenshot for a browser that does not speak the protocol.
@Suite struct PreviewSessionTests {
    /// How the stand-in misbehaves.
    enum Fault: Equatable {
        case none
        /// Closes the pipe at once: not a browser that speaks the protocol.
        case silent
        /// Exits (closes the pipe) when asked for the document of the measuring page.
        case exitWhileMeasuring
        /// Exits when asked for screenshot `n` (from 1).
        case exitAtScreenshot(Int)
        /// Stops answering at screenshot `n`.
        case hangAtScreenshot(Int)
    }

    /// A browser whose sessions are ``FakePipe``s; `run` (the fallback) answers as the
    /// one-process-per-screenshot stand-in of PreviewJobTests does.
    final class PipeBrowser: BrowserRunner, @unchecked Sendable {
        let name = "pipe-browser"
        let fault: Fault
        let fallback = PreviewJobTests.FakeBrowser()
        private let lock = NSLock()
        private var started: [FakePipe] = []
        var sessions: [FakePipe] { lock.withLock { started } }

        init(_ fault: Fault = .none) { self.fault = fault }

        func run(_ arguments: [String], timeout: Double) -> (status: Int32?, output: [UInt8])? { fallback.run(arguments, timeout: timeout) }

        func session(_ arguments: [String]) -> (any BrowserPipe)? {
            let pipe = FakePipe(fault: fault, arguments: arguments)
            lock.withLock { started.append(pipe) }
            return pipe
        }
    }

    /// Answers each command as Chromium does (the events a session needs included).
    final class FakePipe: BrowserPipe, @unchecked Sendable {
        let fault: Fault
        let arguments: [String]
        private(set) var methods: [String] = []
        private(set) var urls: [String] = []
        private(set) var images: [[UInt8]] = []
        private(set) var finished = false
        /// How long ``finish(grace:)`` would have waited for the browser to exit.
        private(set) var grace: Double?
        private var queue: [[UInt8]] = []
        private var end: PipedChild.Received?

        init(fault: Fault, arguments: [String]) {
            self.fault = fault
            self.arguments = arguments
            if fault == .silent { end = .closed }
        }

        func send(_ message: [UInt8], until deadline: Double) -> Bool {
            guard end == nil, let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
                  let id = object["id"] as? Int, let method = object["method"] as? String else { return false }
            methods.append(method)
            let parameters = object["params"] as? [String: Any] ?? [:]
            var result: [String: Any] = [:]
            switch method {
            case "Target.getTargets": result = ["targetInfos": [["targetId": "T1", "type": "page", "url": "about:blank"]]]
            case "Target.attachToTarget": result = ["sessionId": "S1"]
            case "Page.navigate":
                urls.append(parameters["url"] as? String ?? "")
                reply(["method": "Page.frameStartedLoading", "sessionId": "S1", "params": [:]])
                reply(["method": "Page.loadEventFired", "sessionId": "S1", "params": ["timestamp": 1]])
            case "Runtime.evaluate":
                if fault == .exitWhileMeasuring { end = .closed }
                result = ["result": ["type": "string", "value": #"<html><body data-overflow="[[&quot;t1&quot;,426,286,0]]"></body></html>"#]]
            case "Page.captureScreenshot":
                let image = DevTools.pngSignature + Array("screenshot \(images.count + 1)".utf8)
                images.append(image)
                if fault == .exitAtScreenshot(images.count) { end = .closed }
                if fault == .hangAtScreenshot(images.count) { end = .timedOut }
                result = ["data": Data(image).base64EncodedString()]
            default: break
            }
            if end == nil { reply(["id": id, "result": result]) }
            return true
        }

        func receive(until deadline: Double) -> PipedChild.Received {
            if !queue.isEmpty { return .message(queue.removeFirst()) }
            return end ?? .timedOut
        }

        func finish(grace: Double) {
            finished = true
            self.grace = grace
        }

        private func reply(_ object: [String: Any]) {
            // swiftlint:disable:next force_try
            queue.append(Array(try! JSONSerialization.data(withJSONObject: object)))
        }
    }

    static let longTitle = PreviewJobTests.longTitle

    /// One locale in both themes, screenshots into a new folder.
    static func check(_ browser: PipeBrowser) throws -> (result: RunResult<Bool>, directory: String) {
        let directory = try Scratch.directory("cc-preview-session").appendingPathComponent("png").path
        let options = PreviewOptions(locales: ["de"], themes: ["light", "dark"])
        let result = Workspace().run(RenderPreview(Self.longTitle, options: options, check: .init(browser: browser, screenshots: directory, timeout: 5)))
        return (result, directory)
    }

    /// Every page it was sent is gone (the scratch folder is removed).
    static func expectScratchRemoved(_ pipe: FakePipe) {
        #expect(!pipe.urls.isEmpty)
        for url in pipe.urls { #expect(!FileManager.default.fileExists(atPath: String(url.dropFirst("file://".count))), "\(url)") }
    }

    @Test func oneSessionMeasuresAndTakesEveryScreenshot() throws {
        let browser = PipeBrowser()
        let (result, directory) = try Self.check(browser)
        #expect(result.output && result.verdict == .passed)
        #expect(result.report.allDiagnostics.map(\.id.rawValue) == ["preview.truncated"], "the measured page's finding")
        #expect(browser.fallback.calls.isEmpty, "no browser run of its own")
        let pipe = try #require(browser.sessions.first)
        #expect(browser.sessions.count == 1 && pipe.arguments.contains("--remote-debugging-pipe"))
        #expect(pipe.methods.filter { $0 == "Page.captureScreenshot" }.count == 2)
        #expect(pipe.methods.last == "Browser.close" && pipe.finished && (pipe.grace ?? 0) > 0, "asked to close, given a moment")
        // Each PNG is what the browser sent (base64 decoded), under the name the old path used.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["de-dark.png", "de-light.png"])
        #expect(FileManager.default.contents(atPath: directory + "/de-light.png").map(Array.init) == pipe.images.first)
        #expect(FileManager.default.contents(atPath: directory + "/de-dark.png").map(Array.init) == pipe.images.last)
        Self.expectScratchRemoved(pipe)
    }

    @Test func aBrowserThatExitsOrHangsMidRunIsAClearRecordAndNoHalfScreenshot() throws {
        for (fault, why) in [(Fault.exitAtScreenshot(2), "(it exited)"), (.hangAtScreenshot(2), "in time")] {
            let browser = PipeBrowser(fault)
            let (result, directory) = try Self.check(browser)
            #expect(!result.output && result.verdict == .unreadable, "\(fault)")
            let png = directory + "/de-dark.png"
            #expect(result.events == [.writeFailed(path: png, message: "the browser 'pipe-browser' did not save \(png) \(why)")])
            // The first screenshot is whole; the second was never written, not even in part.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["de-light.png"], "\(fault)")
            let pipe = try #require(browser.sessions.first)
            #expect(pipe.finished && pipe.grace == 0 && browser.fallback.calls.isEmpty, "stopped at once, and not run again the old way")
            Self.expectScratchRemoved(pipe)
        }
    }

    @Test func aBrowserThatExitsWhileMeasuringChecksNothing() throws {
        let browser = PipeBrowser(.exitWhileMeasuring)
        let (result, directory) = try Self.check(browser)
        #expect(!result.output && result.verdict == .unreadable)
        #expect(result.events == [.notChecked(path: Self.longTitle, reason: "the browser 'pipe-browser' exited during the run; nothing was checked")])
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func aBrowserWithoutThePipeGetsOneRunPerScreenshot() throws {
        let browser = PipeBrowser(.silent)
        let (result, directory) = try Self.check(browser)
        #expect(result.output && result.verdict == .passed)
        #expect(browser.sessions.count == 1 && browser.sessions[0].finished)
        #expect(browser.fallback.calls.count == 3, "one run to measure, one per screenshot")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["de-dark.png", "de-light.png"])
    }

    @Test func base64DecodesWhatFoundationEncodes() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        for count in [0, 1, 2, 3, 299, 300] {
            #expect(DevTools.base64(Data(bytes.prefix(count)).base64EncodedString()) == Array(bytes.prefix(count)), "\(count)")
        }
        #expect(DevTools.base64("ab$c") == nil)
    }
}
