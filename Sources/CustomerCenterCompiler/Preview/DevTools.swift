import JSONSyntax
import ProcessSupport

/// The two ends of a browser's DevTools pipe (`--remote-debugging-pipe`): messages of JSON text
/// out and in, each without its NUL. The command line's is a ``PipedChild``; a test's can answer
/// in process.
package protocol BrowserPipe: AnyObject {
    /// Sends one message; `false` when the browser stopped reading.
    func send(_ message: [UInt8], until deadline: Double) -> Bool
    /// The browser's next message (a reply or an event), or why there is none.
    func receive(until deadline: Double) -> PipedChild.Received
    /// Gives the browser `grace` seconds to exit, then stops it.
    func finish(grace: Double)
}

extension PipedChild: BrowserPipe {}

/// A client of the Chrome DevTools Protocol over a ``BrowserPipe``: one command at a time, its
/// reply awaited (and an event, when asked), the events in between skipped.
struct DevTools {
    /// Why a command got no result.
    enum Failure: Error, Equatable {
        /// The browser closed the pipe or exited.
        case closed
        /// The deadline passed first.
        case timedOut
        /// The browser answered with an error (its message).
        case refused(String)
    }

    let pipe: any BrowserPipe
    /// The page's session (`Target.attachToTarget` with `flatten`), sent with every later command.
    var session: String?
    private var lastID = 0
    /// A command found the browser gone or hung: ``close()`` does not wait for it.
    private var broken = false

    init(_ pipe: any BrowserPipe) { self.pipe = pipe }

    /// Sends `method` with `parameters` (a JSON object's text) and returns the reply's result;
    /// with `event`, waits for that event of the session too (it may come before the reply).
    mutating func call(_ method: String, _ parameters: String = "{}", until deadline: Double, awaiting event: String? = nil) throws(Failure) -> JSONValue {
        lastID += 1
        var text = "{\"id\":\(lastID),\"method\":\(JSONWriter.quoted(method)),\"params\":\(parameters)"
        if let session { text += ",\"sessionId\":" + JSONWriter.quoted(session) }
        text += "}"
        guard pipe.send(Array(text.utf8), until: deadline) else {
            broken = true
            throw ProcessRunner.monotonicSeconds() >= deadline ? .timedOut : .closed
        }
        var result: JSONValue?
        var seen = event == nil
        while result == nil || !seen {
            let received = pipe.receive(until: deadline)
            switch received {
            case .closed, .timedOut:
                broken = true
                throw received == .closed ? .closed : .timedOut
            case .message(let bytes):
                guard let message = JSONParser.parse(bytes).root else { continue }
                if case .number(let id) = message.member("id")?.value.kind, id.int64Value == Int64(lastID) {
                    if let error = message.member("error")?.value {
                        throw .refused(error.member("message")?.value.stringValue ?? "error")
                    }
                    result = message.member("result")?.value ?? JSONValue(.object([]), range: .at(0))
                } else if let event, message.member("method")?.value.stringValue == event,
                          message.member("sessionId")?.value.stringValue == session {
                    seen = true
                }
            }
        }
        return result ?? JSONValue(.null, range: .at(0))
    }

    /// Attaches to the browser's page (a new one when it shows none) and enables its events.
    mutating func attachToPage(until deadline: Double) throws(Failure) {
        let targets = try call("Target.getTargets", until: deadline).member("targetInfos")?.value.arrayElements ?? []
        var target = targets.first { $0.member("type")?.value.stringValue == "page" }?.member("targetId")?.value.stringValue
        if target == nil {
            target = try call("Target.createTarget", #"{"url":"about:blank"}"#, until: deadline).member("targetId")?.value.stringValue
        }
        guard let target else { throw .refused("no page to render in") }
        let attached = try call("Target.attachToTarget", "{\"targetId\":\(JSONWriter.quoted(target)),\"flatten\":true}", until: deadline)
        guard let session = attached.member("sessionId")?.value.stringValue else { throw .refused("no session for the page") }
        self.session = session
        _ = try call("Page.enable", until: deadline)
    }

    /// Loads `url` into the page `width` × `height` CSS pixels wide and waits for its load event.
    mutating func load(_ url: String, width: Int, height: Int, until deadline: Double) throws(Failure) {
        _ = try call("Emulation.setDeviceMetricsOverride", "{\"width\":\(width),\"height\":\(height),\"deviceScaleFactor\":1,\"mobile\":false}",
                     until: deadline)
        let navigated = try call("Page.navigate", "{\"url\":\(JSONWriter.quoted(url))}", until: deadline, awaiting: "Page.loadEventFired")
        if let error = navigated.member("errorText")?.value.stringValue { throw .refused("cannot load \(url): \(error)") }
    }

    /// The page's document as HTML text (what `--dump-dom` prints).
    mutating func document(until deadline: Double) throws(Failure) -> String {
        let evaluated = try call("Runtime.evaluate", #"{"expression":"document.documentElement.outerHTML","returnByValue":true}"#, until: deadline)
        guard let html = evaluated.member("result")?.value.member("value")?.value.stringValue else { throw .refused("no document") }
        return html
    }

    /// A PNG of the page's viewport.
    mutating func screenshot(until deadline: Double) throws(Failure) -> [UInt8] {
        let captured = try call("Page.captureScreenshot", #"{"format":"png"}"#, until: deadline)
        guard let data = captured.member("data")?.value.stringValue, let png = Self.base64(data), png.starts(with: Self.pngSignature) else {
            throw .refused("no PNG in its answer")
        }
        return png
    }

    /// Asks the browser to exit and gives it a moment to do so (it removes its profile folder);
    /// one that is gone or hung is stopped at once.
    mutating func close() {
        session = nil
        lastID += 1
        if !broken {
            _ = pipe.send(Array("{\"id\":\(lastID),\"method\":\"Browser.close\",\"params\":{}}".utf8), until: ProcessRunner.monotonicSeconds() + 1)
        }
        pipe.finish(grace: broken ? 0 : 2)
    }

    static let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Standard base64 (RFC 4648, with or without padding) decoded; `nil` for any other character.
    static func base64(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
    }
}
