// swift-tools-version: 6.0
import PackageDescription

// Only what users run: the tool, its libraries, the plugins, and the tests. The benchmarks
// (Benchmarks/Package.swift) and the fuzzer (Scripts/fuzz.sh) are built apart, so a first install
// (`pre-commit`, a package dependency) builds none of them.
let package = Package(
    name: "customer-center",
    // What the code needs on Apple systems (the plugins build the tool on the developer's Mac).
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "CustomerCenterCompiler", targets: ["CustomerCenterCompiler"]),
        .library(name: "CustomerCenterLanguageServer", targets: ["CustomerCenterLanguageServer"]),
        .executable(name: "customer-center", targets: ["customer-center"]),
        .plugin(name: "CustomerCenterLintPlugin", targets: ["CustomerCenterLintPlugin"]),
        .plugin(name: "CustomerCenterLintCommand", targets: ["CustomerCenterLintCommand"]),
    ],
    targets: [
        // The one place that knows Linux from Apple systems: wrappers and type aliases for the C calls
        // whose shape differs (docs/testing.md "The platform layer"). Nothing else imports Glibc or Darwin.
        .target(name: "PlatformLayer"),
        // UTF-8 scanner and recovering parser: bytes in, positioned tree and syntax issues out.
        .target(name: "JSONSyntax", dependencies: ["PlatformLayer"]),
        // SHA-256 blocks on the CPU's SHA instructions (x86-64), for the manifest's digests; C, our own.
        .target(name: "SHA256Hardware"),
        // Decode, resolve, rules, compile, format, diff, preview, render. No Foundation: starts fast.
        .target(name: "CustomerCenterCompiler", dependencies: ["JSONSyntax", "ProcessSupport", "PlatformLayer", "SHA256Hardware"]),
        // The language server: a pure core (message in, messages out) and a thin stdio loop.
        .target(name: "CustomerCenterLanguageServer", dependencies: ["CustomerCenterCompiler", "JSONSyntax", "PlatformLayer"]),
        // RevenueCat's REST API through the system curl (`pull`); the lint library never touches the network.
        .target(name: "RevenueCatAPI", dependencies: ["ProcessSupport", "PlatformLayer"]),
        // Starting another program with a time limit (curl for `pull`, the browser for `preview --check`).
        .target(name: "ProcessSupport", dependencies: ["PlatformLayer"]),
        // argv, files and stdin, exit codes: nothing else.
        .executableTarget(name: "customer-center", dependencies: ["CustomerCenterCompiler", "CustomerCenterLanguageServer", "RevenueCatAPI", "ProcessSupport", "PlatformLayer"]),
        // Lints customer_center*.json resources of a target on every build (compiler-style diagnostics).
        .plugin(name: "CustomerCenterLintPlugin", capability: .buildTool(), dependencies: ["customer-center"]),
        // swift package customer-center-lint
        .plugin(
            name: "CustomerCenterLintCommand",
            // --fix and --write-baseline write into the package: macOS's plugin sandbox allows that
            // only with this permission (SwiftPM asks for it; Xcode shows a dialog).
            capability: .command(
                intent: .custom(verb: "customer-center-lint", description: "Lint the package's Customer Center configs"),
                permissions: [.writeToPackageDirectory(reason: "--fix and --write-baseline rewrite configs and write the baseline in the package")]
            ),
            dependencies: ["customer-center"]
        ),
        // What several test targets need, written once: scratch directories, the seeded
        // generator, the repository's paths, starting a process. Used only by test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONSyntaxTests", dependencies: ["JSONSyntax", "PlatformLayer", "TestSupport"]),
        .testTarget(
            name: "CustomerCenterCompilerTests",
            dependencies: ["CustomerCenterCompiler", "JSONSyntax", "ProcessSupport", "PlatformLayer", "TestSupport"],
            exclude: ["Golden", "Resources", "FuzzRegressions"]
        ),
        .testTarget(name: "LanguageServerTests", dependencies: ["CustomerCenterLanguageServer", "CustomerCenterCompiler", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["customer-center", "CustomerCenterCompiler", "ProcessSupport", "PlatformLayer", "TestSupport"]
        ),
    ]
)
