/// Package-wide constants.

import JSONSyntax
public enum CustomerCenter {
    /// The tool's version.
    public static let version = "0.1.0"
}
