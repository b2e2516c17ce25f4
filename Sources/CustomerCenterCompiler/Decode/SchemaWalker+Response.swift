import JSONSyntax

extension SchemaWalker {
    /// Matches members to fields as each SDK does: iOS converts keys from snake_case
    /// (`convertFromSnakeCase`, so camelCase keys match too); Android reads the exact snake_case name.
    mutating func walkResponseObject(_ node: JSONNode, members: JSONNode.Members, _ schema: ObjectSchema, pointer: PendingPointer,
                                     anchor: ByteRange, readers: Set<Platform>) {
        var iosMatch: [String: JSONNode.Member] = [:]
        var androidMatch: [String: JSONNode.Member] = [:]
        var seenKeys = Set<String>()
        let dedupe = hasRepeatedKeys(node.range)
        for member in members {
            let key = member.key
            if dedupe, !seenKeys.insert(key).inserted { continue }
            checkDeferredIOSKey(member, pointer: pointer, readers: readers)
            var matched = false
            if let field = schema.field(key) {
                androidMatch[field.name] = androidMatch[field.name] ?? member
                matched = true
            }
            let converted = KeyConversion.convertFromSnakeCase(key)
            if let field = schema.fields.first(where: { KeyConversion.camelCase($0.name) == converted }) {
                iosMatch[field.name] = iosMatch[field.name] ?? member
                matched = true
            }
            if !matched { unknownField(member, in: schema, pointer: pointer) }
        }
        for field in schema.fields {
            var walkers: [(JSONNode.Member, Set<Platform>)] = []
            for platform in readers.sorted() {
                let need = field.need(on: platform)
                if need == .ignored { continue }
                let member = platform == .ios ? iosMatch[field.name] : androidMatch[field.name]
                guard let member else {
                    if need == .required {
                        var reason = "missing required key \(MessageText.quoted(field.name)) in \(schema.noun)"
                        if platform == .android, let other = iosMatch[field.name] {
                            reason += " (Android reads only snake_case keys; \(MessageText.quoted(other.key)) is ignored)"
                        }
                        fail([platform], reason, at: anchor, pointer: pointer.resolved)
                    }
                    continue
                }
                if member.value.isNull {
                    if need == .required || need == .optionalNotNull {
                        fail([platform], "\(MessageText.quoted(field.name)) is null", at: member.value.range, pointer: pointer.appending(member.key).resolved)
                    }
                    continue
                }
                if let index = walkers.firstIndex(where: { $0.0.keyRange == member.keyRange }) {
                    walkers[index].1.insert(platform)
                } else {
                    walkers.append((member, [platform]))
                }
            }
            if let spelling = iosMatch[field.name], spelling.keyRange != androidMatch[field.name]?.keyRange {
                reportIgnoredOnAndroid(spelling, field: field, snakeCase: androidMatch[field.name], pointer: pointer, readers: readers)
            }
            if walkers.isEmpty, let member = androidMatch[field.name] ?? iosMatch[field.name], !member.value.isNull {
                // No target SDK reads it: still check its shape for schema.* findings, with no compat prediction.
                walk(member.value, field.type, pointer: pointer.appending(member.key), anchor: member.keyRange, name: field.name, readers: [])
            }
            for (member, platformsReading) in walkers {
                walk(member.value, field.type, pointer: pointer.appending(member.key), anchor: member.keyRange,
                     name: field.name, readers: platformsReading)
            }
        }
    }

    /// A key iOS converts to a field (`feedbackSurvey`, `FEEDBACK_SURVEY`) that Android's exact
    /// snake_case lookup passes over (`ignoreUnknownKeys`): the value is lost on Android. A missing
    /// required field is already a decode failure that names the spelling, so not reported twice.
    mutating func reportIgnoredOnAndroid(_ member: JSONNode.Member, field: Field, snakeCase: JSONNode.Member?,
                                         pointer: PendingPointer, readers: Set<Platform>) {
        guard readers.contains(.android), platforms.contains(.android), field.need(on: .android) != .ignored else { return }
        if snakeCase == nil, field.need(on: .android) == .required { return }
        sink.emit(.androidIgnoresKey(member.key, field: field.name, readAlso: snakeCase != nil, iosTargeted: platforms.contains(.ios)),
                  at: member.keyRange, pointer: pointer.appending(member.key).resolved)
    }

    /// Screen map keys: iOS maps every unknown key to `.unknown` (two of them trap at run time);
    /// Android drops a screen whose key is not a `ScreenType` name.
    mutating func checkScreenKeys(_ members: JSONNode.Members, pointer: PendingPointer, readers: Set<Platform>) {
        // What counts is distinct keys as Swift's String compares them: a key written twice, or
        // precomposed and decomposed spellings of it, is one dictionary entry (no crash).
        var seen = Set<String>()
        let unknownForIOS = members.filter { !SharedSchema.screenKeys.contains($0.key) && seen.insert($0.key).inserted }
        if readers.contains(.ios), unknownForIOS.count >= 2 { iosCrashKeys = unknownForIOS }
        guard readers.contains(.android), platforms.contains(.android) else { return }
        for member in members where !(SharedSchema.screenKeys + ["UNKNOWN"]).contains(member.key) {
            let screenPointer = pointer.appending(member.key)
            droppedOnAndroid.insert(screenPointer.resolved)
            sink.emit(.androidDrops("screen", because: "\(MessageText.quoted(member.key)) is not a screen type it knows (MANAGEMENT, NO_ACTIVE)"),
                      at: member.keyRange, pointer: screenPointer.resolved)
        }
    }

    /// Android decodes enums strictly and fails on colours it cannot parse.
    mutating func checkAndroidValue(_ text: String, _ schema: StringSchema, node: JSONNode, pointer: PendingPointer, name: String,
                                    readers: Set<Platform>) {
        guard readers.contains(.android) else { return }
        if !schema.enumValues.isEmpty, !schema.enumValues.contains(text), !schema.androidExtraValues.contains(text) {
            fail([.android], "\(MessageText.quoted(text)) is not a value Android knows for \(MessageText.quoted(name))", at: node.range, pointer: pointer.resolved)
        }
        if schema.pattern == SharedSchema.colorPattern {
            switch AndroidColor.parse(text) {
            case .parsed: break
            case .rejected:
                // The one finding for this colour in a response (appearance.invalid-color stands down): say what iOS does too.
                let ios = platforms.contains(.ios) ? " (iOS ignores it and uses the system colour)" : ""
                fail([.android], "Android cannot parse the colour \(MessageText.quoted(text))\(ios)", at: node.range, pointer: pointer.resolved)
            case .crashes:
                guard platforms.contains(.android) else { break }
                sink.emit(.androidCrashOnEmptyColor, at: node.range, pointer: pointer.resolved)
            }
        }
    }

    /// Records what happens on each platform in `readers` when its decoder meets this problem.
    mutating func fail(_ readers: Set<Platform>, _ reason: String, at range: ByteRange, pointer: JSONPointer? = nil) {
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
}

/// iOS's `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, and the camelCase property
/// names the Swift structs use.
enum KeyConversion {
    /// `ios_offer_id` → `iosOfferId`; single words unchanged; leading/trailing `_` kept; empty parts skipped.
    static func convertFromSnakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }), let last = scalars.lastIndex(where: { $0 != "_" }) else { return key }
        let middle = String(String.UnicodeScalarView(scalars[first...last]))
        let parts = middle.split(separator: "_")
        guard parts.count > 1 else { return key }
        var result = String(String.UnicodeScalarView(scalars[..<first]))
        result += parts[0].lowercased()
        for part in parts.dropFirst() {
            result += part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }
        result += String(String.UnicodeScalarView(scalars[(last + 1)...]))
        return result
    }

    /// The Swift property name of a snake_case field.
    static func camelCase(_ snake: String) -> String { convertFromSnakeCase(snake) }
}
