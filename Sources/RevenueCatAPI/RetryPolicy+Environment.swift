extension CustomerCenterClient.RetryPolicy {
    /// The defaults with the limits the environment sets, for tests and impatient CI jobs:
    /// `CUSTOMER_CENTER_PULL_RETRIES` (0–10), `CUSTOMER_CENTER_PULL_BACKOFF` (0–60 s) and
    /// `CUSTOMER_CENTER_PULL_MAX_WAIT` (0–3600 s); a value out of range is refused, naming it.
    public init(environment: (String) -> String?) throws(CustomerCenterClient.Failure) {
        self.init()
        for (name, range) in [("CUSTOMER_CENTER_PULL_RETRIES", 0.0...10), ("CUSTOMER_CENTER_PULL_BACKOFF", 0.0...60),
                              ("CUSTOMER_CENTER_PULL_MAX_WAIT", 0.0...3600)] {
            guard let raw = environment(name), !raw.isEmpty else { continue }
            guard let value = Double(raw), range.contains(value) else {
                throw CustomerCenterClient.Failure(message: "\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got '\(raw)'")
            }
            switch name {
            case "CUSTOMER_CENTER_PULL_RETRIES": retries = Int(value)
            case "CUSTOMER_CENTER_PULL_BACKOFF": backoff = value
            default: maxWait = value
            }
        }
    }

    /// `--timeout`: seconds per request, from 0 (exclusive) to 3600; `nil` when `raw` is not that.
    public mutating func setTimeout(_ raw: String) -> Bool {
        guard let seconds = Double(raw), seconds > 0, seconds <= 3600 else { return false }
        timeout = seconds
        return true
    }
}
