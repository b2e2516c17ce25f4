import JSONSyntax

/// A way a range of SDK versions still in customers' hands fails on a config (a path it drops,
/// a config it rejects, a crash): what `oldest_sdk` adds to `diff` (docs/commands.md). Whoever
/// knows the versions in range (the `oldest_sdk` setting and the SDK compatibility table) finds
/// these; the diff only asks which ones a change brings.
package struct SDKBreak: Sendable, Equatable {
    /// The SDK.
    package var platform: Platform
    /// The versions that fail, as people write them (`5.7.0–5.33.x`).
    package var versions: String
    /// Where, in the config that has it.
    package var pointer: JSONPointer
    /// What customers on those versions get, one line (names the element, not its position).
    package var message: String

    /// Creates a break.
    package init(platform: Platform, versions: String, pointer: JSONPointer, message: String) {
        self.platform = platform
        self.versions = versions
        self.pointer = pointer
        self.message = message
    }
}

/// Finds the ``SDKBreak``s of a config, of either format, for the SDK versions in range: handed
/// the config as the pipeline resolved it.
package typealias SDKBreakCheck = @Sendable (ResolvedConfig) -> [SDKBreak]

extension ConfigDiff {
    /// Breaking changes for the breaks `check` finds in `new` beyond those it finds in `old`:
    /// a break the old version already had is not the change's doing. Breaks are told apart by
    /// SDK, versions and message, not position (an earlier path removed moves every pointer).
    static func sdkBreaks(from old: ResolvedConfig, to new: ResolvedConfig, check: SDKBreakCheck) -> [ConfigChange] {
        func identity(_ item: SDKBreak) -> String { "\(item.platform.rawValue)|\(item.versions)|\(item.message)" }
        var before: [String: Int] = [:]
        for item in check(old) { before[identity(item), default: 0] += 1 }
        var changes: [ConfigChange] = []
        for item in check(new) {
            if let count = before[identity(item)], count > 0 {
                before[identity(item)] = count - 1
                continue
            }
            changes.append(ConfigChange(kind: .changed, breaking: true, subject: "sdk", pointer: item.pointer,
                                        message: "breaks \(item.platform.displayName) \(item.versions): \(item.message)"))
        }
        return changes
    }
}
