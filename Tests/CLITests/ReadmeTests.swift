import Foundation
import Testing

/// Every README block tagged `<!-- output of: customer-center ARGS -->` is the real output of
/// that command: the README never shows output the binary does not produce.
@Suite struct ReadmeTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let output: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static func samples() -> [Sample] {
        let readme = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        let lines = readme.components(separatedBy: "\n")
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- output of: customer-center "), line.hasSuffix(" -->") else { continue }
            let command = line.dropFirst("<!-- output of: customer-center ".count).dropLast(" -->".count)
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            samples.append(Sample(arguments: command.split(separator: " ").map(String.init), output: body.joined(separator: "\n") + "\n"))
        }
        return samples
    }

    @Test func readmeHasSamples() {
        #expect(Self.samples().count >= 3)
    }

    @Test(arguments: samples())
    func sampleIsRealOutput(_ sample: Sample) throws {
        let result = try CLI.run(sample.arguments)
        #expect(result.stdout == sample.output, "README sample differs:\n\(result.stdout)")
    }
}
