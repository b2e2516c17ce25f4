import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// How `compile` makes a payload's bytes (docs/performance.md "`compile`"): a locale's
/// `localized_strings` written once for every platform and spliced into each payload, the
/// locales' payloads built on the run's threads, each hashed as it is built for `--out-dir`.
/// None of it may change a byte.
@Suite struct PayloadBytesTests {
    static let configs = ["customer_center.json", "customer_center.v2.json", "default.json", "long_title.json"]

    static func payloads(_ name: String, jobs: Int?, locales: [String]? = nil) throws -> [CompiledPayload] {
        var settings = RunSettings()
        settings.jobs = jobs
        let source = try CompilerTests.source(name)
        let job = Compile(source, lintOptions: LintOptions(platforms: [.ios, .android]), options: CompileOptions(locales: locales))
        return try #require(Workspace(settings: settings).run(job).payloads)
    }

    /// Each payload's bytes are the writer's text of its tree, byte for byte, whatever the
    /// locale (a table locale, one that falls back to its language, one the table lacks).
    @Test(arguments: configs)
    func eachPayloadIsTheWritersTextOfItsTree(_ name: String) throws {
        for locales in [nil, ["pt-BR", "zh-Hant", "tlh"]] as [[String]?] {
            let payloads = try Self.payloads(name, jobs: nil, locales: locales)
            #expect(!payloads.isEmpty)
            for payload in payloads {
                let written = JSONWriter(sortKeys: true).write(payload.tree)
                #expect(payload.bytes == Array(written.utf8), "\(name) \(payload.platform) \(payload.locale)")
                #expect(payload.text == written)
                #expect(payload.sha256 == nil)
            }
        }
    }

    /// On one thread or on several, the same payloads in the same order: every platform's, each
    /// in the locales' order.
    @Test(arguments: configs)
    func theThreadsChangeNothing(_ name: String) throws {
        let alone = try Self.payloads(name, jobs: 1)
        let shared = try Self.payloads(name, jobs: 3)
        #expect(alone == shared)
        let platforms = Array(Set(alone.map(\.platform))).sorted()
        var locales: [String] = []
        for payload in alone where !locales.contains(payload.locale) { locales.append(payload.locale) }
        #expect(alone.map { "\($0.platform.rawValue)/\($0.locale)" } == platforms.flatMap { platform in locales.map { "\(platform.rawValue)/\($0)" } })
    }

    /// `--out-dir`'s payloads come hashed: the SHA-256 of the bytes written, which the manifest records.
    @Test func theHashIsTheBytesHash() throws {
        let source = try CompilerTests.source("default.json")
        let analysis = Pipeline.run(Policy(options: LintOptions(platforms: [.ios, .android]), settings: RunSettings()).request(for: source)).analysis
        let resolved = try #require(analysis.resolved)
        let payloads = Compiler.payloads(resolved, platforms: [.ios, .android], locales: ["de", "ja"], jobs: 2, hashing: true)
        #expect(payloads.count == 4)
        for payload in payloads { #expect(payload.sha256 == SHA256.hex(payload.bytes)) }
        let manifest = Compiler.manifest(payloads, source: source)
        for payload in payloads { #expect(manifest.contains(SHA256.hex(payload.bytes))) }
    }
}
