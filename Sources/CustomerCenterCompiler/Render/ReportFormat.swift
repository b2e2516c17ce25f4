/// The output formats of SPEC §3.

import JSONSyntax
public enum ReportFormat: String, Sendable, CaseIterable {
    case human
    case compact
    case json
    case sarif
    case github
    case junit
}

/// Options every renderer may use.
public struct RenderOptions: Sendable {
    /// Emit ANSI colour (human format only).
    public var color: Bool
    /// The tool's version (SARIF, JSON).
    public var toolVersion: String
    /// The absolute working directory (SARIF URIs); `nil` keeps paths as given.
    public var workingDirectory: String?

    /// Creates options.
    public init(color: Bool = false, toolVersion: String = CustomerCenter.version, workingDirectory: String? = nil) {
        self.color = color
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
    }
}
