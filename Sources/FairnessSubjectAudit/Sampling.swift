import FairnessRunner
import Foundation
import Synchronization
import _FairnessAuditSupport

/// How an audit gets the tallies of its sampled checks.
public enum SamplingMode: Sendable {
    /// Run every trial here (the default).
    case full
    /// Run only the blocks of shard `index` of `count` (0-based) and keep each subject's tally in `store`:
    /// one machine's part of a run spread over several.
    case shard(index: Int, count: Int, store: TallyStore)
    /// Run no trial: each subject's tally is the sum of the tallies in `store`, one per shard of an
    /// earlier run. The report is the one a single run of every trial writes, byte for byte.
    case merged(TallyStore)
}

/// Subjects' tallies, as JSON, by subject name: what a shard produces, or what a merge reads.
public final class TallyStore: Sendable {
    private let state: Mutex<[String: [Data]]>

    /// A store holding `tallies` (several per subject when they come from several shards).
    public init(_ tallies: [String: [Data]] = [:]) { state = Mutex(tallies) }

    /// Adds one tally of `subject`.
    public func add(_ tally: Data, for subject: String) { state.withLock { $0[subject, default: []].append(tally) } }

    /// Every tally, by subject.
    public var tallies: [String: [Data]] { state.withLock { $0 } }
}

extension SubjectAudit {
    /// The tally of `driver`'s trials under the run's ``SamplingMode``: sampled here in full, sampled for one
    /// shard (and kept), or merged from the shards' tallies.
    static func sampled<Driver: TrialDriver>(
        _ name: String, _ driver: Driver, _ settings: AuditSettings, _ sample: Sampler<Driver>
    ) throws -> Driver.Counts {
        switch settings.sampling {
        case .full:
            return try sample(driver, settings.run)
        case .shard(let index, let count, let store):
            var run = settings.run
            run.blocks = run.blocks(ofShard: index, of: count)
            let tally = try sample(driver, run)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            store.add(try encoder.encode(tally), for: name)
            return tally
        case .merged(let store):
            guard let parts = store.tallies[name], !parts.isEmpty else {
                throw AuditError.invalidSetting(.tallies, value: name, allowed: "tallies of this subject in every shard")
            }
            var total = driver.makeTally()
            for part in parts {
                // A shard's file is data from elsewhere: its tally is read and checked before it is added.
                guard let tally = try? JSONDecoder().decode(Driver.Counts.self, from: part), total.canMerge(tally) else {
                    throw AuditError.invalidSetting(
                        .tallies, value: name,
                        allowed: "a tally of this subject's kind in every shard (one that reads, has this subject's cells and adds up)")
                }
                total.merge(tally)
            }
            return total
        }
    }
}
