/// The configuration file's name (docs/configuration.md), kept in the lowest layer that words a
/// message about it: the rules and the run's events name it, `LinterConfiguration` reads the file.
package enum ConfigurationFile {
    package static let name = ".customer-center.json"
}
