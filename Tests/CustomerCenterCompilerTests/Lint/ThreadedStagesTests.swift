import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// The stages after the parse on two threads (`ExecutionPlan.threadsPerFile`, docs/performance.md
/// "One big file: the reader"): whatever the input and the run's settings, a run whose files take
/// the threaded path (the size threshold lowered to 0) says exactly what a one-thread run says,
/// in every format; and the rules' sink ends in exactly the state sequential emission leaves.
@Suite struct ThreadedStagesTests {
    /// Everything a lint run of `source` says: the report in every format, the verdict, and each
    /// file's diagnostics with their fixes, counts and omitted counts.
    static func run(_ source: SourceFile, settings: RunSettings = RunSettings(), configuration: String? = nil,
                    baseline: Baseline? = nil, threaded: Bool) -> [String] {
        var settings = settings
        settings.jobs = threaded ? 2 : 1
        if threaded { settings.plan.threadsFromBytes = 0 }
        let configuration = configuration.map { LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: $0)) }
        let result = Workspace(settings: settings).run(Lint(sources: [source], configuration: configuration, baseline: baseline))
        return ReportFormat.allCases.map { ReportRenderer.render(result.report, format: $0) } + ["\(result.verdict)"]
            + result.report.files.map { file in
                let counts = file.counts
                return "\(file.diagnostics)\n\(counts.errors) \(counts.warnings) \(counts.notes) \(counts.byRule.sorted { $0.key < $1.key })\n"
                    + "\(file.omitted.sorted { $0.key < $1.key })"
            }
    }

    /// Records where the one-thread and the threaded run of `source` first differ.
    static func expectSame(_ source: SourceFile, settings: RunSettings = RunSettings(), configuration: String? = nil,
                           baseline: Baseline? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let one = run(source, settings: settings, configuration: configuration, baseline: baseline, threaded: false)
        let two = run(source, settings: settings, configuration: configuration, baseline: baseline, threaded: true)
        for (index, (a, b)) in zip(one, two).enumerated() where a != b {
            let line = zip(a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false))
                .first { $0 != $1 }
            Issue.record("\(source.path): output \(index) differs threaded: \(line.map { "'\($0.0.prefix(300))' vs '\($0.1.prefix(300))'" } ?? "length")",
                         sourceLocation: sourceLocation)
            return
        }
        #expect(one.count == two.count, sourceLocation: sourceLocation)
    }

    static func generated(seed: UInt64 = 7, keys: Int = 700, paths: Int = 420, slips: Bool = false) -> SourceFile {
        SourceFile(path: "generated.json", text: FindingsConfig.text(seed: seed, keys: keys, paths: paths, slips: slips))
    }

    @Test func theThresholdSendsAFileToTheThreadedPath() {
        var settings = RunSettings()
        settings.jobs = 2
        settings.plan.threadsFromBytes = 0
        let small = SourceFile(path: "f", text: "{}")
        #expect(Policy(settings: settings, configuration: nil).request(for: small).plan.threadsWithinFile(bytes: small.bytes.count))
        settings.jobs = 1
        #expect(!Policy(settings: settings, configuration: nil).request(for: small).plan.threadsWithinFile(bytes: small.bytes.count))
        #expect(!PipelineRequest(small).plan.threadsWithinFile(bytes: small.bytes.count), "a small file stays on one thread")
    }

    @Test func shippedExamplesAndRuleExamples() throws {
        let examples = TestPaths.files(in: TestPaths.examples, extensions: ["json"])
        #expect(examples.count >= 5)
        for url in examples { Self.expectSame(SourceFile(path: url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8))) }
        for rule in RuleCatalog.all where !rule.formats.isEmpty {
            let configuration = rule.exampleConfiguration.fileText
            for (index, example) in (rule.failingExamples + rule.passingExamples).enumerated() {
                Self.expectSame(SourceFile(path: "\(rule.id)-\(index).json", text: MarkedText(example).text), configuration: configuration)
            }
        }
    }

    @Test(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/fixtures is absent (a clone on its own)"))
    func sharedFixtures() throws {
        let root = TestPaths.fixtures
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted() ?? []
        #expect(!files.isEmpty)
        for file in files {
            Self.expectSame(SourceFile(path: file, text: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
        }
    }

    /// Past the display cap (500 per rule) in several rules, more broken references than the
    /// suggestion budget, with and without JSON slips (which send the table onto the tape). The
    /// display caps and --quiet act on the rules' findings, after the table is read, so they run
    /// on the config without slips only (with slips they repeated those runs, 8 lints of 11).
    @Test(arguments: [false, true])
    func generatedConfigsFullOfFindings(slips: Bool) {
        let source = Self.generated(slips: slips)
        let report = Linter.lint(source)
        #expect(report.counts.byRule.values.filter { $0 > Linter.findingsPerRuleLimit }.count >= 2, "\(report.counts.byRule)")
        #expect(report.counts.byRule.count >= 15, "\(report.counts.byRule.keys.sorted())")
        #expect(report.counts.byRule["ref.unresolved-string", default: 0] > 64, "more broken references than suggestions")
        Self.expectSame(source)
        if slips { return }
        for cap in [0, 3, nil] as [Int?] {
            var settings = RunSettings()
            settings.displayCap = cap
            Self.expectSame(source, settings: settings)
        }
        var quiet = RunSettings()
        quiet.quiet = true
        Self.expectSame(source, settings: quiet)
    }

    /// Levels (off, note, error), `ignore` entries that match and that go stale, with `--quiet`.
    @Test func rulesLevelsAndIgnores() {
        let source = Self.generated(seed: 11)
        let configuration = """
        {"rules": {"l10n.whitespace": "off", "l10n.missing-translation": "note", "ref.unused-string": "error", "ref.unresolved-offer": "off"},
         "ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/k900"},
                    {"rule": "l10n.empty-translation", "pointer": "/localization"},
                    {"rule": "path.duplicate-id", "pointer": "/screens/MANAGEMENT/paths/9"},
                    {"rule": "ref.unresolved-string", "pointer": "/screens/NO_ACTIVE"}]}
        """
        Self.expectSame(source, configuration: configuration)
        var quiet = RunSettings()
        quiet.quiet = true
        Self.expectSame(source, settings: quiet, configuration: configuration)
    }

    /// A baseline recorded from another version of the config: some entries match, some findings
    /// are new, some entries go stale.
    @Test func baseline() {
        let source = Self.generated(seed: 5)
        var policy = Policy(settings: RunSettings(), configuration: nil)
        policy.plan = .oneThread
        var request = policy.request(for: Self.generated(seed: 6))
        request.displayCap = nil
        let earlier = Pipeline.run(request).analysis.report
        let baseline = Baseline(source: SourceFile(path: "baseline.json", text: Baseline.write([earlier])))
        #expect(baseline.diagnostics.isEmpty && baseline.entries.count > 500)
        Self.expectSame(source, baseline: baseline)
        var quiet = RunSettings()
        quiet.quiet = true
        Self.expectSame(source, settings: quiet, baseline: baseline)
    }

    /// compile's gate: blocking rules refuse whatever their level; a clean config compiles to the
    /// same payloads.
    @Test func compileGate() throws {
        func compile(_ source: SourceFile, levels: [RuleID: RuleLevel], threaded: Bool) -> String {
            var settings = RunSettings()
            settings.plan = ExecutionPlan(threadsPerFile: threaded ? 2 : 1)
            settings.plan.threadsFromBytes = 0
            let result = Workspace(settings: settings).run(Compile(source, lintOptions: LintOptions(severityOverrides: levels)))
            let payloads: String = result.payloads.map { "\($0)" } ?? "refused"
            let renders: [String] = ReportFormat.allCases.map { ReportRenderer.render(result.report, format: $0) }
            return payloads + "\n\(result.verdict)\n\(result.output.report.diagnostics)\n" + renders.joined(separator: "\n")
        }
        let clean = SourceFile(path: "customer_center.json", text: try String(contentsOf: TestPaths.examples.appendingPathComponent("customer_center.json"), encoding: .utf8))
        let sources = [Self.generated(seed: 3, keys: 300, paths: 200), clean]
        for source in sources {
            for levels in [[:], ["ref.unresolved-string": .off, "path.duplicate-id": .off, "l10n.whitespace": .off]] as [[RuleID: RuleLevel]] {
                let one = compile(source, levels: levels, threaded: false)
                #expect(one == compile(source, levels: levels, threaded: true), "\(source.path) \(levels)")
                #expect(one.hasPrefix("refused") == (source.path != clean.path))
            }
        }
    }

    /// The rules' sink after the threaded run is the one sequential emission leaves: the kept
    /// diagnostics in emission order, the gate's counts, ignores used, baseline entries left and
    /// blockers, and each rule's bound state (a small bound, so that rules drop and cut off).
    @Test(arguments: [nil, 3, 500] as [Int?])
    func theRulesSinkEndsAsSequentialEmissionLeavesIt(keep: Int?) throws {
        let source = Self.generated(seed: 9)
        let config = try #require(DocumentReader.read(source, collectingTable: true).config)
        let resolved = ResolvedConfig(config)
        var gate = FindingGate()
        gate.levels = ["l10n.missing-translation": .note, "l10n.whitespace": nil]
        gate.ignores = [(0, "ref.unused-string", JSONPointer.root.appending("localization")), (1, "l10n.empty-translation", .root),
                        (2, "path.invalid-url", JSONPointer.root.appending("nothing"))]
        gate.compileBlocking = RuleCatalog.compileBlockingRules
        for withBaseline in [false, true] {
            if withBaseline {
                gate.baseline = ["ref.unresolved-string\u{0}/screens/MANAGEMENT/paths/1/title_key": 1, "l10n.missing-translation\u{0}/localization/localized_strings/k3": 1,
                                 "path.duplicate-id\u{0}/screens/MANAGEMENT/paths/10/id": 2, "survey.duplicate-option-title\u{0}/nowhere": 1]
            }
            func rules(threaded: Bool) -> DiagnosticSink {
                var plan = ExecutionPlan(threadsPerFile: threaded ? 2 : 1)
                plan.threadsFromBytes = 0
                var sink = DiagnosticSink(file: source.path, keepPerRule: keep, gate: gate)
                Linter.runRules(on: resolved, source: source, platforms: [.ios, .android], options: LintOptions(), plan: plan, into: &sink)
                return sink
            }
            let one = rules(threaded: false), two = rules(threaded: true)
            #expect(one.diagnostics.count > (keep == 3 && !withBaseline ? 40 : 100))
            #expect(one.diagnostics == two.diagnostics, "emission order")
            #expect(one.gate.counts == two.gate.counts)
            #expect(one.gate.usedIgnores == two.gate.usedIgnores && one.gate.usedIgnores == [0, 1])
            #expect(one.gate.baseline == two.gate.baseline)
            #expect(one.gate.blockers == two.gate.blockers && one.gate.blockers > 0)
            #expect(one.emitted == two.emitted && one.kept == two.kept && one.cutoff == two.cutoff)
            if keep == 3, !withBaseline { #expect(!one.cutoff.isEmpty) }
        }
    }

    /// A model rule reports under its own id only: two rules never compete for one baseline
    /// entry or one rule's bound, which the threaded run relies on (`DiagnosticSink.absorb`).
    @Test func eachModelRuleReportsUnderItsOwnID() throws {
        let sources = [Self.generated(seed: 2, keys: 300, paths: 200)]
            + RuleCatalog.all.flatMap { $0.failingExamples.map { SourceFile(path: "e.json", text: MarkedText($0).text) } }
        var seen = Set<RuleID>()
        for source in sources {
            guard let config = DocumentReader.read(source, collectingTable: true).config else { continue }
            var context = RuleContext(resolved: ResolvedConfig(config), platforms: [.ios, .android], requiredLocales: ["de", "es"], source: source,
                                      sink: DiagnosticSink(file: source.path))
            context.platformsInferred = true
            context.oldestSDK = OldestSDK(ios: SDKVersion(5, 3, 0), android: SDKVersion(8, 12, 0))
            for rule in RuleCatalog.modelRules {
                context.sink = DiagnosticSink(file: source.path)
                rule.check(&context)
                #expect(context.sink.diagnostics.allSatisfy { $0.id == rule.descriptor.id }, "\(rule.descriptor.id)")
                if !context.sink.diagnostics.isEmpty { seen.insert(rule.descriptor.id) }
            }
        }
        #expect(seen.count >= RuleCatalog.modelRules.count - 2, "\(Set(RuleCatalog.modelRules.map { $0.descriptor.id }).subtracting(seen))")
    }

    /// The text index read in parts by two threads, one through handles of its own on the table,
    /// is the one a single pass builds.
    @Test(arguments: [1, 2, 7, 64])
    func theTextIndexReadInParts(parts count: Int) throws {
        let config = try #require(DocumentReader.read(Self.generated(seed: 4), collectingTable: true).config)
        let whole = TextIndex(config)
        let parts = TextIndex.Parts(config, count: count)
        _ = Parallel.map([0, 1], jobs: 2) { thread in parts.work(thread == 0 ? nil : config.forAnotherThread()) }
        let joined = parts.index()
        #expect(joined.keysWithBraces == whole.keysWithBraces && !whole.keysWithBraces.isEmpty)
        #expect("\(joined.placeholderSuspects)" == "\(whole.placeholderSuspects)" && !whole.placeholderSuspects.isEmpty)
        #expect("\(joined.badWhitespace)" == "\(whole.badWhitespace)" && !whole.badWhitespace.isEmpty)
        #expect("\(joined.localeCodes)" == "\(whole.localeCodes)" && whole.localeCodes.count == FindingsConfig.written.count + 3)
    }

    /// A resolved config for another thread reads its table through objects of its own (entries,
    /// table, strings) and finds every key, text and locale the config finds.
    @Test func aResolvedConfigForAnotherThreadReadsTheSameTable() throws {
        let config = try #require(DocumentReader.read(Self.generated(seed: 5, keys: 400), collectingTable: true).config)
        let resolved = ResolvedConfig(config)
        let other = resolved.forAnotherThread()
        let (entries, handles) = (resolved.config.localization!.entries, other.config.localization!.entries)
        #expect(handles.storage !== entries.storage && handles.storage.table !== entries.storage.table)
        #expect(handles.storage.table.strings !== entries.storage.table.strings)
        #expect(entries.count == 400 && handles.count == entries.count)
        for position in entries.indices {
            let (entry, read) = (entries[position], handles[position])
            #expect(read.key.value == entry.key.value && read.key.range == entry.key.range && read.key.pointer == entry.key.pointer)
            #expect(other.strings.position(of: entry.key.value) == resolved.strings.position(of: entry.key.value))
            #expect(read.translations.map { "\($0.locale.value) \($0.text.value) \($0.text.range) \($0.text.pointer)" }
                == entry.translations.map { "\($0.locale.value) \($0.text.value) \($0.text.range) \($0.text.pointer)" })
        }
        #expect(other.strings.position(of: "no such key") == nil)
        #expect(other.targetLocales == resolved.targetLocales && other.defaultLocale == resolved.defaultLocale)
    }
}
