import PlatformLayer
import JSONSyntax

/// One input of a run: what to call it, where it is, and how it was found.
package struct RunInput: Sendable, Equatable {
    /// The name shown in diagnostics (as given, or found under a directory; `--stdin-filename`).
    package var display: String
    /// The file to read, or `-` for standard input.
    package var path: String
    /// Named on the command line (always checked), rather than found in a directory (skipped
    /// when it is not a Customer Center config).
    package var explicit: Bool
}

/// Turns a command's file arguments into the run's inputs (docs/commands.md "Directories"): a directory
/// means every config below it (the configuration file's `include` / `exclude`, else the
/// default names), sorted, hidden folders and `.build*` skipped; the same file named twice, or
/// through two paths, is one input.
package struct InputDiscovery {
    /// Configuration files (`.customer-center.json`) named under `--force-exclude`, as the
    /// pre-commit hooks name a staged one: never an input, but the run reads and validates each,
    /// so a broken one fails the commit (exit 2) as every later `lint .` would.
    package private(set) var namedConfigurationFiles: [String] = []
    /// What a walk could not use, with the reason: directories that held no config, folders it
    /// could not open (docs/commands.md "Directories": unreadable inputs, exit 3).
    package private(set) var unreadable: [UnreadableFile] = []
    private var finder: ConfigurationFinder
    private var configurations: [String: LinterConfiguration?] = [:]
    /// Files of the directory being walked that the configuration file's `exclude` left out.
    private var excluded: [String] = []

    /// Discovery that finds configuration files with `finder`.
    package init(finder: ConfigurationFinder = ConfigurationFinder()) {
        self.finder = finder
    }

    /// The inputs named by `arguments` (`-` is standard input, named `stdinName`). With
    /// `forceExclude` (`--force-exclude`), a file named on the command line is taken only when a
    /// directory walk would have found it (`isFoundByLayout`), and then, as a found file, a JSON
    /// file that is neither format is skipped with a note; the others are left out silently.
    package mutating func inputs(_ arguments: [String], stdinName: String?, forceExclude: Bool = false) -> [RunInput] {
        var result: [RunInput] = []
        // Most runs name one file: the set is made for a second (its first insertion looked up
        // `FileIdentity: Hashable` through every conformance record, docs/performance.md "The start").
        var first: FileIdentity?
        var seen = Set<FileIdentity>()
        var stdinSeen = false
        func add(_ input: RunInput) {
            if input.path == "-" {
                guard !stdinSeen else { return }
                stdinSeen = true
            } else if let identity = FileIdentity(path: input.path) {
                if let first {
                    if seen.isEmpty { seen.insert(first) }
                    guard seen.insert(identity).inserted else { return }
                } else {
                    first = identity
                }
            } else if result.contains(where: { $0.path == input.path }) {
                return
            }
            result.append(input)
        }
        for argument in arguments {
            if argument == "-" {
                add(RunInput(display: stdinName ?? "<stdin>", path: "-", explicit: true))
            } else if FileSystem.isDirectory(argument) {
                excluded = []
                let known = unreadable.count
                let found = configs(under: argument)
                // (A folder it could not open is named already: that may be where the configs are.)
                if found.isEmpty, unreadable.count == known {
                    unreadable.append(UnreadableFile(path: argument, reason: Self.emptyReason(excluded: excluded)))
                }
                for path in found { add(RunInput(display: path, path: path, explicit: false)) }
            } else if forceExclude {
                if FileSystem.lastComponent(of: argument) == LinterConfiguration.fileName {
                    namedConfigurationFiles.append(FileSystem.absolute(argument))
                } else if isFoundByLayout(argument) { add(RunInput(display: argument, path: argument, explicit: false)) }
            } else {
                add(RunInput(display: argument, path: argument, explicit: true))
            }
        }
        return result
    }

    /// The configuration file that applies to a file in `directory` (absolute), if any.
    package mutating func configurationPath(forFileIn directory: String) -> String? {
        finder.configuration(forFileIn: directory)
    }

    /// Whether a file in a walked directory is a config by name: the configuration file's
    /// `include` globs (else the default names), minus its `exclude` globs.
    private mutating func isConfig(_ path: String) -> Bool {
        let absolute = FileSystem.absolute(path)
        let name = FileSystem.lastComponent(of: path)
        guard let configurationPath = finder.configuration(forFileIn: FileSystem.directory(of: absolute)),
              let configuration = configuration(at: configurationPath) else {
            return Self.isConfigName(name)
        }
        let relative = FileSystem.relative(absolute, to: FileSystem.directory(of: configurationPath))
        if Self.selects(relativePath: relative, include: configuration.include, exclude: []) {
            guard Self.selects(relativePath: relative, include: configuration.include, exclude: configuration.exclude) else {
                excluded.append(path)
                return false
            }
            return true
        }
        return false
    }

    /// Why a directory holds no config: nothing matched `include` (or the default names), or
    /// what did was left out by `exclude`: the message names the setting that did it.
    static func emptyReason(excluded: [String]) -> String {
        guard let first = excluded.first else {
            return "no Customer Center config below it (customer_center*.json, customer-center*.json, or the configuration file's 'include')"
        }
        let what = excluded.count == 1 ? "the one config found ('\(first)')" : "all \(excluded.count) configs found (first '\(first)')"
        return "no Customer Center config below it: the configuration file's 'exclude' leaves out \(what)"
    }

    /// `--force-exclude`: whether a file named on the command line is one that linting its
    /// configuration file's folder would find: no hidden (`.`) name and no hidden or `.build*`
    /// folder between that folder and the file, selected by `include` / `exclude`. Without a
    /// configuration file: the default names. A configuration file that cannot be read or
    /// followed selects everything, so that the run reports it (exit 2 or 3) instead of a
    /// broken `include` silently passing every file.
    private mutating func isFoundByLayout(_ path: String) -> Bool {
        let absolute = FileSystem.absolute(path)
        let name = FileSystem.lastComponent(of: absolute)
        guard let configurationPath = finder.configuration(forFileIn: FileSystem.directory(of: absolute)) else {
            return Self.isConfigName(name)
        }
        let relative = FileSystem.relative(absolute, to: FileSystem.directory(of: configurationPath))
        // (`..`: a file beside a `--config` kept in another folder is not hidden.)
        let segments = relative.split(separator: "/").filter { $0 != ".." }
        if segments.contains(where: { $0.hasPrefix(".") }) || segments.dropLast().contains(where: { $0.hasPrefix(".build") }) {
            return false
        }
        guard let configuration = configuration(at: configurationPath), configuration.isValid else { return true }
        return Self.selects(relativePath: relative, include: configuration.include, exclude: configuration.exclude)
    }

    /// Whether `include` / `exclude` (globs) select a file at `relativePath` from the
    /// configuration file's folder; the default names when `include` is empty.
    package static func selects(relativePath: String, include: [String], exclude: [String]) -> Bool {
        if exclude.contains(where: { Glob($0).matches(relativePath) }) { return false }
        if include.isEmpty { return isConfigName(FileSystem.lastComponent(of: relativePath)) }
        return include.contains { Glob($0).matches(relativePath) }
    }

    private mutating func configuration(at path: String) -> LinterConfiguration? {
        if let cached = configurations[path] { return cached }
        let configuration = (try? FileSystem.read(path)).map { LinterConfiguration(source: SourceFile(path: path, bytes: $0)) }
        configurations[path] = configuration
        return configuration
    }

    /// Whether a file name is a Customer Center config's (`customer_center*.json`, `customer-center*.json`).
    package static func isConfigName(_ name: String) -> Bool {
        name.hasSuffix(".json") && (name.hasPrefix("customer_center") || name.hasPrefix("customer-center"))
    }

    private mutating func configs(under directory: String) -> [String] {
        let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        var found: [String] = []
        let names: [String]
        do { names = try FileSystem.listing(of: base) } catch {
            unreadable.append(UnreadableFile(path: base, reason: error.reason))
            return []
        }
        for name in names.sorted() {
            if name.hasPrefix(".") { continue }
            let path = base + "/" + name
            if FileSystem.isDirectory(path) {
                if name.hasPrefix(".build") { continue }
                if !FileSystem.isSymbolicLink(path) { found += configs(under: path) }
            } else if isConfig(path) {
                // A FIFO, socket, device or dangling link under a config's name is an input the
                // run cannot read (reading it says why, exit 3), never a file silently passed over.
                found.append(path)
            }
        }
        return found
    }
}

extension FileSystem {
    /// Whether `path` is a regular file (following links).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` itself is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
