// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The benchmarks, a package of their own beside the tool's (as swift-format keeps its benchmarks
// apart): installing the tool (`pre-commit`, a package dependency, `swift build -c release` in the
// repository) builds none of them. Run them from this folder (docs/performance.md):
//
//     swift build -c release --product customer-center   # the tool, measured from here
//     swift run -c release customer-center-bench [--quick]
//
// The benchmark measures the library's inner stages (`JSONParser.parseTape`, `Linter.lint`, the
// language server's `Server`), which are `package` API, not public: a `package` symbol is visible
// to modules compiled with the same package name, so the benchmark joins the tool's package by
// name, as Scripts/fuzz.sh does for the fuzzer. SwiftPM names a package by its folder (a path
// dependency's identity is its last path component, lower-cased, as a C identifier), so the name is
// computed from where this manifest lies; nothing widens the public API.
let rootFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
let rootIdentity = rootFolder.lowercased()
let rootPackageName: String = {
    let mapped = String(rootIdentity.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    return mapped.first?.isNumber == true ? "_" + mapped : mapped
}()

let package = Package(
    name: "customer-center-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // swift run -c release customer-center-bench
        .executableTarget(
            name: "customer-center-bench",
            dependencies: [
                .product(name: "CustomerCenterCompiler", package: rootIdentity),
                .product(name: "CustomerCenterLanguageServer", package: rootIdentity),
            ],
            path: "Bench",
            // Not this package's own name (SwiftPM would pass it after the flag below): the tool's.
            packageAccess: false,
            swiftSettings: [.unsafeFlags(["-package-name", rootPackageName])]
        ),
        // A Swift binary that prints one line: the start-up floor `lint` is compared with.
        .executableTarget(name: "startup-floor", path: "StartupFloor"),
        // Peak RSS of a command (Linux carries a parent's high-water mark across exec). It must stay
        // tiny (its own pages are what the child inherits), so it links only the tool's platform
        // layer, compiled here under a name of its own (PeakRSSPlatform is a link to
        // Sources/PlatformLayer), not the library's product.
        .target(name: "PeakRSSPlatform", path: "PeakRSSPlatform"),
        .executableTarget(name: "peak-rss", dependencies: ["PeakRSSPlatform"], path: "PeakRSS"),
    ]
)
