import JSONSyntax

/// What to compile: platforms, locales, and optionally a customer to evaluate eligibility for.
public struct CompileOptions: Sendable {
    /// Platforms; `nil` = the target platforms of the lint (flag, configuration, inference).
    public var platforms: Set<Platform>?
    /// Locales; `nil` = the default locale and every supported locale.
    public var locales: [String]?
    /// The customer, when `--first-seen` / `--first-purchase` are given (else every offer is eligible).
    public var customer: Customer?

    /// Creates options.
    public init(platforms: Set<Platform>? = nil, locales: [String]? = nil, customer: Customer? = nil) {
        self.platforms = platforms
        self.locales = locales
        self.customer = customer
    }
}

/// One compiled payload.
public struct CompiledPayload: Sendable, Equatable {
    /// The SDK it is for.
    public var platform: Platform
    /// The locale, as written in the config.
    public var locale: String
    /// The payload text: sorted keys, 2-space indent, trailing newline (decoded from the payload's
    /// UTF-8 when asked: `compile --out-dir` writes and hashes the bytes and never needs it).
    public var text: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }
    /// The payload's UTF-8, as written to its file.
    package var bytes: [UInt8]
    /// The payload as a tree (the bundle embeds it without parsing the text again).
    var tree: JSONValue
    /// The lowercase hex SHA-256 of ``bytes`` when the run asked for it (`--out-dir`'s manifest),
    /// computed on the thread that wrote them.
    var sha256: String?
}

/// The compiler pipeline: lint (refusing on errors), then one payload per platform and locale.
package enum Compiler {
    /// One payload per platform and locale of an error-free config, in platform, then locale order,
    /// each locale's payloads built on one of up to `jobs` threads (`nil`: every core); with
    /// `hashing`, each payload's SHA-256 computed there too.
    package static func payloads(_ resolved: ResolvedConfig, platforms: Set<Platform>, locales: [String],
                                customer: Customer? = nil, jobs: Int? = nil, hashing: Bool = false) -> [CompiledPayload] {
        let platforms = platforms.sorted()
        let layout = StringsLayout(resolved.config)
        let byLocale = Parallel.map(locales, jobs: jobs) { locale in
            PayloadBuilder.payloads(resolved, platforms: platforms, locale: locale, customer: customer, layout: layout, hashing: hashing)
        }
        return platforms.indices.flatMap { platform in byLocale.map { $0[platform] } }
    }

    /// `--bundle`: every payload in one document (docs/commands.md, `compile`).
    package static func bundle(_ payloads: [CompiledPayload], source: SourceFile) -> String {
        var byPlatform: [(String, JSONValue)] = []
        for platform in Platform.allCases {
            let mine = payloads.filter { $0.platform == platform }
            guard !mine.isEmpty else { continue }
            byPlatform.append((platform.rawValue, .record(mine.map { ($0.locale, $0.tree) })))
        }
        return JSONWriter(sortKeys: true).write(.record([
            ("version", .integer(1)),
            ("source", sourceRecord(source)),
            ("builtInStrings", builtInStringsRecord),
            ("payloads", .record(byPlatform)),
        ]))
    }

    /// `--out-dir`'s `manifest.json`: source digest, platforms, locales, per-payload sha256.
    /// `carried`: payloads of an earlier compile it still governs (kept because the platforms
    /// were inferred), with the sha256 recorded for them then. `digests`: each payload's
    /// sha256 when the caller has them already (hashed once per run).
    package static func manifest(_ payloads: [CompiledPayload], source: SourceFile, carried: [(path: String, sha256: String?)] = [],
                                 digests: [String]? = nil) -> String {
        let digests = digests ?? payloads.map { $0.sha256 ?? SHA256.hex($0.bytes) }
        var platforms: [String] = []
        var locales: [String] = []
        for payload in payloads {
            if !platforms.contains(payload.platform.rawValue) { platforms.append(payload.platform.rawValue) }
            if !locales.contains(payload.locale) { locales.append(payload.locale) }
        }
        return JSONWriter(sortKeys: true).write(.record([
            ("version", .integer(1)),
            ("source", sourceRecord(source)),
            ("builtInStrings", builtInStringsRecord),
            ("platforms", .list(platforms.map(JSONValue.text))),
            ("locales", .list(locales.map(JSONValue.text))),
            ("payloads", .record(zip(payloads, digests).map { (relativePath(of: $0), .record([("sha256", .text($1))])) }
                + carried.map { ($0.path, .record($0.sha256.map { [("sha256", .text($0))] } ?? [])) })),
        ]))
    }

    /// The payloads a `manifest.json` lists, with the sha256 it recorded for each, keeping only
    /// names of the form this compiler writes (`<platform>/<safe locale>.json`): a manifest
    /// edited by hand cannot point `compile` at any other file.
    package static func manifestPayloads(_ manifest: SourceFile) -> [(path: String, sha256: String?)] {
        let parsed = JSONParser.parse(manifest.bytes)
        guard parsed.issues.isEmpty, let root = parsed.root, case .object(let members) = root.kind,
              let payloads = members.first(where: { $0.key == "payloads" }), case .object(let entries) = payloads.value.kind else { return [] }
        return entries.compactMap { entry in
            let parts = entry.key.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, Platform(rawValue: String(parts[0])) != nil, parts[1].hasSuffix(".json"),
                  isSafeFileName(String(parts[1].dropLast(5))) else { return nil }
            var digest: String?
            if case .object(let fields) = entry.value.kind, let field = fields.first(where: { $0.key == "sha256" }),
               case .string(let text) = field.value.kind {
                digest = text
            }
            return (entry.key, digest)
        }
    }

    /// Whether `bytes` are a `manifest.json` this compiler wrote: an object whose `source` is an
    /// object with a `sha256` and whose `payloads` is an object. A folder whose `manifest.json`
    /// is anything else (a web app's manifest, a list written by hand) has no manifest of its
    /// own, and `compile --out-dir` replaces none of its files without `--force`.
    package static func isOwnManifest(_ bytes: [UInt8]) -> Bool {
        let parsed = JSONParser.parse(bytes)
        guard parsed.issues.isEmpty, let root = parsed.root, case .object(let members) = root.kind,
              let source = members.first(where: { $0.key == "source" }), case .object(let fields) = source.value.kind,
              fields.contains(where: { $0.key == "sha256" }),
              let payloads = members.first(where: { $0.key == "payloads" }), case .object = payloads.value.kind else { return false }
        return true
    }

    /// Whether a locale code can be used as a file name (`--out-dir`): letters, digits, `-`, `_`.
    /// A code from the config is user input; this keeps it from naming a path outside the directory.
    package static func isSafeFileName(_ locale: String) -> Bool {
        !locale.isEmpty && locale.count <= 64
            && locale.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// `<platform>/<locale>.json`.
    package static func relativePath(of payload: CompiledPayload) -> String {
        "\(payload.platform.rawValue)/\(payload.locale).json"
    }

    /// Which translation table of the SDKs' built-in labels the payloads carry.
    static let builtInStringsRecord = JSONValue.record([
        ("version", .text(BuiltInStrings.version)), ("keys", .integer(SDKStrings.orderedKeys.count)),
        ("locales", .list(BuiltInStrings.locales.map(JSONValue.text))),
    ])

    static func sourceRecord(_ source: SourceFile) -> JSONValue {
        .record([("path", .text(source.path)), ("sha256", .text(SHA256.hex(source.bytes)))])
    }
}
