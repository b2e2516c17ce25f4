import Foundation
import PackagePlugin

/// `swift package customer-center-lint [lint options] [FILE...]`: lints the given files, or the
/// package's folder, where the tool finds the configs as `lint DIR` does: what the nearest
/// `.customer-center.json`'s `include` / `exclude` select, else `customer_center*.json` and
/// `customer-center*.json` (hidden and `.build*` folders skipped).
@main
struct CustomerCenterLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "customer-center")
        let (options, given) = Self.split(arguments)
        let files = given.isEmpty ? [context.package.directoryURL.path] : given
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
}
