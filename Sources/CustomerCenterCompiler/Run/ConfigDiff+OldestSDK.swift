// `diff` under `oldest_sdk`: the breaks the SDK compatibility table finds in a config.

import JSONSyntax

extension ConfigDiff {
    /// What `diff` asks of the table (docs/commands.md "diff"): for a config, each use of a row
    /// that fails or drops something on a version from `oldest` to today's, on a target platform
    /// (inferred from the config's offers, as `lint` does). Ignored rows are not breaks.
    package static func sdkBreaks(oldest: OldestSDK) -> SDKBreakCheck {
        { resolved in
            guard !oldest.isEmpty else { return [] }
            let platforms = PlatformInference.infer(resolved.config)
            let context = RuleContext(resolved: resolved, platforms: platforms, requiredLocales: [],
                                      source: SourceFile(path: "", text: ""), sink: DiagnosticSink(file: ""))
            var found: [SDKBreak] = []
            for row in SDKCompatibility.rows(reportedAt: .error) + SDKCompatibility.rows(reportedAt: .warning) {
                guard platforms.contains(row.platform), let version = oldest[row.platform], row.affects(oldest: version) else { continue }
                for use in SDKCompatibility.uses(of: row.fact, in: context) {
                    let versions = row.versions.hasPrefix(row.platform.displayName + " ")
                        ? String(row.versions.dropFirst(row.platform.displayName.count + 1)) : row.versions
                    found.append(SDKBreak(platform: row.platform, versions: versions, pointer: use.pointer,
                                          message: "\(row.what): \(row.effect.rawValue), \(row.customersGet)"))
                }
            }
            return found
        }
    }
}

extension ConfigDiff {
    /// The `oldest_sdk` of the configuration file that applies to `path` (the nearest
    /// `.customer-center.json` above it), overridden per platform by `flag` (`--oldest-sdk`);
    /// `nil` when neither says one. A configuration file that cannot be read or followed says none.
    package static func oldestSDK(for path: String, flag: OldestSDK?) -> OldestSDK? {
        var finder = ConfigurationFinder()
        let location = path == "-" ? FileSystem.currentDirectory() : FileSystem.directory(of: FileSystem.absolute(path))
        let configured = finder.configuration(forFileIn: location)
            .flatMap { try? FileSystem.read($0) }
            .map { LinterConfiguration(source: SourceFile(path: LinterConfiguration.fileName, bytes: $0)) }
            .flatMap { $0.isValid ? $0.oldestSDK : nil }
        let oldest = (configured ?? OldestSDK()).overridden(by: flag)
        return oldest.isEmpty ? nil : oldest
    }
}
