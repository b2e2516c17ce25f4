import Foundation
import PackagePlugin

/// Lints the Customer Center configs of the target it is applied to on every build. Every JSON
/// file of the target is passed with `--force-exclude`, so the tool decides which are configs
/// as `lint DIR` does (the nearest `.customer-center.json`'s `include` / `exclude`, else
/// `customer_center*.json` and `customer-center*.json`) and skips the others silently. The tool
/// prints `file:line:col: error: message [rule]`, which SwiftPM and Xcode show as compiler
/// diagnostics; errors fail the build.
@main
struct CustomerCenterLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configs = target.sourceFiles.map(\.url).filter(Self.isJSON).sorted { $0.path < $1.path }
        guard !configs.isEmpty else { return [] }
        return [Self.lintCommand(configs: configs, tool: try context.tool(named: "customer-center").url,
                                 workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)]
    }

    /// The one build command: lint the JSON files (the tool keeps the configs); a generated Swift
    /// file that exists only when lint passed makes the build system run it whenever one of them,
    /// a configuration file that applies to them, or the tool changes.
    static func lintCommand(configs: [URL], tool: URL, workDirectory: URL, targetName: String) -> Command {
        let output = workDirectory.appendingPathComponent("CustomerCenterLint.swift")
        let script = #""$0" lint --force-exclude --format compact "$@" && printf '// customer-center lint passed\n' > "$CUSTOMER_CENTER_LINT_OUTPUT""#
        return .buildCommand(
            displayName: "Linting the Customer Center configs of \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path] + configs.map(\.path),
            environment: ["CUSTOMER_CENTER_LINT_OUTPUT": output.path],
            inputFiles: configs + configurationFiles(for: configs) + [tool],
            outputFiles: [output])
    }

    static func isJSON(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == "json"
    }

    /// The `.customer-center.json` nearest above each file's folder (it decides what is a config
    /// and how it is linted), each once.
    static func configurationFiles(for files: [URL]) -> [URL] {
        var found: [URL] = [], seen = Set<String>()
        for folder in Set(files.map { $0.deletingLastPathComponent().standardizedFileURL.path }).sorted() {
            var directory = URL(fileURLWithPath: folder)
            while true {
                let candidate = directory.appendingPathComponent(".customer-center.json")
                if FileManager.default.fileExists(atPath: candidate.path) {
                    if seen.insert(candidate.path).inserted { found.append(candidate) }
                    break
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return found
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build step for an Xcode project's target (most iOS apps are Xcode projects, not
/// packages): Xcode → target → Build Phases → Run Build Tool Plug-ins → CustomerCenterLintPlugin.
extension CustomerCenterLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let configs = target.inputFiles.map(\.url).filter(Self.isJSON).sorted { $0.path < $1.path }
        guard !configs.isEmpty else { return [] }
        return [Self.lintCommand(configs: configs, tool: try context.tool(named: "customer-center").url,
                                 workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)]
    }
}
#endif
