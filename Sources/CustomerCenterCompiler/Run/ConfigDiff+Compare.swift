import JSONSyntax

/// How `customer-center diff` compares (docs/commands.md, `diff`).
package struct DiffOptions: Sendable {
    /// The format to read both sides as; `nil` = detect.
    package var inputFormat: InputFormat?
    /// Leave `reordered` changes out (`--ignore-order`).
    package var ignoresOrder = false
    /// Compare what each platform × locale shows after compilation (`--compiled`).
    package var compiled = false
    /// With `compiled`: these platforms; `nil` = both sides' target platforms.
    package var platforms: Set<Platform>?
    /// Compare two responses of different platforms (`--across-platforms`).
    package var acrossPlatforms = false
    /// The SDK versions still in customers' hands (`oldest_sdk`): a change that brings a break
    /// of one of them is breaking and says which. `nil`: today's SDKs only.
    package var sdkBreaks: SDKBreakCheck?

    /// Creates options.
    package init(inputFormat: InputFormat? = nil) { self.inputFormat = inputFormat }
}

// The diff job's entry point sits with the run, above the reader it needs (Lint's decode), the
// compiler (`compiled`) and the comparison (Diff), which stands on the model alone.
extension ConfigDiff {
    /// Compares two versions of a config (docs/commands.md, `diff`): screens, paths, survey
    /// options, offers, store offer ids, strings per locale, locales and settings, matched by id
    /// and key, so reformatting is not a change (a new order of paths or options is). Both sides
    /// must be valid JSON of one format (detected unless `inputFormat` is given); otherwise
    /// `problem` says which side is not.
    ///
    /// ```swift
    /// let old = SourceFile(path: "live.json", text: liveJSON)
    /// let new = SourceFile(path: "customer_center.json", text: localJSON)
    /// let diff = ConfigDiff.compare(old, new)
    /// if let problem = diff.problem {
    ///     print(problem.message)
    /// } else {
    ///     print(DiffRenderer.human(diff.changes), terminator: "")
    ///     if diff.hasBreakingChanges { print("breaking: review before publishing") }
    /// }
    /// ```
    public static func compare(_ old: SourceFile, _ new: SourceFile, inputFormat: InputFormat? = nil) -> DiffResult {
        compare(old, new, options: DiffOptions(inputFormat: inputFormat))
    }

    /// `compare(_:_:inputFormat:)` under `options`.
    package static func compare(_ old: SourceFile, _ new: SourceFile, options: DiffOptions) -> DiffResult {
        var sides: [(resolved: ResolvedConfig, format: InputFormat?)] = []
        for source in [old, new] {
            // Resolved by the pipeline: the comparison reads both models and their resolution.
            let analysis = Pipeline.decode(source, inputFormat: options.inputFormat, stopAfter: .resolve)
            // Only syntax errors stop the comparison: the model of a config with other findings
            // is still what the SDKs would read.
            let syntax = analysis.report.diagnostics.filter { $0.id.descriptor?.isSyntax == true && $0.severity == .error }
            guard syntax.isEmpty else {
                return DiffResult(changes: [], problem: .invalidJSON(FileReport(source: source, diagnostics: syntax)))
            }
            guard let resolved = analysis.resolved else { return DiffResult(changes: [], problem: .notAConfig(path: source.path)) }
            sides.append((resolved, analysis.format))
        }
        let (a, b) = (sides[0].resolved.config, sides[1].resolved.config)
        if let oldFormat = sides[0].format, let newFormat = sides[1].format, oldFormat != newFormat {
            return DiffResult(changes: [], problem: .mismatchedFormats(old: old.path, oldFormat: oldFormat, new: new.path, newFormat: newFormat))
        }
        if a.format == .response, !options.acrossPlatforms {
            let (x, y) = (PlatformInference.infer(a), PlatformInference.infer(b))
            if x.count == 1, y.count == 1, let oldPlatform = x.first, let newPlatform = y.first, oldPlatform != newPlatform {
                return DiffResult(changes: [], problem: .mismatchedPlatforms(old: old.path, oldPlatform: oldPlatform, new: new.path, newPlatform: newPlatform))
            }
        }
        var found = options.compiled && a.format == .authoring ? compiledChanges(from: sides[0].resolved, to: sides[1].resolved, options: options)
            : changes(from: a, to: b, ignoringOrder: options.ignoresOrder, resolved: (sides[0].resolved, sides[1].resolved))
        if a.format == .response {
            let platforms = PlatformInference.infer(a).union(PlatformInference.infer(b))
            found = (found + newFailures(old, new, platforms: platforms, besides: found)).sorted(by: ConfigChange.order)
        }
        if let check = options.sdkBreaks {
            found = (found + sdkBreaks(from: sides[0].resolved, to: sides[1].resolved, check: check)).sorted(by: ConfigChange.order)
        }
        return DiffResult(changes: found, problem: nil)
    }

    /// The findings that say today's SDKs fail on a whole response, by rule, with the words a
    /// change names such a failure by.
    static let wholeConfigFailures = [
        CompatIOSDecodeFailureRule.descriptor.id: "iOS rejects the whole config", CompatAndroidDecodeFailureRule.descriptor.id: "Android rejects the whole config",
        CompatIOSCrashRule.descriptor.id: "iOS crashes",
    ]

    /// Whole-config failures of a target SDK (the `compat.*` rules) that `new` has beyond `old`'s,
    /// as breaking changes. The comparison of matched elements names what a removed or changed
    /// field costs; this catches what it cannot see, such as an added path without `title`. A
    /// failure a change already names is not said twice.
    static func newFailures(_ old: SourceFile, _ new: SourceFile, platforms: Set<Platform>, besides changes: [ConfigChange]) -> [ConfigChange] {
        func failures(_ source: SourceFile) -> [Diagnostic] {
            Linter.analyze(source, options: LintOptions(inputFormat: .response, platforms: platforms)).report.diagnostics
                .filter { wholeConfigFailures[$0.id] != nil }
        }
        var before: [String: Int] = [:]
        for failure in failures(old) { before["\(failure.id)|\(failure.message)", default: 0] += 1 }
        var result: [ConfigChange] = []
        for failure in failures(new) {
            let key = "\(failure.id)|\(failure.message)"
            if let count = before[key], count > 0 {
                before[key] = count - 1
                continue
            }
            guard let words = wholeConfigFailures[failure.id], !changes.contains(where: { $0.breaking && $0.message.contains(words) }),
                  !result.contains(where: { $0.message == "now: " + failure.message }) else { continue }
            result.append(ConfigChange(kind: .changed, breaking: true, subject: "sdk", pointer: failure.pointer, message: "now: " + failure.message))
        }
        return result
    }

    /// What customers see, per platform × locale: both versions compiled for every locale either
    /// supports (a locale one side lacks gets that side's fallback texts, as customers would) and
    /// each pair of payloads compared as responses. A change seen in several payloads is one
    /// line naming them (`ja/android, ja/ios: …`).
    static func compiledChanges(from oldResolved: ResolvedConfig, to newResolved: ResolvedConfig, options: DiffOptions) -> [ConfigChange] {
        let (old, new) = (oldResolved.config, newResolved.config)
        var changes: [ConfigChange] = []
        locales(oldResolved, newResolved, into: &changes)
        var locales: [String] = []
        var seen: Set<String> = []
        for code in newResolved.targetLocaleCodes + oldResolved.targetLocaleCodes where seen.insert(LocaleCode.normalized(code)).inserted {
            locales.append(code)
        }
        let platforms = options.platforms ?? PlatformInference.infer(old).union(PlatformInference.infer(new))
        var grouped: [(change: ConfigChange, payloads: [String])] = []
        var index: [String: Int] = [:]
        for platform in platforms.sorted() {
            for locale in locales {
                guard let a = payload(oldResolved, platform, locale), let b = payload(newResolved, platform, locale) else { continue }
                for change in ConfigDiff.changes(from: a.config, to: b.config, ignoringOrder: options.ignoresOrder, platforms: [platform], resolved: (a, b)) where change.subject != "locale" {
                    let key = "\(change.kind)|\(change.breaking)|\(change.subject)|\(change.message)"
                    if let slot = index[key] {
                        grouped[slot].payloads.append("\(locale)/\(platform.rawValue)")
                    } else {
                        index[key] = grouped.count
                        grouped.append((change, ["\(locale)/\(platform.rawValue)"]))
                    }
                }
            }
        }
        let all = platforms.count * locales.count
        for (change, payloads) in grouped {
            var labelled = change
            let names = payloads.count == all && all > 1 ? "every payload"
                : payloads.prefix(4).joined(separator: ", ") + (payloads.count > 4 ? " and \(payloads.count - 4) more" : "")
            labelled.message = "\(names): \(change.message)"
            changes.append(labelled)
        }
        return changes.sorted(by: ConfigChange.order)
    }

    /// The payload `compile` writes for `platform` and `locale`, read back (and resolved) as a response.
    static func payload(_ resolved: ResolvedConfig, _ platform: Platform, _ locale: String) -> ResolvedConfig? {
        guard let payload = Compiler.payloads(resolved, platforms: [platform], locales: [locale]).first else { return nil }
        let source = SourceFile(path: Compiler.relativePath(of: payload), bytes: payload.bytes)
        return Pipeline.decode(source, inputFormat: .response, stopAfter: .resolve).resolved
    }
}
