import CustomerCenterCompiler

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
    _ = Compiler.compile(source, options: CompileOptions(customer: Customer(firstSeen: 86_400)))
    // Every fix, safe and unsafe: the fixer must end and never trap, whatever the bytes.
    let fixed = Fixer.fix(source, unsafe: true) { Linter.lint($0) }
    _ = Fixer.fix(source, unsafe: false) { Linter.lint($0) }
    _ = UnifiedDiff.make(old: String(decoding: bytes, as: UTF8.self), new: String(decoding: fixed.source.bytes, as: UTF8.self), oldName: "a", newName: "b")
    _ = LinterConfiguration(source: source)
    _ = Baseline(source: source)
    return 0
}
