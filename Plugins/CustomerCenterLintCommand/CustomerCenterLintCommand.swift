import Foundation
import PackagePlugin

/// `swift package customer-center-lint [lint options] [FILE...]`: lints the given files, or every
/// `customer_center*.json` / `customer-center*.json` in the package (outside `.build`).
@main
struct CustomerCenterLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "customer-center")
        var (options, files) = Self.split(arguments)
        if files.isEmpty { files = Self.configs(under: context.package.directoryURL) }
        guard !files.isEmpty else {
            Diagnostics.remark("no customer_center*.json files found")
            return
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + options + ["--"] + files
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("customer-center lint failed (exit \(process.terminationStatus))")
        }
    }

    /// Options that take a value: their value is never a file to lint (`--config cfg.json`).
    static let valueOptions: Set<String> = [
        "--format", "--color", "--rule", "--max-warnings", "--config", "--baseline", "--write-baseline",
        "--platform", "--input-format", "--stdin-filename",
    ]

    /// Options (with their values) and files, as `customer-center lint` reads its arguments.
    static func split(_ arguments: [String]) -> (options: [String], files: [String]) {
        var options: [String] = [], files: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else {
                options.append(argument)
                if valueOptions.contains(argument), index < arguments.count {
                    options.append(arguments[index])
                    index += 1
                }
            }
        }
        return (options, files)
    }

    static func configs(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            if url.lastPathComponent.hasPrefix(".build") { walker.skipDescendants(); continue }
            let name = url.lastPathComponent
            if name.hasSuffix(".json"), name.hasPrefix("customer_center") || name.hasPrefix("customer-center") { found.append(url.path) }
        }
        return found.sorted()
    }
}
