import Foundation
import PackagePlugin

/// Lints the `customer_center*.json` files of the target it is applied to on every build. The
/// tool prints `file:line:col: error: message [rule]`, which SwiftPM and Xcode show as compiler
/// diagnostics; errors fail the build.
@main
struct CustomerCenterLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configs = target.sourceFiles.map(\.url).filter(Self.isConfig).sorted { $0.path < $1.path }
        guard !configs.isEmpty else { return [] }
        let tool = try context.tool(named: "customer-center")
        // A build command runs only for its outputs: a generated Swift file that exists only when
        // lint passed makes SwiftPM run it whenever a config (or the tool) changes.
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("CustomerCenterLint.swift")
        let script = #""$0" lint --format compact "$@" && printf '// customer-center lint passed\n' > "$CUSTOMER_CENTER_LINT_OUTPUT""#
        return [.buildCommand(
            displayName: "Linting \(configs.count) Customer Center config(s) of \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.url.path] + configs.map(\.path),
            environment: ["CUSTOMER_CENTER_LINT_OUTPUT": output.path],
            inputFiles: configs + [tool.url],
            outputFiles: [output])]
    }

    static func isConfig(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".json") && (name.hasPrefix("customer_center") || name.hasPrefix("customer-center"))
    }
}
