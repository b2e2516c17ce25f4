import Foundation
import Testing
import TestSupport

/// The gate matrix (docs/formats.md "A failed run"): every way into a run × every way its input can
/// fail × every format `lint --help` lists, on the built binary. In each cell the exit code is not 0
/// and the report says the run failed. A cell is a run or says why it cannot happen; an entry or a
/// failure kind added without its cells fails `everyCellIsFilled`, a format without its reading
/// fails `everyFormatIsRead`.
@Suite struct GateMatrixTests {
    /// How a run is entered.
    enum Entry: String, CaseIterable, Sendable {
        case namedFile, directory, forceExclude, stdin, preCommitLint, preCommitFix, preCommitFormat, actionRunner, pullLint,
             baseline, stringsImport, compile
    }

    /// What is wrong with the input.
    enum Failure: String, CaseIterable, Sendable {
        case unreadableFile, unreadableFolder, specialFile, brokenJSON, emptyObject, wrongCaseKeys, invalidConfigurationFile,
             failedFetch, grownBaselineFinding, ambiguousFormat
    }

    /// A cell: why it cannot happen, or nothing (it runs).
    static func notApplicable(_ entry: Entry, _ failure: Failure) -> String? {
        switch (entry, failure) {
        case (.pullLint, .unreadableFile), (.pullLint, .unreadableFolder), (.pullLint, .specialFile):
            return "pull reads no input file: what it lints is the body it fetched"
        case (.stdin, .unreadableFile), (.stdin, .unreadableFolder), (.stdin, .specialFile):
            return "standard input is read as it comes, never opened by name"
        case (_, .failedFetch) where entry != .pullLint:
            return "only pull fetches"
        case (_, .grownBaselineFinding) where entry != .baseline && entry != .pullLint:
            return "only a run given --baseline has one"
        case (.preCommitFormat, .emptyObject), (.preCommitFormat, .wrongCaseKeys), (.preCommitFormat, .invalidConfigurationFile),
             (.preCommitFormat, .ambiguousFormat):
            return "format --check judges the form only; the lint hook of the same commit fails these"
        case (.stringsImport, .invalidConfigurationFile):
            return "strings import judges the translations, not the linter configuration"
        default:
            return nil
        }
    }

    /// Every cell that runs.
    static let cells: [(Entry, Failure)] = Entry.allCases.flatMap { entry in
        Failure.allCases.filter { notApplicable(entry, $0) == nil }.map { (entry, $0) }
    }

    /// The formats `lint --help` lists.
    static let formats: [String] = {
        guard let help = try? CLI.run(["lint", "--help"]).stdout,
              let line = help.split(separator: "\n").first(where: { $0.contains("--format FORMAT") }),
              let list = line.components(separatedBy: "FORMAT").last?.components(separatedBy: "(default").first
        else { return [] }
        return list.replacingOccurrences(of: " or ", with: ", ").split(separator: ",")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " .")) }.filter { !$0.isEmpty }
    }()

    @Test func everyFormatIsRead() {
        #expect(Self.formats.count >= 10, "\(Self.formats)")
        for format in Self.formats { #expect(Self.reading[format] != nil, "no reading of a failed run for the format '\(format)'") }
    }

    @Test func everyCellIsFilled() {
        // Each entry meets most failures, and each failure is met by some entry.
        for entry in Entry.allCases { #expect(Self.cells.contains { $0.0 == entry }, "\(entry) runs no cell") }
        for failure in Failure.allCases { #expect(Self.cells.contains { $0.1 == failure }, "\(failure) is met by no entry") }
        #expect(Self.cells.count >= 80, "\(Self.cells.count)")
    }

    @Test(arguments: cells.map { "\($0.0.rawValue) × \($0.1.rawValue)" })
    func theGateFailsAndTheReportSaysSo(_ cell: String) throws {
        let parts = cell.components(separatedBy: " × ")
        let entry = try #require(Entry(rawValue: parts[0])), failure = try #require(Failure(rawValue: parts[1]))
        if failure == .unreadableFolder, getuid() == 0, ExternalTool.onPath("setpriv") == nil {
            Issue.record("as root, an unreadable folder needs setpriv (util-linux) to run the binary as another user")
            return
        }
        if entry == .pullLint || failure == .failedFetch, SystemCurl.path == nil { return }  // (PullCommandTests says it skips)
        let formats = Self.fixedFormat(entry).map { [$0] } ?? Self.formats
        for format in formats {
            var setup = try Setup(failure)
            defer { setup.close() }
            let result = try setup.run(entry, format: format)
            let report = entry == .compile ? result.stderr : result.stdout
            #expect(result.status != 0, "\(cell) --format \(format): exit 0\n\(result.stdout)\(result.stderr)")
            #expect(result.exited, "\(cell) --format \(format): killed by a signal")
            let says = Self.saysFailed(format, report: report, stderr: result.stderr, status: result.status)
            #expect(says, "\(cell) --format \(format), exit \(result.status): the report does not say the run failed\n--- stdout\n\(result.stdout)\n--- stderr\n\(result.stderr)")
        }
    }

    /// The hooks and the Action print one format of their own.
    static func fixedFormat(_ entry: Entry) -> String? {
        switch entry {
        case .preCommitLint, .preCommitFix: return "compact"
        case .preCommitFormat: return "human"
        case .actionRunner: return "github"
        default: return nil
        }
    }

    // MARK: What a failed run's report says, format by format

    static let reading: [String: @Sendable (String) -> Bool] = [
        "human": { !$0.contains("no problems found") },
        "compact": { _ in true },  // findings only on stdout; the line is on stderr (checked below)
        "json": { report in
            guard let root = json(report) as? [String: Any] else { return false }
            let diagnostics = root["diagnostics"] as? [[String: Any]] ?? [], events = root["events"] as? [[String: Any]] ?? []
            return (diagnostics + events).contains { $0["severity"] as? String == "error" }
        },
        "sarif": { report in
            guard let run = ((json(report) as? [String: Any])?["runs"] as? [[String: Any]])?.first else { return false }
            let failed = (run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false
            return failed || (run["results"] as? [[String: Any]] ?? []).contains { $0["level"] as? String == "error" }
        },
        "github": { $0.contains("::error") },
        "junit": { report in
            guard let range = report.range(of: #"<testsuites [^>]*>"#, options: .regularExpression) else { return false }
            let head = String(report[range])
            func count(_ name: String) -> Int {
                guard let found = head.range(of: "\(name)=\"[0-9]+\"", options: .regularExpression) else { return 0 }
                return Int(head[found].dropFirst(name.count + 2).dropLast()) ?? 0
            }
            return count("failures") + count("errors") > 0
        },
        "gitlab": { report in
            (json(report) as? [[String: Any]] ?? []).contains { ["major", "critical", "blocker"].contains($0["severity"] as? String ?? "") }
        },
        "checkstyle": { $0.contains("severity=\"error\"") },
        "rdjson": { report in
            ((json(report) as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []).contains { $0["severity"] as? String == "ERROR" }
        },
        "rdjsonl": { report in
            report.split(separator: "\n").contains { (json(String($0)) as? [String: Any])?["severity"] as? String == "ERROR" }
        },
    ]

    /// Whether a run's report says it failed: the format's own way (for people, a line naming an
    /// error in the report or on stderr). A usage error (exit 2: a refusal before any report)
    /// says so on stderr alone.
    static func saysFailed(_ format: String, report: String, stderr: String, status: Int32) -> Bool {
        if status == 2, stderr.contains("error:") { return true }
        guard let read = reading[format], read(report) else { return false }
        return !["human", "compact"].contains(format) || (report + stderr).contains("error")
    }

    static func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
}

/// One cell's files: a folder holding a config with the failure, and how each entry runs on it.
struct Setup {
    let directory: URL
    let failure: GateMatrixTests.Failure
    /// The file a run names (relative to `directory`), the body `pull` gets, the staged files.
    var target = "customer_center.json"
    var body: [UInt8] = []
    var staged = ["customer_center.json"]
    /// Runs as another user (an unreadable folder, when the tests run as root).
    var unprivileged = false
    private var server: LoopbackServer?

    static let valid = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"), encoding: .utf8)) ?? "{}"

    /// A config whose 'title' lacks the required locales `missing`.
    static func translated(missing: [String]) -> String {
        let all = ["de": "Hilfe", "fr": "Aide"].filter { !missing.contains($0.key) }.map { ", \"\($0.key)\": \"\($0.value)\"" }.sorted().joined()
        return """
        {
          "localization": {"default": "en", "supported": ["en", "de", "fr"], "localized_strings": {
            "title": {"en": "Help"\(all)}, "restore": {"en": "Restore", "de": "Wiederherstellen", "fr": "Restaurer"}}},
          "screens": {
            "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "r", "type": "MISSING_PURCHASE", "title_key": "restore"}]},
            "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "r2", "type": "MISSING_PURCHASE", "title_key": "restore"}]}},
          "support": {"email": "help@example.com"}
        }

        """
    }

    init(_ failure: GateMatrixTests.Failure) throws {
        self.failure = failure
        unprivileged = failure == .unreadableFolder && getuid() == 0
        directory = unprivileged ? try Scratch.shared("cc-gate") : try Scratch.directory("cc-gate")
        let config = directory.appendingPathComponent("customer_center.json")
        var text = Setup.valid
        switch failure {
        case .unreadableFile:
            try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: "gone/customer_center.json")
        case .unreadableFolder:
            let locked = directory.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try text.write(to: locked.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
            target = "locked/customer_center.json"
            staged = [target]
            // A readable config beside it: the walk has something to check, and must still fail.
            try text.write(to: config, atomically: true, encoding: .utf8)
        case .specialFile:
            // A FIFO under a config's name, beside a readable config (the walk has something to check).
            target = "customer_center_live.json"
            staged = [target]
            #expect(mkfifo(directory.appendingPathComponent(target).path, 0o644) == 0)
            try text.write(to: config, atomically: true, encoding: .utf8)
        case .brokenJSON: text = "{\"screens\": {\"MANAGEMENT\": "
        case .emptyObject: text = "{}\n"
        case .wrongCaseKeys: text = text.replacingOccurrences(of: "\"screens\"", with: "\"Screens\"").replacingOccurrences(of: "\"localization\"", with: "\"Localization\"")
        case .invalidConfigurationFile:
            try #"{"rules": {"no.such-rule": "off"}}"#.write(to: directory.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
            staged = [".customer-center.json"]
        case .failedFetch: break
        case .grownBaselineFinding:
            try #"{"locales": {"required": ["de", "fr"]}}"#.write(to: directory.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
            try Setup.translated(missing: ["de"]).write(to: config, atomically: true, encoding: .utf8)
            let recorded = try CLI.run(["lint", "--write-baseline", "baseline.json", "customer_center.json"], in: directory)
            #expect(recorded.status == 0, "\(recorded.stderr)")
            text = Setup.translated(missing: ["de", "fr"])
        case .ambiguousFormat:
            // A stray but whole response section: read as a response, the document is clean.
            let response = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/response.json"), encoding: .utf8)
            let section = try #require(response.range(of: "\"customer_center\"")).lowerBound
            let stray = response[section...].trimmingCharacters(in: .whitespacesAndNewlines).dropLast()
            text = text.replacingOccurrences(of: "{\n", with: "{\n  \(stray),\n", options: .anchored)
        }
        body = Array(text.utf8)
        if ![.unreadableFile, .unreadableFolder, .specialFile].contains(failure) { try text.write(to: config, atomically: true, encoding: .utf8) }
        if failure != .grownBaselineFinding {
            try #"{"version": 1, "findings": []}"#.write(to: directory.appendingPathComponent("baseline.json"), atomically: true, encoding: .utf8)
        }
        try "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nLanguage: de\\n\"\n\nmsgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"Hilfe\"\n"
            .write(to: directory.appendingPathComponent("de.po"), atomically: true, encoding: .utf8)
    }

    func close() {
        server?.stop()
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.appendingPathComponent("locked").path)
    }

    /// The hook's command line, as .pre-commit-hooks.yaml says it (its `entry` without the program).
    static func hook(_ id: String) throws -> [String] {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "- id: \(id)\n").dropFirst().first)
        let entry = try #require(block.split(separator: "\n").first { $0.contains("entry:") })
        return Array(entry.components(separatedBy: "entry:")[1].split(separator: " ").map(String.init).dropFirst())
    }

    mutating func run(_ entry: GateMatrixTests.Entry, format: String) throws -> CLIResult {
        let formatFlag = ["--format", format]
        switch entry {
        case .namedFile: return try cli(["lint"] + formatFlag + [target])
        case .directory: return try cli(["lint"] + formatFlag + ["."])
        case .forceExclude: return try cli(["lint", "--force-exclude"] + formatFlag + staged)
        case .stdin: return try cli(["lint"] + formatFlag + ["--stdin-filename", "customer_center.json", "-"], stdin: Data(body))
        case .preCommitLint: return try cli(try Setup.hook("customer-center-lint") + staged)
        case .preCommitFix: return try cli(try Setup.hook("customer-center-fix") + staged)
        case .preCommitFormat: return try cli(try Setup.hook("customer-center-format") + staged)
        case .baseline: return try cli(["lint", "--baseline", "baseline.json"] + formatFlag + [target])
        case .stringsImport: return try cli(["strings", "import"] + formatFlag + [target, "de.po"])
        case .compile: return try cli(["compile"] + formatFlag + [target, "--out-dir", "out"])
        case .actionRunner: return try action()
        case .pullLint:
            let answer = failure == .failedFetch ? LoopbackServer.answer(503) : LoopbackServer.answer(200, body)
            let started = try LoopbackServer { _, _ in answer }
            server = started
            let baseline = failure == .grownBaselineFinding ? ["--baseline", "baseline.json"] : []
            return try cli(["pull", "--project", "p", "--customer", "c", "--lint", "-o", "pulled.json"] + baseline + formatFlag,
                           environment: ["REVENUECAT_API_KEY": "sk_test_gate", "REVENUECAT_API_URL": started.url,
                                         "CUSTOMER_CENTER_PULL_RETRIES": "0"])
        }
    }

    /// The built binary in `directory` (as another user when `unprivileged`).
    private func cli(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        guard unprivileged else { return try CLI.run(arguments, stdin: stdin, in: directory, environment: environment) }
        // The binary is copied where that user can run it; the folder is theirs to read, but 'locked'.
        let binary = directory.appendingPathComponent("customer-center")
        if !FileManager.default.fileExists(atPath: binary.path) { try Setup.copy(CLI.binary, to: binary) }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env["HOME"] = directory.path
        return try Subprocess.run(URL(fileURLWithPath: ExternalTool.onPath("setpriv") ?? "/usr/bin/setpriv"),
                                  ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
                                  stdin: stdin, in: directory, environment: env)
    }

    /// Copies a program by another process: a file this process held open for writing would be
    /// inherited by the children other tests start meanwhile, and running it fails ("Text file busy").
    static func copy(_ from: URL, to: URL) throws {
        let copied = try Subprocess.run(URL(fileURLWithPath: "/bin/cp"), [from.path, to.path])
        #expect(copied.status == 0, "\(copied.stderr)")
    }

    /// Scripts/action/run.sh as the runner starts it, with the built binary installed in its tool
    /// cache (as another user when `unprivileged`: the script and the binary copied where that user can run them).
    private func action() throws -> CLIResult {
        let version = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: " ").last ?? ""
        let runner = directory.appendingPathComponent(".runner")
        let name = "customer-center-\(version)-x86_64-unknown-linux-gnu"
        let installed = runner.appendingPathComponent("cache/customer-center/\(version)/x86_64-unknown-linux-gnu/\(name)")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        let script = runner.appendingPathComponent("action")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Scripts/action"), to: script)
        if unprivileged {
            try Setup.copy(CLI.binary, to: installed.appendingPathComponent("customer-center"))
        } else {
            try FileManager.default.createSymbolicLink(at: installed.appendingPathComponent("customer-center"), withDestinationURL: CLI.binary)
        }
        let environment = [
            "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TOOL_CACHE": runner.appendingPathComponent("cache").path,
            "RUNNER_TEMP": runner.path, "GITHUB_OUTPUT": runner.appendingPathComponent("output").path,
            "GITHUB_STEP_SUMMARY": runner.appendingPathComponent("summary").path, "GITHUB_WORKSPACE": directory.path,
            "INPUT_VERSION": version, "INPUT_PATHS": target, "INPUT_BASE_URL": "http://127.0.0.1:9/never-used", "HOME": runner.path,
        ]
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        var command = ["/bin/bash", script.appendingPathComponent("run.sh").path]
        if unprivileged {
            _ = try Subprocess.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "a+rwX", runner.path])
            command = ["--reuid=65534", "--regid=65534", "--clear-groups"] + command
            return try Subprocess.run(URL(fileURLWithPath: ExternalTool.onPath("setpriv") ?? "/usr/bin/setpriv"), command, in: directory, environment: env)
        }
        return try Subprocess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), in: directory, environment: env)
    }
}
