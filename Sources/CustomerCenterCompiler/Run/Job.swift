/// A job a ``Workspace`` runs (docs/design.md "The top floor"): the job's value says what to do,
/// ``run(in:)`` does it through a ``RunContext`` (which reads, writes and records), and
/// ``Output`` is what it gives back besides the findings, events and verdict every run has.
/// ``Lint``, ``Autofix`` and ``Compile`` are jobs; each command of the command line is one too.
public protocol Job {
    /// What the job gives back besides its run's report (`Void` when the report is all).
    associatedtype Output

    /// Does the job in `context`, recording what it met and did in the context's log.
    func run(in context: inout RunContext) -> Output
}
