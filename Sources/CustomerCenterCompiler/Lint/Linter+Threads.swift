import JSONSyntax

/// The stages after the parse on two threads, for one big file (docs/performance.md, "One big
/// file: the reader"). What they report is exactly what one thread reports: each thread writes
/// into a sink of its own, taken back in the order one thread would have written.
extension Linter {
    /// The schema walk beside the binding of references (`ResolvedConfig`), and, after each, the
    /// index of the texts (`TextIndex`) read by both in parts: the schema's findings go into
    /// `sink` as one thread writes them; the resolved config is the one `ResolvedConfig(config)` makes.
    static func validateBesideResolving(_ config: CustomerCenterConfig, sink: inout DiagnosticSink,
                                        validate: @Sendable (inout DiagnosticSink) -> Void) -> ResolvedConfig {
        // An authoring config's texts are most of the work: both threads read parts of them.
        let parts = config.format == .authoring ? TextIndex.Parts(config, count: 16) : nil
        let before = sink
        let (validated, resolved) = Parallel.beside({
            var sink = before
            validate(&sink)
            parts?.work(config.forAnotherThread())
            return sink
        }, {
            guard let parts else { return ResolvedConfig(config) }
            let resolved = ResolvedConfig(config, indexingTexts: false)
            parts.work()
            return resolved
        })
        sink = validated
        guard let parts else { return resolved }
        var indexed = resolved
        indexed.texts = parts.index()
        return indexed
    }

    /// The model rules on `threads` threads: each rule into a fork of `sink` (``DiagnosticSink/fork()``),
    /// the rules that share the context's suggestion budget one after the other on one thread,
    /// the costliest taken first; then every fork taken back in catalog order. Each unit reads
    /// the table through handles of its own (``ResolvedConfig/forAnotherThread()``).
    static func runRulesOnThreads(_ rules: [Int], threads: Int, context: RuleContext, into sink: inout DiagnosticSink) {
        let base = sink.fork()
        let units = ruleUnits(rules)
        let forks = Parallel.map(units, jobs: threads) { unit -> [(rule: Int, sink: DiagnosticSink)] in
            var context = context
            context.resolved = context.resolved.forAnotherThread()
            var forks: [(rule: Int, sink: DiagnosticSink)] = []
            for rule in unit {
                context.sink = base
                RuleCatalog.modelRules[rule].check(&context)
                forks.append((rule, context.sink))
            }
            return forks
        }
        for fork in forks.joined().sorted(by: { $0.rule < $1.rule }) { sink.absorb(fork.sink) }
    }

    /// `rules` (positions in `RuleCatalog.modelRules`) as units of work for threads, costliest
    /// first: one unit of the rules that ask for suggestions (they share one budget, spent in
    /// catalog order), one of each other rule.
    static func ruleUnits(_ rules: [Int]) -> [[Int]] {
        let suggesting = rules.filter { RuleCatalog.suggestingRules.contains(RuleCatalog.modelRules[$0].descriptor.id) }
        var units = rules.filter { !suggesting.contains($0) }.map { [$0] }
        if !suggesting.isEmpty { units.append(suggesting) }
        func cost(_ unit: [Int]) -> Int {
            unit.map { costRank[RuleCatalog.modelRules[$0].descriptor.id] ?? costRank.count }.min() ?? costRank.count
        }
        return units.enumerated().sorted { a, b in
            let (costA, costB) = (cost(a.element), cost(b.element))
            return costA != costB ? costA < costB : a.offset < b.offset
        }.map(\.element)
    }

    /// The costliest rules on a big config, costliest first (measured with callgrind on the
    /// generated 4 MB config); the others cost little, and come after in catalog order.
    private static let costRank: [RuleID: Int] = Dictionary(uniqueKeysWithValues: ([
        DuplicateOptionTitleRule.self, PlaceholderMismatchRule.self, EmptyTranslationRule.self, MissingTranslationRule.self,
        UnresolvedStringRule.self, DuplicateOptionIDRule.self, DuplicatePathIDRule.self, UnusedStringRule.self,
        MissingDefaultTranslationRule.self, CustomURLMissingURLRule.self, InvalidStoreIDRule.self,
        CustomActionMissingIdentifierRule.self, InvalidURLRule.self, MissingStoreIDRule.self, SDKKeyDriftRule.self,
    ] as [any ModelRule.Type]).enumerated().map { ($0.element.descriptor.id, $0.offset) })
}

extension RuleCatalog {
    /// The model rules that spend `RuleContext.suggestionBudget`: they run in catalog order on one
    /// thread, so the budget runs out where it does on one thread.
    static let suggestingRules: Set<RuleID> = [UnresolvedStringRule.descriptor.id, UnresolvedOfferRule.descriptor.id]
}
