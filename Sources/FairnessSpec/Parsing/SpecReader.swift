import FairnessModel
import Foundation
import Yams

/// Walks the node tree, keeping the path for errors.
struct SpecReader {
    let file: String

    func fail(_ node: Node?, _ path: String, _ message: String) -> SpecError {
        SpecError(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, field: path, message: message)
    }

    /// The mapping at `node`, with only `allowed` keys.
    func mapping(_ node: Node, _ path: String, allowed: [String]) throws -> [String: (key: Node, value: Node)] {
        guard case .mapping(let mapping) = node else { throw fail(node, path, "must be a mapping of fields (key: value)") }
        var fields: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard let name = key.string else { throw fail(key, path, "field names must be text") }
            guard allowed.contains(name) else {
                throw fail(key, join(path, name), "unknown field; allowed here: \(allowed.joined(separator: ", "))")
            }
            fields[name] = (key, value)
        }
        return fields
    }

    func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }

    func require(_ fields: [String: (key: Node, value: Node)], _ name: String, in node: Node, _ path: String) throws -> Node {
        guard let field = fields[name] else { throw fail(node, join(path, name), "missing; it is required") }
        return field.value
    }

    func string(_ node: Node, _ path: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw fail(node, path, "must be text") }
        return scalar.string
    }

    func number(_ node: Node, _ path: String) throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any,
            let value = Double(scalar.string.replacingOccurrences(of: "_", with: "")), value.isFinite
        else { throw fail(node, path, "must be a finite number") }
        return value
    }

    func integer(_ node: Node, _ path: String, in range: ClosedRange<Int>) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any, let value = Int(scalar.string),
            range.contains(value)
        else {
            throw fail(node, path, "must be a whole number in \(range.lowerBound) ... \(range.upperBound)")
        }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ path: String, _: T.Type) throws -> T where T.RawValue == String {
        let text = try string(node, path)
        guard let value = T(rawValue: text) else {
            throw fail(node, path, "'\(text)' is not one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// `payout: { stake, declared-rtp, declared-rtp-rounded-to, minimum-rtp }`.
    func payout(_ node: Node, _ path: String) throws -> PayoutSpec {
        let fields = try mapping(node, path, allowed: ["stake", "declared-rtp", "declared-rtp-rounded-to", "minimum-rtp"])
        var payout = PayoutSpec()
        if let stake = fields["stake"] {
            payout.stake = try number(stake.value, join(path, "stake"))
            guard payout.stake > 0 else { throw fail(stake.value, join(path, "stake"), "must be positive") }
        }
        func rtp(_ name: String) throws -> Double? {
            guard let field = fields[name] else { return nil }
            let value = try number(field.value, join(path, name))
            guard value >= 0, value <= 1000 else {
                throw fail(field.value, join(path, name), "must be a return to player: expected payout over stake, 0.95 for 95%")
            }
            return value
        }
        payout.declaredRTP = try rtp("declared-rtp")
        payout.minimumRTP = try rtp("minimum-rtp")
        payout.declaredRTPRoundedTo = try roundingUnit(fields["declared-rtp-rounded-to"], join(path, "declared-rtp-rounded-to"))
        return payout
    }

    /// The unit printed figures are rounded to (0.0001 for 15.43%): a number in (0, 0.1].
    func roundingUnit(_ field: (key: Node, value: Node)?, _ path: String) throws -> Double? {
        guard let field else { return nil }
        let value = try number(field.value, path)
        guard value > 0, value <= 0.1 else {
            throw fail(field.value, path, "must be the unit figures are rounded to, in (0, 0.1]: 0.0001 for odds shown as 15.43%")
        }
        return value
    }

    /// A probability written as a decimal (0.25) or a fraction (5/162).
    func probability(_ node: Node, _ path: String) throws -> Double {
        let text = try string(node, path)
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var value: Double?
        if parts.count == 1 { value = Double(parts[0]) }
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b > 0 { value = a / b }
        guard let value, value.isFinite, value >= 0, value <= 1 else {
            throw fail(node, path, "must be a probability in [0, 1], written 0.25 or 5/162")
        }
        return value
    }

    func game(_ root: Node) throws -> GameSpec {
        let fields = try mapping(root, "", allowed: ["version", "name", "summary", "wheel", "dice", "table"])
        let version = try integer(try require(fields, "version", in: root, ""), "version", in: 1...1_000_000)
        guard version == GameSpec.formatVersion else {
            throw fail(fields["version"]?.value, "version", "this toolkit reads spec version \(GameSpec.formatVersion), not \(version)")
        }
        let nameNode = try require(fields, "name", in: root, "")
        let name = try string(nameNode, "name")
        guard GameSpec.isValidName(name) else {
            throw fail(nameNode, "name", "must be 1 to 100 letters, digits, '-', '_' or '.'")
        }
        let summary = try fields["summary"].map { try string($0.value, "summary") } ?? "Declared in a spec file"
        let games = ["wheel", "dice", "table"].filter { fields[$0] != nil }
        guard games.count == 1 else {
            if games.isEmpty { throw fail(root, "wheel", "missing; a spec declares a wheel, dice or a table") }
            throw fail(
                fields[games[1]]?.key, games[1],
                "a spec declares one game: a wheel, dice or a table, not \(games.joined(separator: " and "))")
        }
        let node = fields[games[0]]!.value
        switch games[0] {
        case "wheel": return GameSpec(name: name, summary: summary, game: .wheel(try wheel(node, "wheel")))
        case "dice": return GameSpec(name: name, summary: summary, game: .dice(try dice(node, "dice")))
        default: return GameSpec(name: name, summary: summary, game: .table(try table(node, "table")))
        }
    }
}
