import FairnessModel

/// How numbers and answers travel in the probe protocol.
enum ProbeNumbers {
    /// `x` as the shortest decimal that reads back exactly in the probe's number type (`double`: Swift's
    /// shortest round-trip `Double` description; `float`: the same for the `Float` value).
    static func format(_ x: Double, _ numberType: String) -> String {
        numberType == "float" ? Float(x).description : x.description
    }

    static func isNumber(_ text: Substring) -> Bool {
        guard let value = Double(text) else { return false }
        return value.isFinite
    }

    /// The answer a probe gives when the game's code crashes, throws or would loop on a request (the probe
    /// caught it): an outcome of the game, not a fault of the probe.
    static let trap = "trap"

    /// nil if `answer` is a label (a whole number), `none` or `trap`; otherwise what was expected.
    static func validateReport(_ request: String, _ answer: String) -> String? {
        answer == "none" || answer == trap || Int(answer) != nil ? nil : "a whole-number label, 'none' or 'trap'"
    }

    static func validateNumber(_ request: String, _ answer: String) -> String? {
        answer == trap || isNumber(answer[...]) ? nil : "a finite decimal number (the rotation) or 'trap'"
    }

    static func validatePlay(_ request: String, _ answer: String) -> String? {
        if request == "reset" { return answer == "ok" ? nil : "'ok'" }
        if answer == trap { return nil }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, isNumber(parts[0]), parts[1] == "none" || parts[1] == "trap" || Int(parts[1]) != nil else {
            return "'ROTATION RESULT': a finite decimal and a whole-number label, 'none' or 'trap'"
        }
        return nil
    }

    static func validateTarget(_ request: String, _ answer: String) -> String? {
        if answer == "refused" || answer == trap { return nil }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, isNumber(parts[0]), parts[1] == "none" || parts[1] == "trap" || Int(parts[1]) != nil else {
            return "'ROTATION RESULT' (a finite decimal and a whole-number label, 'none' or 'trap'), 'refused' or 'trap'"
        }
        return nil
    }

    /// A session of a wheel told its result up front: `ok` to `reset`, as ``validateTarget(_:_:)`` to
    /// `play I U`.
    static func validateTargetPlay(_ request: String, _ answer: String) -> String? {
        request == "reset" ? (answer == "ok" ? nil : "'ok'") : validateTarget(request, answer)
    }

    static func validatePick(_ request: String, _ answer: String) -> String? {
        answer == trap || Int(answer) != nil ? nil : "a whole-number index or 'trap'"
    }

    static func validateTable(_ request: String, _ answer: String) -> String? {
        if request == "reset" { return answer == "ok" ? nil : "'ok'" }
        return !answer.isEmpty && answer.count <= 100 && !answer.contains(" ") && answer.allSatisfy({ $0.isASCII && !$0.isWhitespace })
            ? nil : "an item's label (letters, digits, '-', '_', '.') or 'trap'"
    }

    static func validateDice(_ request: String, _ answer: String) -> String? {
        if answer == trap { return nil }
        let words = request.split(separator: " ")
        switch words.first {
        case "straight": return answer == "yes" || answer == "no" || answer == "none" ? nil : "'yes', 'no' or 'none'"
        case "hand": return answer == "yes" || answer == "no" || answer == "none" ? nil : "'yes', 'no' or 'none'"
        case "category":
            return answer == "none" || PokerCategory.allCases.contains(where: { $0.name == answer })
                ? nil : "a category name (\(PokerCategory.allCases.map(\.name).joined(separator: ", "))) or 'none'"
        case "settle":
            return answer == "none" || ProbeDice.settlement(answer).map({ !$0.isNaN }) == true
                ? nil : "a net payout (a decimal number such as -1, 0 or 35) or 'none'"
        case "round":
            return answer == "none" || answer == "more" || ProbeDice.settlement(answer).map({ !$0.isNaN }) == true
                ? nil : "'more', a net payout (a decimal number such as -1 or 1) or 'none'"
        case "value": return Int(answer) != nil ? nil : "a whole number"
        case "roll":
            let faces = answer.split(separator: " ")
            return faces.count == words.count - 1 && faces.allSatisfy({ Int($0) != nil }) ? nil : "\(words.count - 1) whole-number faces"
        default: return nil
        }
    }
}
