import JSONSyntax

extension PayloadBuilder {
    /// A locale's payloads, one for each of `platforms` in their order. Its texts and its
    /// `localized_strings` (most of a payload's bytes) are built, and those written, once for
    /// every platform; with `hashing`, each payload's SHA-256 is computed here, while its bytes
    /// are still in the cache.
    static func payloads(_ resolved: ResolvedConfig, platforms: [Platform], locale: String, customer: Customer?,
                         layout: StringsLayout, hashing: Bool) -> [CompiledPayload] {
        let texts = texts(resolved, locale: locale)
        var shared: (tree: JSONValue, bytes: [UInt8])?
        return platforms.map { platform in
            let builder = PayloadBuilder(resolved: resolved, platform: platform, locale: locale, customer: customer, texts: texts,
                                         layout: layout)
            let strings = shared ?? Self.written(.record(builder.localizedStrings()))
            shared = strings
            let center = builder.center(localizedStrings: strings.tree)
            let bytes = document(center: center, locale: locale, localizedStrings: strings.bytes)
            return CompiledPayload(platform: platform, locale: locale, bytes: bytes, tree: .record([("customer_center", .record(center))]),
                                   sha256: hashing ? SHA256.hex(bytes) : nil)
        }
    }

    /// A locale's `localized_strings` with its bytes as the writer writes them where the
    /// payload has it (three levels in).
    private static func written(_ strings: JSONValue) -> (tree: JSONValue, bytes: [UInt8]) {
        var bytes: [UInt8] = []
        JSONWriter(sortKeys: true).write(strings, indent: 3, into: &bytes)
        return (strings, bytes)
    }

    /// The payload's bytes: exactly `JSONWriter(sortKeys: true).write` of the tree `build` makes
    /// (`CompilerTests` compares them), with the `localized_strings` bytes given rather than
    /// written again.
    static func document(center: [(String, JSONValue)], locale: String, localizedStrings: [UInt8]) -> [UInt8] {
        let writer = JSONWriter(sortKeys: true)
        var out: [UInt8] = []
        out.reserveCapacity(localizedStrings.count + 4096)
        out += #"{\#n  "customer_center": {\#n"#.utf8
        let members = center.sorted { JSONWriter.keyOrder($0.0, $1.0) }
        for (index, (key, value)) in members.enumerated() {
            out += "    ".utf8
            JSONWriter.appendQuoted(key, to: &out)
            out += ": ".utf8
            if key == "localization" {
                // `build`'s localization: the locale, then the table ("locale" sorts first).
                out += #"{\#n      "locale": "#.utf8
                JSONWriter.appendQuoted(locale, to: &out)
                out += #",\#n      "localized_strings": "#.utf8
                out += localizedStrings
                out += "\n    }".utf8
            } else {
                writer.write(value, indent: 2, into: &out)
            }
            if index < members.count - 1 { out.append(0x2C) }
            out.append(0x0A)
        }
        out += "  }\n}\n".utf8
        return out
    }
}
