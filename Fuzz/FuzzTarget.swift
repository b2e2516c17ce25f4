import CustomerCenterCompiler
import CustomerCenterLanguageServer
import JSONSyntax

// libFuzzer entry point: every input goes through the whole pipeline: read, decode, resolve,
// every rule (both formats and every platform set), compile, format, every renderer, diff.
// Anything that traps, hangs or grows without bound is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let source = SourceFile(path: "fuzz.json", bytes: bytes)
    var reports: [FileReport] = []
    // Detected format with inferred platforms, then each format forced with both SDKs.
    for (format, platforms) in [(InputFormat?.none, Set<Platform>?.none), (.authoring, [.ios, .android]), (.response, [.ios, .android])] {
        let analysis = Linter.analyze(source, options: LintOptions(inputFormat: format, platforms: platforms))
        reports.append(analysis.report)
        if let config = analysis.config {
            _ = ConfigDiff.changes(from: config, to: config)
        }
    }
    let report = LintReport(files: [reports[0]])
    for format in ReportFormat.allCases {
        _ = ReportRenderer.render(report, format: format, options: RenderOptions(color: true))
    }
    _ = Baseline.write(reports)
    if let formatted = Formatter.format(source).formatted {
        // Formatting is idempotent on anything it accepts.
        if Formatter.format(SourceFile(path: "f", text: formatted)).formatted != formatted { fatalError("format is not idempotent") }
    }
    // The tape read in place and the tree built from it write the same text, whatever the bytes.
    if let root = JSONParser.parseTape(bytes).root, JSONWriter().write(root) != JSONWriter().write(root.value) {
        fatalError("the tape and its tree disagree")
    }
    _ = Workspace().run(Compile(source, options: CompileOptions(customer: Customer(firstSeen: 86_400))))
    // Every fix, safe and unsafe: the fixer must end and never trap, whatever the bytes.
    let policy = Policy(settings: RunSettings(), configuration: nil)
    let fixed = Fixer.fix(source) { policy.fixes($0, unsafe: true) }
    _ = Fixer.fix(source) { policy.fixes($0, unsafe: false) }
    _ = UnifiedDiff.make(old: String(decoding: bytes, as: UTF8.self), new: String(decoding: fixed.source.bytes, as: UTF8.self), oldName: "a", newName: "b")
    _ = LinterConfiguration(source: source)
    _ = Baseline(source: source)
    // The preview of whatever decodes, pseudo-locales included.
    if let resolved = Linter.analyze(source).resolved, resolved.config.format == .authoring {
        let page = Preview.render(resolved, options: PreviewOptions(locales: Array(resolved.targetLocaleCodes.prefix(2)), pseudo: true))
        _ = Preview.findings(measured: #"<body data-overflow="[[&quot;t1&quot;,9,1,0],[&quot;t2&quot;,9,1,1]]">"#, page: page, source: source, localizationKey: nil)
    }
    fuzzLanguageServer(bytes)
    fuzzTranslationReaders(bytes)
    return 0
}

/// The translation readers of `strings import`: the bytes as a translation file (PO, or XLIFF when
/// they start with '<'), as XLIFF whatever they start with, and as UTF-16 XLIFF, each imported into
/// a small config, then all three at once with --all-or-nothing.
func fuzzTranslationReaders(_ bytes: [UInt8]) {
    let config = SourceFile(path: "c.json", text: #"{"localization": {"default": "en", "supported": ["en", "de"], "localized_strings": {"#
        + #""title": {"en": "Help", "de": "Hilfe"}}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title"}}}"#)
    let files = [SourceFile(path: "de.po", bytes: bytes), SourceFile(path: "de.xlf", bytes: Array("<".utf8) + bytes),
                 SourceFile(path: "de.xlf", bytes: [0xFF, 0xFE] + bytes)]
    for file in files { _ = StringsImport.plan(config: config, files: [file]) }
    _ = StringsImport.plan(config: config, files: files, allOrNothing: true)
}

/// The language server: the bytes as a stream of frames, then as a document under every request
/// at positions taken from the input (past the end and inside characters included), and an edit.
func fuzzLanguageServer(_ bytes: [UInt8]) {
    var framer = MessageFramer()
    framer.append(bytes)
    var stream = Server(readFile: { _ in nil })
    _ = stream.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
    while let frame = framer.next() {
        if case .message(let body) = frame { _ = stream.handle(body: body) }
    }
    let encodings: [JSON] = bytes.count % 2 == 0 ? ["utf-8"] : ["utf-16"]
    var server = Server(readFile: { _ in nil })
    _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [
        "general": ["positionEncodings": .array(encodings)], "textDocument": [:]]]])
    let uri = "file:///fuzz/customer_center.json"
    _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
        "uri": .string(uri), "languageId": "json", "version": 1, "text": .string(String(decoding: bytes, as: UTF8.self))]]])
    _ = server.publishPending()
    let seeds = bytes.prefix(6).map(Int.init) + [0, 10_000]
    var id = 2
    for index in 0..<(seeds.count / 2) {
        let position: JSON = ["line": .int(seeds[index * 2] % 40), "character": .int(seeds[index * 2 + 1])]
        let at: JSON = ["textDocument": ["uri": .string(uri)], "position": position]
        let range: JSON = ["start": ["line": 0, "character": 0], "end": position]
        let requests: [(String, JSON)] = [
            ("textDocument/hover", at), ("textDocument/definition", at), ("textDocument/completion", at),
            ("textDocument/references", at.merging(["context": ["includeDeclaration": true]])), ("textDocument/prepareRename", at),
            ("textDocument/rename", at.merging(["newName": "renamed"])), ("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]),
            ("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": range, "context": ["diagnostics": []]]),
            ("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]]),
            ("textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": range]),
            ("textDocument/documentColor", ["textDocument": ["uri": .string(uri)]]),
            ("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]]),
        ]
        for (method, params) in requests {
            id += 1
            _ = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        }
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": .int(id)], "contentChanges": [["range": range, "text": "\"é😀\n"]]]])
        _ = server.publishPending()
    }
}
