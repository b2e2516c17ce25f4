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
        return [Self.lintCommand(configs: configs, tool: try context.tool(named: "customer-center").url,
                                 workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)]
    }

    /// The one build command: lint the configs; a generated Swift file that exists only when lint
    /// passed makes the build system run it whenever a config (or the tool) changes.
    static func lintCommand(configs: [URL], tool: URL, workDirectory: URL, targetName: String) -> Command {
        let output = workDirectory.appendingPathComponent("CustomerCenterLint.swift")
        let script = #""$0" lint --format compact "$@" && printf '// customer-center lint passed\n' > "$CUSTOMER_CENTER_LINT_OUTPUT""#
        return .buildCommand(
            displayName: "Linting \(configs.count) Customer Center config(s) of \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path] + configs.map(\.path),
            environment: ["CUSTOMER_CENTER_LINT_OUTPUT": output.path],
            inputFiles: configs + [tool],
            outputFiles: [output])
    }

    static func isConfig(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".json") && (name.hasPrefix("customer_center") || name.hasPrefix("customer-center"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build step for an Xcode project's target (most iOS apps are Xcode projects, not
/// packages): Xcode → target → Build Phases → Run Build Tool Plug-ins → CustomerCenterLintPlugin.
extension CustomerCenterLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let configs = target.inputFiles.map(\.url).filter(Self.isConfig).sorted { $0.path < $1.path }
        guard !configs.isEmpty else { return [] }
        return [Self.lintCommand(configs: configs, tool: try context.tool(named: "customer-center").url,
                                 workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)]
    }
}
#endif
