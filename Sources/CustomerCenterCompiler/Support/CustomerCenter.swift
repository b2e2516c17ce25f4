// The library's values carry JSON pointers and byte ranges (`Diagnostic.pointer`,
// `Diagnostic.range`): a user of the library names them without importing a module that is not
// a product. JSONSyntax's other declarations (the tape, the parser) are not public.
@_exported import JSONSyntax

/// The library's version and constants.
public enum CustomerCenter {
    /// The tool's and the library's version (SemVer; docs/library.md says what changes it).
    public static let version = "0.4.0"
}
