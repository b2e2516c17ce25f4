// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "customer-center",
    products: [
        .library(name: "CustomerCenterCompiler", targets: ["CustomerCenterCompiler"]),
        .executable(name: "customer-center", targets: ["customer-center"]),
    ],
    targets: [
        // UTF-8 scanner and recovering parser: bytes in, positioned tree and syntax issues out.
        .target(name: "JSONSyntax"),
        // Decode, resolve, rules, compile, format, diff, render. No Foundation: starts fast.
        .target(name: "CustomerCenterCompiler", dependencies: ["JSONSyntax"]),
        // argv, files and stdin, exit codes: nothing else.
        .executableTarget(name: "customer-center", dependencies: ["CustomerCenterCompiler"]),
        .testTarget(name: "JSONSyntaxTests", dependencies: ["JSONSyntax"]),
        .testTarget(
            name: "CustomerCenterCompilerTests",
            dependencies: ["CustomerCenterCompiler", "JSONSyntax"],
            exclude: ["Golden", "Resources"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["customer-center", "CustomerCenterCompiler"]
        ),
    ]
)
