import JSONSyntax

/// Why `pull` could not get a body: one line for people, never holding the API key.
package struct PullFailure: Error, Sendable {
    /// One line, lower-case start.
    package var message: String

    package init(message: String) { self.message = message }
}

/// Where `pull` gets Customer Center configs from (the command line's asks RevenueCat's API with
/// its retry policy; a test's can answer from memory). The job decides what is fetched, checks
/// each body and saves them; the source knows only the network.
package protocol PulledConfigSource {
    /// Where the bodies come from, as messages name it (`host:port`).
    var origin: String { get }
    /// The unprocessed config (`platform` `nil`), or what `platform`'s SDK gets for `locale`.
    func body(platform: Platform?, locale: String?) throws(PullFailure) -> [UInt8]
    /// `text` with every secret the source holds replaced (a server's echo, a locale code).
    func redact(_ text: String) -> String
}

/// The saving half of `pull` (docs/pull.md): every body fetched and checked in memory
/// first (whole JSON with an object at its root), then written through the guarded writer (never
/// over the run's configuration file or baseline), then, with `lint`, the saved files linted as
/// `lint FILE…` would (one run per pulled platform, so a response is checked for its SDK).
package struct SavePulled {
    /// Where the bodies go.
    package enum Destination: Sendable {
        /// One body on standard output.
        case standardOutput
        /// One body in a file (`-o`).
        case file(String)
        /// Every locale of the unprocessed config: `DIR/<platform>/<locale>.json` (`--locale all --out-dir`).
        case everyLocale(directory: String)
    }

    /// `--platform`; `nil`: the unprocessed config (or both platforms, for every locale).
    package var platform: Platform?
    /// `--locale` (one code, with `platform`).
    package var locale: String?
    /// Where the bodies go.
    package var destination: Destination
    /// `--lint`: lint what was saved.
    package var lint: Bool
    /// Where the bodies come from.
    package var source: any PulledConfigSource

    /// The flag that names where the bodies go (for a refusal).
    var optionName: String {
        if case .everyLocale = destination { return "--out-dir" }
        return "-o"
    }

    package init(platform: Platform?, locale: String?, destination: Destination, lint: Bool, from source: any PulledConfigSource) {
        self.platform = platform
        self.locale = locale
        self.destination = destination
        self.lint = lint
        self.source = source
    }
}

extension SavePulled: Job {
    /// Fetches, checks and saves every body, then lints what was saved if asked; gives back the
    /// files written, in order.
    package func run(in context: inout RunContext) -> [String] {
        // Outputs never land on the run's own inputs (the configuration file, the baseline).
        for input in [context.settings.configurationPath, context.settings.baselinePath].compactMap({ $0 }) { context.writer.noteRead(input) }
        switch destination {
        case .standardOutput: break
        case .file(let path): if context.refuses(path, option: "-o") { return [] }
        case .everyLocale(let directory): if context.refuses(directory, option: "--out-dir") { return [] }
        }
        let pulled: [(path: String, bytes: [UInt8], platform: Platform?)]
        do {
            pulled = try Self.fetch(self, from: source)
        } catch {
            context.log.record(.notPulled(message: error.message))
            return []
        }
        // Every body arrived whole and parsed: only now is anything written.
        var saved: [String] = []
        for item in pulled {
            if item.path == "-" {
                context.log.print(String(decoding: item.bytes, as: UTF8.self))
                continue
            }
            do { try FileSystem.makeDirectories(FileSystem.directory(of: FileSystem.absolute(item.path))) } catch {
                context.log.record(.writeFailed(path: item.path, message: error.message))
                return saved
            }
            guard context.write(item.bytes, to: item.path, option: optionName) else { return saved }
            saved.append(item.path)
        }
        guard lint else { return saved }
        // One lint per pulled platform, so a response is checked for its SDK.
        let settings = context.settings
        for platform in [Platform?.none] + Platform.allCases.map(Optional.some) {
            let paths = pulled.filter { $0.platform == platform }.map(\.path)
            guard !paths.isEmpty else { continue }
            if let platform { context.settings.platforms = [platform] }
            Lint(paths).lint(paths, in: &context)
            context.settings = settings
        }
        return saved
    }

    /// Every body the job saves, fetched and checked, in memory.
    private static func fetch(_ job: SavePulled, from source: any PulledConfigSource) throws(PullFailure) -> [(path: String, bytes: [UInt8], platform: Platform?)] {
        guard case .everyLocale(let directory) = job.destination else {
            let path: String
            if case .file(let file) = job.destination { path = file } else { path = "-" }
            return [(path, try checkedBody(from: source, platform: job.platform, locale: job.locale), job.platform)]
        }
        let locales = try PulledConfig.locales(ofUnprocessed: try checkedBody(from: source, platform: nil, locale: nil), redact: source.redact)
        var pulled: [(path: String, bytes: [UInt8], platform: Platform?)] = []
        for platform in job.platform.map({ [$0] }) ?? Platform.allCases {
            for locale in locales {
                let body = try checkedBody(from: source, platform: platform, locale: locale)
                pulled.append((directory + "/" + platform.rawValue + "/" + locale + ".json", body, platform))
            }
        }
        return pulled
    }

    /// One body, refused unless it is whole, well-formed JSON with an object at its root.
    private static func checkedBody(from source: any PulledConfigSource, platform: Platform?, locale: String?) throws(PullFailure) -> [UInt8] {
        let body = try source.body(platform: platform, locale: locale)
        let what = platform.map { "the \($0.rawValue) config" + (locale.map { " for '\(source.redact($0))'" } ?? "") } ?? "the unprocessed config"
        if let problem = PulledConfig.problem(of: body, redact: source.redact) {
            throw PullFailure(message: "\(what) from \(source.origin) is \(problem); nothing was written")
        }
        return body
    }
}

/// What `pull` asks of a body it fetched: is it whole, and which locales does it name.
package enum PulledConfig {
    /// Why `body` cannot be saved (not whole JSON, or JSON but not an object), or `nil`.
    package static func problem(of body: [UInt8], redact: (String) -> String = { $0 }) -> String? {
        let source = SourceFile(path: "body", bytes: body)
        if let syntax = DocumentReader.syntaxErrors(of: Pipeline.read(source)).first {
            let place = source.location(of: syntax.range.start)
            return "not whole JSON (truncated or not JSON): \(redact(syntax.message)) at byte \(syntax.range.start) (line \(place.line))"
        }
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return "JSON but not an object" }
        return nil
    }

    /// The locales of the unprocessed config (its default and supported ones), each usable as a
    /// file name, or why not.
    package static func locales(ofUnprocessed body: [UInt8], redact: (String) -> String = { $0 }) throws(PullFailure) -> [String] {
        guard let resolved = Pipeline.decode(SourceFile(path: "unprocessed config", bytes: body), stopAfter: .resolve).resolved else {
            throw PullFailure(message: "the unprocessed config is not a Customer Center config; cannot learn its locales")
        }
        let locales = resolved.targetLocaleCodes
        guard !locales.isEmpty else { throw PullFailure(message: "the unprocessed config names no locale (localization.supported or default)") }
        if let bad = locales.first(where: { !Compiler.isSafeFileName($0) }) {
            throw PullFailure(message: "the locale '\(redact(bad))' cannot be a file name; nothing was written")
        }
        return locales
    }
}
