import Foundation
import PackagePlugin

/// `swift package customer-center-lint [lint options] [FILE...]`: lints the given files, or every
/// `customer_center*.json` / `customer-center*.json` in the package (outside `.build`).
@main
struct CustomerCenterLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "customer-center")
        var files = arguments.filter { $0.hasSuffix(".json") }
        let options = arguments.filter { !$0.hasSuffix(".json") }
        if files.isEmpty { files = Self.configs(under: context.package.directoryURL) }
        guard !files.isEmpty else {
            Diagnostics.remark("no customer_center*.json files found")
            return
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + options + files
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("customer-center lint failed (exit \(process.terminationStatus))")
        }
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
