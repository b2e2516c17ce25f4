import Foundation
import Testing
import JSONSyntax

/// Which way dependencies point (docs/design.md): a folder of the library may name the types of the
/// folders below it, never those above. The check reads the sources: a type declared at the top
/// level of one folder and named (outside comments and string literals) in a file of a folder
/// that may not see it is a violation, reported with both places.
@Suite struct LayeringTests {
    /// Each folder and the folders it may use. Lint and Fix are the top: they compose the rest.
    static let allowed: [String: Set<String>] = {
        let base: Set<String> = ["Support"]
        let source = base.union(["Source"])
        let diagnostics = source.union(["Diagnostics"])
        // The rules that the parser, the decoders, the configuration file and the preview report:
        // descriptors and messages only, so every stage above the diagnostics may name them.
        let reported = diagnostics.union(reportedRuleFolders)
        let model = reported.union(["Model"])
        let schema = model.union(["Schema"])
        let decode = schema.union(["Decode"])
        let resolve = decode.union(["Resolve"])
        return [
            "Support": base, "Source": source, "Diagnostics": diagnostics, "Model": model,
            "Rules/Syntax": diagnostics, "Rules/Schema": diagnostics, "Rules/Compatibility": diagnostics,
            "Rules/Preview": diagnostics, "Rules/Configuration": diagnostics,
            "Schema": schema, "Decode": decode, "Resolve": resolve,
            // Stand on the model and its resolution, never on rules, each other or the renderers.
            "Rules": resolve, "Compile": resolve, "Format": resolve, "Diff": resolve, "Init": resolve,
            // Shows what `compile` produces.
            "Preview": resolve.union(["Compile"]),
            // Knows diagnostics and nothing of the model.
            "Render": diagnostics,
            // The lint pipeline of one file and the configuration file: everything but the run.
            "Lint": resolve.union(["Rules", "Render"]),
            // Fixes re-lint: the pipeline, not the run.
            "Fix": resolve.union(["Rules", "Lint", "Render"]),
            // Translation files: the model, the l10n rules' checks, the pipeline's decoding, the
            // preview's limits and the fixes' diff; the run writes what they produce.
            "Strings": resolve.union(["Rules", "Lint", "Render", "Fix", "Compile", "Preview"]),
            // The run (docs/design.md) composes everything; nothing names it but the CLI,
            // the language server and the tests.
            "Run": resolve.union(["Rules", "Lint", "Fix", "Compile", "Render", "Format", "Diff", "Preview", "Init", "Schema", "Strings"]),
        ]
    }()

    /// Folders of `Rules/` that stand beside the diagnostics rather than on the resolved model.
    static let reportedRuleFolders: Set<String> = ["Rules/Syntax", "Rules/Schema", "Rules/Compatibility", "Rules/Preview", "Rules/Configuration"]

    static let library = TestPaths.packageRoot.appendingPathComponent("Sources/CustomerCenterCompiler")

    /// Every Swift file of the library by folder, with comments and string literals blanked.
    static func sources() throws -> [(folder: String, file: String, text: String)] {
        let manager = FileManager.default
        var result: [(String, String, String)] = []
        for folder in try manager.contentsOfDirectory(atPath: library.path).sorted() {
            let url = library.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: url.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                let subfolder = name.split(separator: "/").dropLast().first.map { "\(folder)/\($0)" }
                let layer = subfolder.flatMap { reportedRuleFolders.contains($0) ? $0 : nil } ?? folder
                result.append((layer, "\(folder)/\(name)", text))
            }
        }
        return result
    }

    static func blankingCommentsAndStrings(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = String(line)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            // Drop everything between quotes: names in messages and examples are not dependencies.
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in code {
                if character == "\"", previous != "\\" { inString.toggle(); previous = character; continue }
                if !inString { kept.append(character) }
                previous = character
            }
            out += kept + "\n"
        }
        return out
    }

    /// Types declared at the top level of a file (nested types share names across folders).
    static func topLevelTypes(_ text: String) -> [String] {
        let pattern = try! Regex(#"(?m)^(?:public |package |internal |fileprivate )?(?:final |indirect )?(?:struct|enum|class|protocol|actor|typealias) ([A-Z][A-Za-z0-9]*)"#)
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    @Test func noFolderNamesATypeOfAFolderAboveIt() throws {
        let files = try Self.sources()
        #expect(files.count > 50, "found the library's sources")
        var home: [String: String] = [:]
        for file in files {
            for type in Self.topLevelTypes(file.text) { home[type] = file.folder }
        }
        #expect(home["RuleDescriptor"] == "Diagnostics")
        #expect(home["Workspace"] == "Run" && home["RunLog"] == "Run")
        #expect(Self.allowed.keys.contains("Run") && Self.allowed.values.allSatisfy { $0 == Self.allowed["Run"] || !$0.contains("Run") },
                "only the run itself sees the run")
        var violations: [String] = []
        for file in files {
            guard let allowed = Self.allowed[file.folder] else { continue }
            let code = Self.blankingCommentsAndStrings(file.text)
            let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            for (type, folder) in home where folder != file.folder && !allowed.contains(folder) && words.contains(type) {
                violations.append("\(file.file) names \(type) (\(folder))")
            }
        }
        #expect(violations.sorted() == [])
    }

    /// The check itself: a file of `Compile/` that named the linter would be caught.
    @Test func theCheckSeesAnUpwardName() {
        let code = Self.blankingCommentsAndStrings(#"let x = Linter.analyze(source) // Render"# + "\n" + #"let y = "RuleCatalog""#)
        let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        #expect(words.contains("Linter"))
        #expect(!words.contains("Render"))
        #expect(!words.contains("RuleCatalog"))
    }
}
