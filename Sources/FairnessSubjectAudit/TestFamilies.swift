import FairnessReport
import FairnessStatistics
import Foundation

/// The sampled tests of a run, settled one family per subject.
///
/// A subject's verdict must not depend on what else was audited with it: its p-values form a family of
/// their own, corrected by Holm at `--alpha`, so a game gets the same verdict, adjusted p-values and
/// statements of power alone or in any run; the run's gate is the OR of its subjects'.
///
/// Each hypothesis enters its family once:
/// - **Pearson, not G.** Pearson's X² and the G statistic test the same table against the same odds; they
///   agree to the third digit on any table the toolkit tests, and counting both would halve the level of
///   each. Pearson's X² is the gate (its chi-square approximation is the better of the two at small
///   expected counts, and its power statement is the one the toolkit calibrates); the G-test is kept as
///   information beside it, outside the family: its raw p-value is shown, it never gates, and a G-test
///   that would reject at the family's strictest level α/m while Pearson does not is a NOTE.
/// - **The same test once.** A test whose table (its counts, and the odds or probability tested) equals an
///   earlier one of the same subject — outcomes against designed odds and against the claimed odds when the
///   two coincide, a final straight and a large straight, final categories against the policy's odds and
///   against one fair roll when the policy never rerolls — is reported as the same test: no second
///   p-value, the status of the test it repeats.
enum TestFamilies {
    /// How a tested check enters its subject's family.
    enum Role {
        /// A member: Holm-adjusted with the others.
        case member
        /// Information beside the member at this position: a G-test beside its Pearson test.
        case information(beside: Int)
        /// The same test as the member at this position.
        case repeats(Int)
    }

    /// Settles `pending`: each subject's family of p-values is Holm-adjusted at `alpha`, statuses follow,
    /// G-tests become information and repeated tests point to the first. Returns each check's family
    /// size (the subject's members), keyed by position, for the statements of power.
    static func settle(_ pending: inout [PendingCheck], alpha: Double) throws -> [Int: Int] {
        var sizes: [Int: Int] = [:]
        let subjects = Dictionary(grouping: pending.indices.filter { pending[$0].record.pValue != nil }, by: { pending[$0].record.subject })
        for (_, tested) in subjects.sorted(by: { $0.key < $1.key }) {
            let roles = Self.roles(of: tested, in: pending)
            let members = tested.filter { if case .member = roles[$0]! { true } else { false } }
            let adjusted = try HolmCorrection.adjust(members.map { pending[$0].record.pValue! })
            // The same correction on log₁₀ p, which keeps the size of p-values that underflow.
            let adjustedLog10 = try HolmCorrection.adjustLog10(members.map { log10P(pending[$0].record) })
            for (position, index) in members.enumerated() {
                pending[index].record.holmPValue = adjusted[position]
                pending[index].record.holmLog10PValue = adjustedLog10[position].isFinite ? adjustedLog10[position] : nil
                pending[index].record.threshold = alpha
                pending[index].record.status = adjustedLog10[position] <= Foundation.log10(alpha) ? .fail : .pass
                sizes[index] = members.count
            }
            let strictest = alpha / Double(max(1, members.count))
            for index in tested {
                switch roles[index]! {
                case .member: break
                case .information(let pearson):
                    pending[index].record.status = pending[index].record.pValue! <= strictest ? .note : .pass
                    pending[index].record.detailFacts = .besideTheGate(pending[pearson].record.check, pending[index].record.detailFacts)
                    pending[index].power = nil
                case .repeats(let first):
                    pending[index].record.pValue = nil
                    pending[index].record.log10PValue = nil
                    pending[index].record.pValueMethod = nil
                    pending[index].record.status = pending[first].record.status
                    pending[index].record.detailFacts = .sameTest(as: pending[first].record.check, pending[index].record.detailFacts)
                    pending[index].power = nil
                }
            }
        }
        notADrift(&pending)
        return sizes
    }

    /// A log whose windows all depart alike from the declared odds has not drifted: when the windows do not
    /// differ from each other (homogeneity across windows tested and passed), a failing drift check is a
    /// NOTE, and the departure is the outcomes check's finding.
    static func notADrift(_ pending: inout [PendingCheck]) {
        for index in pending.indices
        where pending[index].record.check == .driftFirstDepartingWindow && pending[index].record.status == .fail {
            let subject = pending[index].record.subject
            guard
                pending.contains(where: {
                    $0.record.subject == subject && $0.record.check == .homogeneityAcrossWindows && $0.record.status == .pass
                })
            else { continue }
            pending[index].record.status = .note
            pending[index].record.detailFacts = .windowsAlike(pending[index].record.detailFacts)
        }
    }

    /// A cell of a table as tested, without the subject and check it belongs to: two checks with equal cells
    /// test the same counts against the same odds.
    struct Cell: Hashable {
        let table: String, row: String, column: String, members: String
        let observed: Double
        let expected: Double?

        package init(_ row: StatisticTableRow) {
            table = row.table
            self.row = row.row
            column = row.column
            members = row.members
            observed = row.observed
            expected = row.expected
        }
    }

    /// log₁₀ of a record's p-value: its own where it keeps one, −∞ for an impossible outcome.
    static func log10P(_ record: CheckRecord) -> Double {
        record.log10PValue ?? (record.impossibleObserved || record.pValue == 0 ? -.infinity : Foundation.log10(record.pValue!))
    }

    /// The role of each tested check of one subject (`tested`, in report order).
    static func roles(of tested: [Int], in pending: [PendingCheck]) -> [Int: Role] {
        var roles: [Int: Role] = [:]
        var seen: [[Cell]: Int] = [:]
        for index in tested {
            let record = pending[index].record
            if case .outcomes(let versus, .logLikelihoodRatio) = record.check,
                let pearson = tested.first(where: { pending[$0].record.check == .outcomes(versus: versus, statistic: .pearson) })
            {
                roles[index] = .information(beside: pearson)
                continue
            }
            let table = pending[index].table.map(Cell.init)
            if !table.isEmpty, let first = seen[table] {
                roles[index] = .repeats(first)
            } else {
                if !table.isEmpty { seen[table] = index }
                roles[index] = .member
            }
        }
        return roles
    }
}
