import Foundation
import Testing
import TestSupport
import CustomerCenterCompiler

/// `--oldest-sdk` and `oldest_sdk` (docs/sdk-compatibility.md): the SDK versions still in the field,
/// on every command that lints; a malformed version is a usage error naming the accepted form.
@Suite(.serialized) struct OldestSDKCommandTests {
    /// A CUSTOM_ACTION path: dropped by purchases-ios 5.7.0–5.33.x and purchases-android before 9.2.0.
    static let config = """
    {
      "localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}}},
      "support": {"email": "help@example.com"},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "rate", "type": "CUSTOM_ACTION", "title_key": "title", "action_identifier": "rate"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}
      }
    }

    """

    func lint(_ arguments: [String], files: [String: String] = [:]) throws -> CLIResult {
        let dir = try Scratch.directory("cc-oldest", files: ["cc.json": Self.config].merging(files) { $1 })
        return try CLI.run(["lint", "--format", "compact", "--platform", "all"] + arguments + ["cc.json"], in: dir)
    }

    @Test func withoutTheSettingNothingChanges() throws {
        let result = try lint([])
        #expect(result.status == 0 && !result.stdout.contains("[sdk."), "\(result.stdout)")
    }

    @Test func theFlagReportsTheVersionsInTheField() throws {
        let result = try lint(["--oldest-sdk", "ios=5.20.0,android=8.10.0"])
        #expect(result.stdout.contains("warning: iOS 5.7.0–5.33.x (in the field: oldest_sdk ios 5.20.0): a path of type CUSTOM_ACTION: dropped"), "\(result.stdout)")
        #expect(result.stdout.contains("raise the oldest iOS version to 5.34.0, or remove the path or use another type [sdk.hidden-on-old-version]"))
        #expect(result.stdout.contains("Android 8.12.0–9.1.x (in the field: oldest_sdk android 8.10.0)"))
        // One platform said: the other is today's SDK only.
        let iosOnly = try lint(["--oldest-sdk", "ios=5.34.0"])
        #expect(!iosOnly.stdout.contains("[sdk."), "\(iosOnly.stdout)")
    }

    @Test func theConfigurationFileSaysItAndTheFlagWinsPerPlatform() throws {
        let file = [".customer-center.json": #"{"oldest_sdk": {"ios": "5.20.0", "android": "9.2.0"}}"#]
        let fromFile = try lint([], files: file)
        #expect(fromFile.stdout.contains("iOS 5.7.0–5.33.x") && !fromFile.stdout.contains("Android 8.12.0"), "\(fromFile.stdout)")
        let overridden = try lint(["--oldest-sdk", "ios=5.40.0"], files: file)
        #expect(!overridden.stdout.contains("[sdk."), "\(overridden.stdout)")
    }

    @Test(arguments: ["ios=5.20", "ios=v5.20.0", "iso=5.20.0", "ios", "ios=5.20.0,ios=5.21.0"])
    func aMalformedValueIsAUsageError(_ value: String) throws {
        let result = try lint(["--oldest-sdk", value])
        #expect(result.status == 2 && result.stdout.isEmpty, "\(value): \(result.stderr)")
        #expect(result.stderr.contains("'--oldest-sdk'"))
    }

    @Test func theUsageErrorNamesTheAcceptedForm() throws {
        let result = try lint(["--oldest-sdk", "ios=5.20"])
        #expect(result.stderr.contains("MAJOR.MINOR.PATCH, e.g. 5.20.0"), "\(result.stderr)")
        let platform = try lint(["--oldest-sdk", "iso=5.20.0"])
        #expect(platform.stderr.contains("did you mean 'ios'?"), "\(platform.stderr)")
    }

    @Test func aMalformedVersionInTheFileStopsTheRun() throws {
        let result = try lint([], files: [".customer-center.json": #"{"oldest_sdk": {"ios": "5.20"}}"#])
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains(".customer-center.json") && result.stdout.contains("MAJOR.MINOR.PATCH"), "\(result.stdout)")
    }

    @Test func compileAndPullTakeTheFlag() throws {
        let dir = try Scratch.directory("cc-oldest-compile", files: ["cc.json": Self.config])
        let compiled = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "--oldest-sdk", "ios=5.20.0", "cc.json"], in: dir)
        #expect(compiled.status == 0 && compiled.stderr.contains("[sdk.hidden-on-old-version]"), "\(compiled.stderr)")
        let bad = try CLI.run(["compile", "--oldest-sdk", "ios=5", "cc.json"], in: dir)
        #expect(bad.status == 2)
        let pull = try CLI.run(["pull", "--oldest-sdk", "ios=5", "--project", "p", "--customer", "c"], in: dir)
        #expect(pull.status == 2 && pull.stderr.contains("MAJOR.MINOR.PATCH"), "\(pull.stderr)")
    }

    @Test func initSaysHowToSetIt() throws {
        let dir = try Scratch.directory("cc-oldest-init", files: [:])
        let result = try CLI.run(["init", "--locales", "en", "-o", "customer_center.json"], in: dir)
        #expect(result.status == 0 && result.stderr.contains(#"{"oldest_sdk": {"ios": "5.20.0", "android": "8.10.0"}} (your oldest) in .customer-center.json"#),
                "\(result.stderr)")
    }
}
