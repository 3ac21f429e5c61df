import FairnessAudit

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

    /// nil if `answer` is a label (a whole number) or `none`; otherwise what was expected.
    static func validateReport(_ request: String, _ answer: String) -> String? {
        answer == "none" || Int(answer) != nil ? nil : "a whole-number label or 'none'"
    }

    static func validateNumber(_ request: String, _ answer: String) -> String? {
        isNumber(answer[...]) ? nil : "a finite decimal number (the rotation)"
    }

    static func validatePlay(_ request: String, _ answer: String) -> String? {
        if request == "reset" { return answer == "ok" ? nil : "'ok'" }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, isNumber(parts[0]), parts[1] == "none" || Int(parts[1]) != nil else {
            return "'ROTATION RESULT': a finite decimal and a whole-number label or 'none'"
        }
        return nil
    }

    static func validateTarget(_ request: String, _ answer: String) -> String? {
        if answer == "refused" { return nil }
        let parts = answer.split(separator: " ")
        guard parts.count == 2, isNumber(parts[0]), parts[1] == "none" || Int(parts[1]) != nil else {
            return "'ROTATION RESULT' (a finite decimal and a whole-number label or 'none') or 'refused'"
        }
        return nil
    }

    static func validateDice(_ request: String, _ answer: String) -> String? {
        let words = request.split(separator: " ")
        switch words.first {
        case "straight": return answer == "yes" || answer == "no" ? nil : "'yes' or 'no'"
        case "hand": return answer == "yes" || answer == "no" || answer == "none" ? nil : "'yes', 'no' or 'none'"
        case "category":
            return answer == "none" || PokerCategory.allCases.contains(where: { $0.name == answer })
                ? nil : "a category name (\(PokerCategory.allCases.map(\.name).joined(separator: ", "))) or 'none'"
        case "roll":
            let faces = answer.split(separator: " ")
            return faces.count == words.count - 1 && faces.allSatisfy({ Int($0) != nil }) ? nil : "\(words.count - 1) whole-number faces"
        default: return nil
        }
    }
}
