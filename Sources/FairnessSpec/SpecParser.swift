import FairnessAudit
import Foundation
import Yams

/// Reads spec files: YAML 1.1 (JSON is accepted, being YAML), one game per file.
///
/// Every field is checked as it is read and an error names the file, the line and column of the offending
/// node and the field's path; unknown fields are refused (a misspelt `secotrs` is an error, not a silently
/// ignored line). The format is documented in `docs/spec.md` and as a JSON Schema in
/// `docs/spec.schema.json`.
public enum SpecParser {
    /// Reads and checks the spec in `file`.
    /// - Throws: ``SpecError`` naming the file, place and field of the first problem.
    public static func parse(contentsOf file: URL) throws -> GameSpec {
        try parse(readText(file), file: file.relativePath)
    }

    /// The text of `file`, or a ``SpecError`` saying plainly why there is none: no such file, a directory,
    /// no permission, not UTF-8. Read through a file handle, which also reads devices and pipes
    /// (`/dev/null`, `/dev/stdin`) where `String(contentsOf:)` on Linux fails with a misleading error.
    /// The largest spec file read, in bytes.
    static let maximumBytes = 1 << 20

    static func readText(_ file: URL) throws -> String {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: file.relativePath, line: 0, column: 0, field: "", message: "cannot read the file: \(reason)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { throw failure("no such file") }
        guard !isDirectory.boolValue else { throw failure("it is a directory, not a spec file") }
        guard FileManager.default.isReadableFile(atPath: file.path) else { throw failure("permission denied") }
        var data = Data()
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            // A spec is a page of text: stop at the cap (a device like /dev/zero would never end).
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                data.append(chunk)
                if data.count > maximumBytes { throw failure("it is larger than \(maximumBytes) bytes; a spec file is a page of text") }
            }
        } catch let error as SpecError {
            throw error
        } catch {
            throw failure(error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw failure("it is not UTF-8 text") }
        return text
    }

    /// Reads and checks the spec in `text`; `file` names it in errors.
    /// - Throws: ``SpecError`` naming the place and field of the first problem.
    public static func parse(_ text: String, file: String = "<input>") throws -> GameSpec {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SpecError(
                    file: file, line: 1, column: 1, field: "", message: "the file is empty; a spec needs version, name and wheel or dice")
            }
            root = node
        } catch let error as SpecError {
            throw error
        } catch let error as YamlError {
            throw Self.error(error, file: file)
        } catch {
            throw SpecError(file: file, line: 1, column: 1, field: "", message: "not YAML or JSON: \(error)")
        }
        return try Reader(file: file).game(root)
    }

    static func error(_ error: YamlError, file: String) -> SpecError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let what = [context.map { "\($0)" }, problem].compactMap { $0 }.joined(separator: ": ")
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            return SpecError(file: file, line: mark.line, column: mark.column, field: "", message: "not valid YAML or JSON: \(what)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SpecError(
                file: file, line: context.mark.line, column: context.mark.column, field: duplicates.joined(separator: ", "),
                message: "the key appears more than once")
        default:
            return SpecError(file: file, line: 1, column: 1, field: "", message: "not valid YAML or JSON: \(error)")
        }
    }
}

/// Walks the node tree, keeping the path for errors.
struct Reader {
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
        let fields = try mapping(root, "", allowed: ["version", "name", "summary", "wheel", "dice"])
        let version = try integer(try require(fields, "version", in: root, ""), "version", in: 1...1_000_000)
        guard version == GameSpec.formatVersion else {
            throw fail(fields["version"]?.value, "version", "this toolkit reads spec version \(GameSpec.formatVersion), not \(version)")
        }
        let nameNode = try require(fields, "name", in: root, "")
        let name = try string(nameNode, "name")
        guard !name.isEmpty, name.count <= 100, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw fail(nameNode, "name", "must be 1 to 100 letters, digits, '-', '_' or '.'")
        }
        let summary = try fields["summary"].map { try string($0.value, "summary") } ?? "Declared in a spec file"
        switch (fields["wheel"], fields["dice"]) {
        case (let wheel?, nil):
            return GameSpec(name: name, summary: summary, game: .wheel(try self.wheel(wheel.value, "wheel")))
        case (nil, let dice?):
            return GameSpec(name: name, summary: summary, game: .dice(try self.dice(dice.value, "dice")))
        case (_?, _?):
            throw fail(fields["dice"]?.key, "dice", "a spec declares one game: a wheel or dice, not both")
        case (nil, nil):
            throw fail(root, "wheel", "missing; a spec declares a wheel or dice")
        }
    }

    func wheel(_ node: Node, _ path: String) throws -> WheelSpec {
        let fields = try mapping(
            node, path,
            allowed: [
                "unit", "zero", "angles-grow", "layout", "first-sector-start", "pointer", "sectors", "spin", "claims-rounded-to", "payout",
            ])
        func field(_ name: String) -> Node? { fields[name]?.value }
        let unit: AngleUnit
        switch try field("unit").map({ try string($0, join(path, "unit")) }) ?? "degrees" {
        case "degrees": unit = .degrees
        case "radians": unit = .radians
        case let other: throw fail(field("unit"), join(path, "unit"), "'\(other)' is not one of: degrees, radians")
        }
        let zero = try field("zero").map { try choice($0, join(path, "zero"), SpecZero.self) } ?? .right
        func direction(_ name: String) throws -> LayoutDirection {
            guard let node = field(name) else { return .clockwise }
            switch try string(node, join(path, name)) {
            case "clockwise": return .clockwise
            case "counterclockwise": return .counterclockwise
            case let other: throw fail(node, join(path, name), "'\(other)' is not one of: clockwise, counterclockwise")
            }
        }
        let anglesGrow = try direction("angles-grow")
        let layout = try direction("layout")
        // An angle is a place on the wheel: more than a million turns from 0 is a typo, and past 2^53 units
        // no slice could be told from its neighbour.
        func angle(_ node: Node, _ fieldPath: String) throws -> Double {
            let value = try number(node, fieldPath)
            guard abs(value) <= 1_000_000 * unit.fullTurn else {
                throw fail(
                    node, fieldPath,
                    "\(value) is more than a million turns from 0; give an angle within ±\(Int(1_000_000 * unit.fullTurn)) \(unit == .degrees ? "degrees" : "radians")"
                )
            }
            return value
        }
        let start = try field("first-sector-start").map { try angle($0, join(path, "first-sector-start")) } ?? 0
        let pointer = try angle(try require(fields, "pointer", in: node, path), join(path, "pointer"))
        let sectorsPath = join(path, "sectors")
        let sectorsNode = try require(fields, "sectors", in: node, path)
        guard case .sequence(let list) = sectorsNode, !list.isEmpty else {
            throw fail(sectorsNode, sectorsPath, "must be a non-empty list")
        }
        var sectors: [WheelSpec.Sector] = []
        var usesWidth: Bool?
        var usesDrawn: Bool?
        var labels: Set<Int> = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(sectorsPath)[\(index)]"
            let sector = try mapping(item, itemPath, allowed: ["label", "width", "weight", "start", "end", "claimed", "prize"])
            let labelNode = try require(sector, "label", in: item, itemPath)
            let label = try integer(labelNode, itemPath + ".label", in: Int(Int32.min)...Int(Int32.max))
            guard labels.insert(label).inserted else {
                throw fail(labelNode, itemPath + ".label", "label \(label) is used by another sector")
            }
            let size: Double
            var arc: WheelSpec.DrawnSpan?
            if sector["start"] != nil || sector["end"] != nil {
                guard sector["width"] == nil && sector["weight"] == nil else {
                    throw fail(item, itemPath, "give start and end, or a width, or a weight: not several")
                }
                guard let startField = sector["start"], let endField = sector["end"] else {
                    throw fail(
                        item, itemPath + (sector["start"] == nil ? ".start" : ".end"), "missing; a drawn sector needs both start and end")
                }
                if usesDrawn == false { throw fail(startField.key, itemPath + ".start", Self.oneSizeForAll) }
                usesDrawn = true
                let from = try angle(startField.value, itemPath + ".start"), to = try angle(endField.value, itemPath + ".end")
                guard to > from, to - from <= unit.fullTurn else {
                    throw fail(
                        endField.value, itemPath + ".end",
                        "label \(label): the arc must run from start to end the way your angles grow, at most one turn (write \(unit == .degrees ? "350 to 370" : "6 to 6.5") for an arc across 0)"
                    )
                }
                arc = WheelSpec.DrawnSpan(start: from, end: to)
                size = to - from
            } else {
                if usesDrawn == true { throw fail(item, itemPath, Self.oneSizeForAll) }
                usesDrawn = false
                switch (sector["width"], sector["weight"]) {
                case (let width?, nil):
                    size = try number(width.value, itemPath + ".width")
                    if usesWidth == false { throw fail(width.key, itemPath + ".width", Self.oneSizeForAll) }
                    usesWidth = true
                case (nil, let weight?):
                    size = try number(weight.value, itemPath + ".weight")
                    if usesWidth == true { throw fail(weight.key, itemPath + ".weight", Self.oneSizeForAll) }
                    usesWidth = false
                case (_?, _?): throw fail(item, itemPath, "give a width or a weight, not both")
                case (nil, nil):
                    throw fail(item, itemPath + ".weight", "missing; each sector needs a weight, a width, or a start and an end")
                }
                guard size > 0 else {
                    throw fail(
                        sector["width"]?.value ?? sector["weight"]?.value, itemPath + (usesWidth! ? ".width" : ".weight"),
                        "must be positive")
                }
            }
            let claimed = try sector["claimed"].map { try probability($0.value, itemPath + ".claimed") }
            let prize = try sector["prize"].map { try number($0.value, itemPath + ".prize") }
            sectors.append(WheelSpec.Sector(label: label, size: size, claimed: claimed, prize: prize, arc: arc))
        }
        let roundedTo = try roundingUnit(fields["claims-rounded-to"], join(path, "claims-rounded-to"))
        let claims = sectors.compactMap(\.claimed)
        if !claims.isEmpty {
            guard claims.count == sectors.count else {
                throw fail(sectorsNode, sectorsPath, "claimed: give a claimed probability for every sector or for none")
            }
            let total = claims.reduce(0, +)
            // Rounded claims may miss 1 by half a unit each.
            guard abs(total - 1) <= 1e-9 + Double(claims.count) * (roundedTo ?? 0) / 2 else {
                throw fail(
                    sectorsNode, sectorsPath,
                    "claimed probabilities sum to \(total), not 1"
                        + (roundedTo == nil ? " (if the game prints them rounded, declare claims-rounded-to)" : ""))
            }
        }
        var draw = WheelSpec.Draw.uniform, turns = 0, rotation = WheelSpec.Rotation.reset
        var indexWeights: [Double]?
        if let spinNode = field("spin") {
            let spinPath = join(path, "spin")
            let spin = try mapping(spinNode, spinPath, allowed: ["draw", "turns", "rotation", "index-weights"])
            draw = try spin["draw"].map { try choice($0.value, spinPath + ".draw", WheelSpec.Draw.self) } ?? .uniform
            turns = try spin["turns"].map { try integer($0.value, spinPath + ".turns", in: 0...1_000) } ?? 0
            rotation = try spin["rotation"].map { try choice($0.value, spinPath + ".rotation", WheelSpec.Rotation.self) } ?? .reset
            if draw == .integerDegrees && unit != .degrees {
                throw fail(spin["draw"]?.value, spinPath + ".draw", "integer-degrees needs unit: degrees")
            }
            if let weightsField = spin["index-weights"] {
                let weightsPath = spinPath + ".index-weights"
                guard draw == .target else { throw fail(weightsField.key, weightsPath, "index-weights needs draw: target") }
                guard case .sequence(let items) = weightsField.value, items.count == sectors.count else {
                    throw fail(
                        weightsField.value, weightsPath, "must be a list of \(sectors.count) weights, one per sector in layout order")
                }
                let weights = try items.enumerated().map { offset, item in
                    let weight = try number(item, "\(weightsPath)[\(offset)]")
                    guard weight >= 0 else { throw fail(item, "\(weightsPath)[\(offset)]", "must be zero or positive") }
                    return weight
                }
                guard weights.contains(where: { $0 > 0 }) else {
                    throw fail(weightsField.value, weightsPath, "at least one weight must be positive")
                }
                indexWeights = weights
            }
            if draw == .target, let rotationField = spin["rotation"] {
                throw fail(
                    rotationField.key, spinPath + ".rotation", "does not apply to draw: target (the game computes each stop from its index)"
                )
            }
        }
        var spec = WheelSpec(
            unit: unit, zero: zero, anglesGrow: anglesGrow, layout: layout, firstSectorStart: start, pointer: pointer, sectors: sectors,
            sizesAreWidths: usesWidth ?? false, draw: draw, turns: turns, rotation: rotation)
        spec.indexWeights = indexWeights
        spec.claimsRoundedTo = roundedTo
        spec.payout = try fields["payout"].map { try payout($0.value, join(path, "payout")) }
        do {
            _ = try spec.geometry()
        } catch let error as WheelGeometryError {
            throw fail(sectorsNode, sectorsPath, Self.message(error, spec: spec))
        }
        return spec
    }

    func dice(_ node: Node, _ path: String) throws -> DiceSpec {
        let fields = try mapping(node, path, allowed: ["count", "faces", "reroll", "claims", "hands", "claims-rounded-to", "payout"])
        let count = try integer(try require(fields, "count", in: node, path), join(path, "count"), in: 1...DiceSet.maximumCount)
        let faces = try integer(try require(fields, "faces", in: node, path), join(path, "faces"), in: 1...DiceSet.maximumFaces)
        let dice: DiceSet
        do {
            dice = try DiceSet(count: count, faces: faces)
        } catch {
            throw fail(fields["faces"]?.value, join(path, "faces"), "\(error)")
        }
        var reroll = RerollPolicy.never
        if let node = fields["reroll"]?.value {
            switch try string(node, join(path, "reroll")) {
            case "never": reroll = .never
            case "once-after-straight": reroll = .rerollOnceAfterDetectedStraight
            case let other: throw fail(node, join(path, "reroll"), "'\(other)' is not one of: never, once-after-straight")
            }
        }
        var claims: [DiceSpec.Claim] = []
        if let claimsNode = fields["claims"]?.value {
            let claimsPath = join(path, "claims")
            let claimFields = try mapping(claimsNode, claimsPath, allowed: PokerCategory.allCases.map(\.name))
            for category in PokerCategory.allCases {
                guard let claim = claimFields[category.name] else { continue }
                guard PokerCategory.isDefined(category, forDice: count) else {
                    throw fail(claim.key, claimsPath + "." + category.name, "\(category.name) is not a category of \(count) dice")
                }
                claims.append(
                    DiceSpec.Claim(category: category, probability: try probability(claim.value, claimsPath + "." + category.name)))
            }
        }
        var spec = DiceSpec(dice: dice, reroll: reroll, claims: claims)
        if let handsNode = fields["hands"]?.value { spec.hands = try hands(handsNode, join(path, "hands"), dice: dice) }
        spec.claimsRoundedTo = try roundingUnit(fields["claims-rounded-to"], join(path, "claims-rounded-to"))
        spec.payout = try fields["payout"].map { try payout($0.value, join(path, "payout")) }
        return spec
    }

    /// The rules a spec may name: `small straight`, `large straight`, `run of N`, `N of a kind`,
    /// `full house`, `two pair`.
    /// A geometry's refusal in the spec's own terms: sectors by label, sizes in the spec's unit.
    static func message(_ error: WheelGeometryError, spec: WheelSpec) -> String {
        let unit = spec.unit == .degrees ? "degrees" : "radians"
        switch error {
        case .invalidWidth(let sector, let label, let width):
            let given = spec.sectors.indices.contains(sector) ? spec.sectors[sector].size : width
            let what = spec.drawn ? "arc" : spec.sizesAreWidths ? "width \(given)" : "weight \(given)"
            return
                "label \(label): its \(what) leaves a slice of \(width) \(unit), too narrow to hold (a weight far below the others' — under 1e-15 of their sum — cannot be drawn)"
        case .doesNotCloseTheCircle:
            let total = spec.sectors.reduce(0) { $0 + $1.size }
            return
                "the widths sum to \(total) \(unit), not one turn (\(spec.unit.fullTurn) \(unit)); give weights to share the circle, or start and end to keep a gap as drawn"
        case .duplicateLabel(let label, _): return "label \(label) is used by more than one sector"
        case .invalidAngle(let what, let value): return "\(what) is \(value) in the toolkit's angles; it must be a finite angle"
        case .noSectors: return "must be a non-empty list"
        }
    }

    static let oneSizeForAll = "use weight for every sector, width for every sector, or start and end for every sector"
    static let handRules = "small straight, large straight, run of N, N of a kind, full house, two pair"

    func hands(_ node: Node, _ path: String, dice: DiceSet) throws -> [DiceSpec.Hand] {
        guard case .sequence(let list) = node, !list.isEmpty else { throw fail(node, path, "must be a non-empty list of hands") }
        var result: [DiceSpec.Hand] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try mapping(item, itemPath, allowed: ["name", "rule", "claimed", "prize"])
            let nameNode = try require(fields, "name", in: item, itemPath)
            let name = try string(nameNode, itemPath + ".name")
            guard !name.isEmpty, name.count <= 60, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            else {
                throw fail(
                    nameNode, itemPath + ".name",
                    "must be 1 to 60 ASCII letters, digits, '-', '_' or '.' (it names the hand in probe requests)")
            }
            guard !result.contains(where: { $0.name == name }) else {
                throw fail(nameNode, itemPath + ".name", "hand '\(name)' is declared twice")
            }
            let ruleNode = try require(fields, "rule", in: item, itemPath)
            let rule = try handRule(ruleNode, itemPath + ".rule", dice: dice)
            let claimed = try fields["claimed"].map { try probability($0.value, itemPath + ".claimed") }
            let prize = try fields["prize"].map { try number($0.value, itemPath + ".prize") }
            result.append(DiceSpec.Hand(name: name, rule: rule, claimed: claimed, prize: prize))
        }
        return result
    }

    func handRule(_ node: Node, _ path: String, dice: DiceSet) throws -> DiceHand.Rule {
        // Number words as the categories spell them ("three of a kind") read as digits.
        let numberWords = [
            "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
        ]
        let written = try string(node, path).split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        // "two pair" keeps its word; elsewhere number words read as digits.
        let text = written == ["two", "pair"] ? "two pair" : written.map { numberWords[$0] ?? $0 }.joined(separator: " ")
        let k = dice.count
        let words = text.split(separator: " ")
        var rule: DiceHand.Rule?
        switch text {
        case "small straight":
            guard k >= 3 else { throw fail(node, path, "a small straight (a run of K − 1) needs at least 3 dice") }
            rule = .run(length: k - 1)
        case "large straight": rule = .run(length: k)
        case "full house":
            guard k >= 5 else { throw fail(node, path, "a full house (three and two of a kind) needs at least 5 dice") }
            rule = .fullHouse
        case "two pair":
            guard k >= 4 else { throw fail(node, path, "two pair needs at least 4 dice") }
            rule = .twoPair
        default:
            if words.count == 3, words[0] == "run", words[1] == "of", let n = Int(words[2]) {
                guard n >= 2 && n <= k else {
                    throw fail(
                        node, path,
                        k < 2
                            ? "a run needs at least 2 dice; this game rolls \(k)"
                            : "a run of \(n) is not possible with \(k) dice; use 2 ... \(k)")
                }
                rule = .run(length: n)
            } else if words.count == 4, words[1...] == ["of", "a", "kind"], let n = Int(words[0]) {
                guard n >= 2 && n <= k else {
                    throw fail(
                        node, path,
                        k < 2
                            ? "\(n) of a kind needs at least 2 dice; this game rolls \(k)"
                            : "\(n) of a kind is not possible with \(k) dice; use 2 ... \(k)")
                }
                rule = .ofAKind(count: n)
            }
        }
        guard let rule else { throw fail(node, path, "'\(text)' is not a rule; use one of: \(Self.handRules)") }
        if case .run(let length) = rule, length > dice.faces {
            throw fail(node, path, "a run of \(length) needs at least \(length) faces; these dice have \(dice.faces)")
        }
        return rule
    }
}
