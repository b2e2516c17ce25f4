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
                let need = field.need(on: .android)
                decoders.reportIgnoredOnAndroid(spelling, field: field.name, androidReads: need != .ignored, androidRequires: need == .required,
                                                snakeCase: androidMatch[field.name], pointer: pointer.appending(spelling.key).resolved,
                                                readers: readers, into: &sink)
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
