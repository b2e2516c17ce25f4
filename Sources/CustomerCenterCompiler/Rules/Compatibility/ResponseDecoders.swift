// The `compat.*` checks the schema walk of a response calls (`SchemaWalker`): the walk finds
// where a value does not fit what a target SDK's decoder reads; these say what that decoder does
// there (reject the payload, drop a screen or path, crash, ignore a key) and report it.

import JSONSyntax

/// What each target SDK's decoder does with one response, as the schema walk meets its problems.
struct ResponseDecoders {
    /// Where an Android decoding failure lands: the lossy serializers drop one path or one
    /// screen; anything else fails the whole config.
    enum AndroidScope: Equatable {
        case whole
        case screen(JSONPointer)
        case path(JSONPointer)
    }

    /// The platforms the response is checked for.
    let platforms: Set<Platform>
    /// Where an Android failure met now lands (the walk sets it as it enters a screen or a path).
    var androidScope = AndroidScope.whole
    /// Elements already reported as dropped on Android (one diagnostic each).
    var droppedOnAndroid: Set<JSONPointer> = []
    /// Whether iOS would reject the document (no crash prediction then).
    var iosFails = false
    /// Unknown screen keys, when there are two or more (iOS traps on them).
    var iosCrashKeys: [JSONNode.Member] = []
    /// Starts of the syntax errors iOS meets only when it reads the value (`IOSDeferredSyntax`), sorted.
    var iosDeferredOffsets: [Int] = []

    init(platforms: Set<Platform>) {
        self.platforms = platforms
    }

    /// Records what happens on each platform in `readers` when its decoder meets this problem:
    /// `compat.ios-decode-failure`, `compat.android-decode-failure` or `compat.android-dropped`.
    mutating func fail(_ readers: Set<Platform>, _ reason: String, at range: ByteRange, pointer: JSONPointer?,
                       into sink: inout DiagnosticSink) {
        for platform in readers.sorted() where platforms.contains(platform) {
            let at = pointer ?? .root
            switch platform {
            case .ios:
                iosFails = true
                sink.emit(.iosRejects(because: reason), at: range, pointer: at)
            case .android:
                switch androidScope {
                case .whole:
                    sink.emit(.androidRejects(because: reason), at: range, pointer: at)
                case .screen(let element), .path(let element):
                    guard !droppedOnAndroid.contains(element) else { continue }
                    droppedOnAndroid.insert(element)
                    let what = androidScope == .screen(element) ? "screen" : "path"
                    sink.emit(.androidDrops(what, because: reason), at: range, pointer: element)
                }
            }
        }
    }

    /// Screen map keys: iOS maps every key not in `known` to `.unknown` (two of them trap at run
    /// time, reported once the decode succeeded); Android drops a screen whose key is not a
    /// `ScreenType` name. `pointer` is the map's.
    mutating func checkScreenKeys(_ members: JSONNode.Members, known: [String], pointer: JSONPointer, readers: Set<Platform>,
                                  into sink: inout DiagnosticSink) {
        // What counts is distinct keys as Swift's String compares them: a key written twice, or
        // precomposed and decomposed spellings of it, is one dictionary entry (no crash).
        var seen = Set<String>()
        let unknownForIOS = members.filter { !known.contains($0.key) && seen.insert($0.key).inserted }
        if readers.contains(.ios), unknownForIOS.count >= 2 { iosCrashKeys = unknownForIOS }
        guard readers.contains(.android), platforms.contains(.android) else { return }
        for member in members where !(known + ["UNKNOWN"]).contains(member.key) {
            let screenPointer = pointer.appending(member.key)
            droppedOnAndroid.insert(screenPointer)
            sink.emit(.androidDrops("screen", because: "\(MessageText.quoted(member.key)) is not a screen type it knows (MANAGEMENT, NO_ACTIVE)"),
                      at: member.keyRange, pointer: screenPointer)
        }
    }

    /// Android decodes enums strictly (`enumValues`, plus the values only Android knows) and
    /// fails on colours it cannot parse (`isColor`: the text is one); an empty colour crashes it.
    mutating func checkAndroidValue(_ text: String, enumValues: [String], androidExtraValues: [String], isColor: Bool, name: String,
                                    at range: ByteRange, pointer: () -> JSONPointer, readers: Set<Platform>, into sink: inout DiagnosticSink) {
        guard readers.contains(.android) else { return }
        if !enumValues.isEmpty, !enumValues.contains(text), !androidExtraValues.contains(text) {
            fail([.android], "\(MessageText.quoted(text)) is not a value Android knows for \(MessageText.quoted(name))", at: range, pointer: pointer(),
                 into: &sink)
        }
        if isColor {
            switch AndroidColor.parse(text) {
            case .parsed: break
            case .rejected:
                // The one finding for this colour in a response (appearance.invalid-color stands down): say what iOS does too.
                let ios = platforms.contains(.ios) ? " (iOS ignores it and uses the system colour)" : ""
                fail([.android], "Android cannot parse the colour \(MessageText.quoted(text))\(ios)", at: range, pointer: pointer(), into: &sink)
            case .crashes:
                guard platforms.contains(.android) else { break }
                sink.emit(.androidCrashOnEmptyColor, at: range, pointer: pointer())
            }
        }
    }

    /// `compat.android-ignored`: a key iOS converts to a field (`feedbackSurvey`,
    /// `FEEDBACK_SURVEY`) that Android's exact snake_case lookup passes over (`ignoreUnknownKeys`):
    /// the value is lost on Android. A missing required field is already a decode failure that
    /// names the spelling, so not reported twice. `snakeCase` is the field's own spelling, when written.
    func reportIgnoredOnAndroid(_ member: JSONNode.Member, field: String, androidReads: Bool, androidRequires: Bool,
                                snakeCase: JSONNode.Member?, pointer: JSONPointer, readers: Set<Platform>, into sink: inout DiagnosticSink) {
        guard readers.contains(.android), platforms.contains(.android), androidReads else { return }
        if snakeCase == nil, androidRequires { return }
        sink.emit(.androidIgnoresKey(member.key, field: field, readAlso: snakeCase != nil, iosTargeted: platforms.contains(.ios)),
                  at: member.keyRange, pointer: pointer)
    }

    // MARK: iOS reading values it defers

    /// Whether a deferred issue lies in `range` (a binary search; the list is usually empty).
    func hasDeferredIOSIssue(in range: ByteRange) -> Bool {
        guard !iosDeferredOffsets.isEmpty else { return false }
        var low = 0, high = iosDeferredOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if iosDeferredOffsets[middle] < range.start { low = middle + 1 } else { high = middle }
        }
        return low < iosDeferredOffsets.count && iosDeferredOffsets[low] < range.end
    }

    /// iOS reads `node` (the value of `name`): a deferred issue inside it fails the decode there.
    mutating func checkDeferredIOSIssue(_ node: JSONNode, name: String, pointer: () -> JSONPointer, readers: Set<Platform>,
                                        into sink: inout DiagnosticSink) {
        guard readers.contains(.ios), hasDeferredIOSIssue(in: node.range) else { return }
        let what = node.kind == .string
            ? "\(MessageText.quoted(name)) holds a lone surrogate escape, which iOS's decoder cannot turn into text when it reads the field"
            : "\(MessageText.quoted(name)) is a number with a leading zero, which iOS's decoder refuses when it reads the field"
        fail([.ios], what, at: node.range, pointer: pointer(), into: &sink)
    }

    /// iOS decodes every key of an object it reads (to match them to fields), known or not.
    mutating func checkDeferredIOSKey(_ member: JSONNode.Member, pointer: () -> JSONPointer, readers: Set<Platform>,
                                      into sink: inout DiagnosticSink) {
        guard readers.contains(.ios), hasDeferredIOSIssue(in: member.keyRange) else { return }
        fail([.ios], "the key \(MessageText.quoted(member.key)) holds a lone surrogate escape, which iOS's decoder cannot turn into text",
             at: member.keyRange, pointer: pointer(), into: &sink)
    }

    // MARK: After the walk

    /// iOS builds its screen dictionary and reads two values only after the decode succeeded:
    /// the traps of `compat.ios-crash` need both.
    func reportIOSCrashes(_ root: JSONNode, into sink: inout DiagnosticSink) {
        guard platforms.contains(.ios), !iosFails else { return }
        CompatIOSCrashRule.check(root, unknownScreenKeys: iosCrashKeys, into: &sink)
    }

    /// A response with a JSON syntax error is one neither SDK can decode (docs/formats.md, "JSON syntax policy"): one
    /// `compat.*-decode-failure` per target platform, at the first such error. A duplicate key or a
    /// byte-order mark is not one: both decoders read past them.
    /// iOS accepts some errors and reads past others until a field it reads holds one
    /// (`iosVerdicts`, one per issue; the schema walk reports those).
    static func reportUndecodable(_ issues: [JSONSyntaxIssue], iosVerdicts: [IOSDeferredSyntax.Verdict] = [],
                                  platforms: Set<Platform>, into sink: inout DiagnosticSink) {
        func first(ios: Bool) -> ByteRange? {
            guard let first = issues.indices.first(where: { index in
                switch issues[index].kind {
                case .duplicateKey, .byteOrderMark, .tooManyIssues: return false
                default: return !ios || index >= iosVerdicts.count || iosVerdicts[index] == .fails
                }
            }).map({ issues[$0] }) else { return nil }
            return first.range.count == 0 ? first.range : ByteRange(first.range.start, first.range.start + 1)
        }
        if platforms.contains(.ios), let range = first(ios: true) {
            sink.emit(.iosCannotParse, at: range)
        }
        if platforms.contains(.android), let range = first(ios: false) {
            sink.emit(.androidCannotParse, at: range)
        }
    }
}
