#!/usr/bin/env bash
# The library as a dependency (docs/library.md, issue 29): a package made outside the repository, in a
# temporary directory, depends on this one by path (product CustomerCenterCompiler) as an app team's
# package would, and its own test lints a config with defects (rule id, line, severity, counts,
# verdict), lints a clean example, fixes, formats, diffs, renders and compiles payloads. Being another
# package, it reaches the public API only (`package` access stops at the package boundary), so a
# public entry point or value that is removed, renamed or narrowed fails its build: the test names it.
# Usage: Scripts/ci/test-library-consumer.sh   (KEEP=1 keeps the temporary directory for a look)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/cc-consumer.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then trap 'echo "kept $work"' EXIT; else trap 'rm -rf "$work"' EXIT; fi
pkg="$work/AppConfigCheck"
mkdir -p "$pkg/Sources/AppConfigCheck" "$pkg/Tests/AppConfigCheckTests"
# A path dependency's identity is its folder's name: whatever the clone is called, say that one.
identity=$(basename "$repo")

cat > "$pkg/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AppConfigCheck",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "AppConfigCheck", dependencies: [.product(name: "CustomerCenterCompiler", package: "$identity")]),
        .testTarget(name: "AppConfigCheckTests", dependencies: ["AppConfigCheck", .product(name: "CustomerCenterCompiler", package: "$identity")]),
    ]
)
EOF

# The app's own code: a server validating an uploaded config.
cat > "$pkg/Sources/AppConfigCheck/UploadCheck.swift" <<'EOF'
import CustomerCenterCompiler

/// Accepts an uploaded Customer Center config when it passes the lint gate; the report says why not.
public func checkUpload(named name: String, bytes: [UInt8]) -> (accepted: Bool, report: String) {
    let result = Workspace().run(Lint(sources: [SourceFile(path: name, bytes: bytes)]))
    return (result.verdict == .passed, ReportRenderer.render(result.report, format: .compact))
}
EOF

cat > "$pkg/Tests/AppConfigCheckTests/ConfigTests.swift" <<'EOF'
import Foundation
import Testing
import AppConfigCheck
import CustomerCenterCompiler

/// An app team's checks of its bundled config, written against docs/library.md only.
@Suite struct ConfigTests {
    static let examples = (ProcessInfo.processInfo.environment["CUSTOMER_CENTER_REPO"] ?? "") + "/Examples/"

    static func example(_ name: String) throws -> SourceFile {
        let data = try #require(FileManager.default.contents(atPath: examples + name), "\(examples + name) is readable")
        return SourceFile(path: name, bytes: [UInt8](data))
    }

    @Test func aConfigWithDefectsFailsWithItsFindings() throws {
        let source = try Self.example("broken.json")
        let result = Workspace().run(Lint(sources: [source]))
        let findings = result.report.allDiagnostics
        #expect(findings.map(\.id.rawValue) == ["json.comment", "json.trailing-comma", "l10n.missing-translation", "json.duplicate-key",
                                                 "screen.missing", "screen.empty-paths", "json.syntax"])
        let comma = try #require(findings.first { $0.id == "json.trailing-comma" })
        let at = source.location(of: comma.range.start)
        #expect((at.line, at.column) == (5, 29))
        #expect(comma.severity == .error)
        #expect(comma.fixApplicability == .safe)
        #expect(comma.pointer == JSONPointer(tokens: ["localization", "supported"]))
        #expect(comma.id.descriptor?.isSyntax == true)
        let duplicate = try #require(findings.first { $0.id == "json.duplicate-key" })
        #expect(duplicate.notes.map { source.location(of: $0.range.start).line } == [7], "first defined on line 7")
        let counts = result.report.counts
        #expect((counts.errors, counts.warnings, counts.notes, counts.total) == (4, 3, 0, 7))
        #expect(counts.byRule["screen.missing"] == 1)
        #expect(result.verdict == .failed(reason: nil))
        #expect(ReportRenderer.render(result.report, format: .human)
            .contains("broken.json:5:29: error: trailing comma before ']' [json.trailing-comma]"))
        #expect(checkUpload(named: "broken.json", bytes: source.bytes).accepted == false)
    }

    @Test func aConfigurationSetsLevels() throws {
        let configuration = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: #"{"rules": {"screen.*": "off"}}"#))
        #expect(configuration.isValid)
        let result = Workspace().run(Lint(sources: [try Self.example("broken.json")], configuration: configuration))
        #expect(result.report.counts.warnings == 1, "only l10n.missing-translation is left")
        let unknown = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: #"{"rules": {"screen.mising": "off"}}"#))
        #expect(!unknown.isValid)
        #expect(Workspace().run(Lint(sources: [try Self.example("broken.json")], configuration: unknown)).verdict == .invalidConfiguration)
    }

    @Test func theCleanExamplePasses() throws {
        var settings = RunSettings()
        settings.strict = true
        let result = Workspace(settings: settings).run(Lint([Self.examples + "customer_center.json"]))
        #expect(result.verdict == .passed)
        #expect(result.report.files.count == 1 && result.report.unreadable.isEmpty)
        #expect(result.report.counts.total == 0)
        let missing = Workspace(settings: settings).run(Lint([Self.examples + "no-such-file.json"]))
        #expect(missing.verdict == .unreadable && missing.report.unreadable.count == 1)
        let clean = try Self.example("customer_center.json")
        #expect(checkUpload(named: "customer_center.json", bytes: clean.bytes).accepted)
    }

    @Test func compilesOnePayloadPerPlatformAndLocale() throws {
        let result = Workspace().run(Compile(try Self.example("customer_center.json"),
                                     options: CompileOptions(platforms: [.ios, .android], locales: ["en", "de"])))
        let payloads = try #require(result.payloads, "compiled")
        #expect(payloads.map { "\($0.platform.rawValue)/\($0.locale)" } == ["android/en", "android/de", "ios/en", "ios/de"], "platform order, then the locales as given")
        for payload in payloads {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(payload.text.utf8)) as? [String: Any])
            let localization = (json["customer_center"] as? [String: Any])?["localization"] as? [String: Any]
            #expect(localization?["locale"] as? String == payload.locale)
        }
        #expect(result.verdict == .passed)
        #expect(result.bundle?.contains("\"payloads\"") == true)
        let refused = Workspace().run(Compile(try Self.example("broken.json")))
        #expect(refused.payloads == nil && refused.verdict != .passed)
    }

    @Test func fixesFormatsAndDiffs() throws {
        let fixed = Workspace().run(Autofix(try Self.example("broken.json"), unsafe: false))
        #expect(fixed.changed && fixed.applied == 3)
        #expect(!fixed.report.allDiagnostics.contains { $0.id == "json.trailing-comma" || $0.id == "json.comment" })
        let formatted = Formatter.format(try Self.example("customer_center.json"))
        #expect(formatted.formatted != nil && !formatted.changesFile)
        let diff = ConfigDiff.compare(try Self.example("customer_center.json"), try Self.example("customer_center.v2.json"))
        #expect(diff.problem == nil)
        #expect(diff.changes.count == 4 && diff.hasBreakingChanges)
        #expect(DiffRenderer.human(diff.changes).hasSuffix("4 changes, 2 breaking\n"))
        #expect(ConfigDiff.compare(try Self.example("broken.json"), try Self.example("customer_center.json")).problem != nil)
    }
}
EOF

echo "test-library-consumer: a package in $work depends on $repo (product CustomerCenterCompiler)"
log="$work/swift-test.log"
started=$SECONDS
# TMPDIR inside the temporary directory: SwiftPM leaves its lock files for the scratch path there.
mkdir -p "$work/tmp"
if ! TMPDIR="$work/tmp" CUSTOMER_CENTER_REPO="$repo" swift test --package-path "$pkg" --scratch-path "$work/.build" >"$log" 2>&1; then
  grep -E "error:|✘|failed" "$log" >&2 || tail -40 "$log" >&2
  echo "test-library-consumer: FAILED: the consumer package does not build or its test fails against the public API (above)" >&2
  exit 1
fi
grep -E "Test run with" "$log" || true
echo "test-library-consumer: ok ($((SECONDS - started)) s: resolve, build the library as a dependency, test)"
