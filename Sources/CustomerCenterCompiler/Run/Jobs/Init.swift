import JSONSyntax

/// The `init` job (docs/commands.md "init"): the default config in the chosen locales, printed,
/// or written to a file through the guarded writer. An existing file is refused (exit 2) unless
/// `force`.
package struct Init: Sendable {
    /// The locales, in order.
    package var locales: [String]
    /// `-o` (`nil` or `-`: standard output).
    package var output: String?
    /// `--force`: replace an existing file.
    package var force = false

    package init(locales: [String], output: String? = nil, force: Bool = false) {
        self.locales = locales
        self.output = output
        self.force = force
    }
}

extension Init: Job {
    /// Prints or writes the config; gives back what to tell people on standard error once it is
    /// written (where, and how to check old SDKs next), one line each.
    package func run(in context: inout RunContext) -> [String] {
        let text = DefaultConfig.json(locales: locales)
        guard let output, output != "-" else {
            context.log.print(text)
            return []
        }
        if FileSystem.exists(output), !force {
            context.log.record(.refused(message: "'\(output)' already exists; nothing was written", help: "choose another path, or add --force to replace it"))
            return []
        }
        guard context.write(Array(text.utf8), to: output, option: "-o") else { return [] }
        // Old app builds get this config too: say how to check them (docs/sdk-compatibility.md).
        return ["wrote \(output) (\(MessageText.count(locales.count, "locale")))",
                "next: customer-center lint \(output); to also check the SDK versions still in customers' hands, put "
                    + "{\"oldest_sdk\": {\"ios\": \"5.20.0\", \"android\": \"8.10.0\"}} (your oldest) in \(LinterConfiguration.fileName)"]
    }
}
