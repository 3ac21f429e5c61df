import FairnessBattery
import FairnessReport
import FairnessSubjectAudit

/// A random source the audit tests with the randomness battery, as a subject of its own after the games:
/// a game's own generator, read through its probe (`NAME random source`).
public struct RandomSourceSubject: Sendable {
    /// A source that could not be read (its probe died, hung or answered wrongly): the subject fails as one
    /// that could not be run, with `reason`.
    public struct Unreadable: Error, Sendable {
        /// Why, in one line.
        public var reason: String

        /// A source unreadable for `reason`.
        public init(_ reason: String) { self.reason = reason }
    }

    /// The subject's name in the report.
    public var name: String
    /// Reads the source and tests its output with the battery given; nil when the source offers nothing to
    /// test (a probe speaking a protocol without `random`: no subject). ``Unreadable`` fails the subject;
    /// any other error stops the audit.
    public var test: @Sendable (RandomnessBattery) throws -> RandomnessBatteryResult?

    /// A source named `name`, read and tested by `test`.
    public init(name: String, test: @escaping @Sendable (RandomnessBattery) throws -> RandomnessBatteryResult?) {
        self.name = name
        self.test = test
    }
}

extension AuditReport {
    /// The report with each of `sources` tested by the battery (on `settings.run.threads` threads) and
    /// added as a subject of its own, in order; a source that offers nothing is left out.
    /// - Throws: what a source's test throws but ``RandomSourceSubject/Unreadable``; `StatisticsError` from
    ///   a second-level tail.
    func adding(randomSources sources: [RandomSourceSubject], settings: AuditSettings) throws -> AuditReport {
        var report = self
        var battery = RandomnessBattery()
        battery.threads = settings.run.threads
        for source in sources {
            do {
                guard let result = try source.test(battery) else { continue }
                report = try report.adding(randomSource: result, name: source.name, settings: settings)
            } catch let unreadable as RandomSourceSubject.Unreadable {
                report = report.adding(randomSource: source.name, couldNotBeRun: unreadable.reason)
            }
        }
        return report
    }
}
