import CustomerCenterCompiler

/// The help texts: the command list, and one command's options.
extension CommandLineTool {
    static func topLevelHelp() -> String {
        var text = """
        customer-center \(CustomerCenter.version): lint and compile RevenueCat Customer Center configuration.

        usage: customer-center <command> [options]

        commands:

        """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  " + command.name.padding(to: width) + "  " + command.summary + "\n"
        }
        text += "\nSee 'customer-center <command> --help' for a command's options.\n"
        return text
    }

    static func help(for command: any Command.Type) -> String {
        var text = "\(command.summary)\n\nusage: \(command.usage)\n\noptions:\n"
        let rows = command.options + [OptionSpec(name: "--help", valueName: nil, summary: "Show this help.")]
        let labels = rows.map { $0.name + ($0.valueName.map { " " + $0 } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, row) in zip(labels, rows) {
            text += "  " + label.padding(to: width) + "  " + row.summary + "\n"
        }
        return text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
