import PlatformLayer

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
