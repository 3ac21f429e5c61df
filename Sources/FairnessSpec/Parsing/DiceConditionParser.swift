import FairnessModel

/// Reads a rule over one roll as a spec writes it (see `docs/dice.md`):
///
///     condition := either ("or" either)*          either := one ("and" one)*
///     one       := "not" one | "(" condition ")" | rule | value comparison (number | "point")
///                 | value "in" list
///     rule      := "all equal" | "any roll" | "small straight" | "large straight" | "full house" | "two pair"
///                | N "of a kind" | "run of" N
///     value     := "total" | "highest" [k] | "lowest" [k] | "count of" FACE | "count at least" TARGET
///                | "most of a kind" | "second most of a kind" | "distinct faces" | "longest run"
///     list      := item ("," item)*               item := N | N ".." N
///
/// Number words (`three of a kind`) read as digits. Values are checked against the dice: k in 1 ... K, a
/// face in 1 ... F.
struct DiceConditionParser {
    /// A message saying why the text is not a rule.
    struct Failure: Error { let message: String }

    let dice: DiceSet
    /// Whether a comparison may name the round's `point` (a round's rules).
    let allowsPoint: Bool
    private var tokens: [String]
    private var position = 0
    private var nesting = 0

    /// Every value's words, longest first, with the value built from them.
    static let valueWords: [(words: [String], make: @Sendable (Int?) -> DiceValue?, takesNumber: Bool)] = [
        (["second", "most", "of", "a", "kind"], { _ in .secondMostOfAKind }, false),
        (["most", "of", "a", "kind"], { _ in .mostOfAKind }, false),
        (["count", "at", "least"], { $0.map { .countAtLeast($0) } }, true),
        (["count", "of"], { $0.map { .count(of: $0) } }, true),
        (["distinct", "faces"], { _ in .distinctFaces }, false),
        (["longest", "run"], { _ in .longestRun }, false),
        (["total"], { _ in .total }, false),
    ]

    init(_ text: String, dice: DiceSet, allowsPoint: Bool = false) {
        self.dice = dice
        self.allowsPoint = allowsPoint
        let numberWords = [
            "one": "1", "eleven": "11", "twelve": "12", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
            "eight": "8", "nine": "9", "ten": "10",
        ]
        // Words and numbers, then the symbols: ( ) , .. and the comparisons (two characters first).
        var tokens: [String] = [], word = ""
        let characters = Array(text.lowercased())
        var index = 0
        func endWord() {
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        while index < characters.count {
            let character = characters[index]
            let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
            if ["<=", ">=", "!=", "..", "=="].contains(pair) {
                endWord()
                tokens.append(pair)
                index += 2
                continue
            }
            if character.isWhitespace {
                endWord()
            } else if "(),<>=+".contains(character) {
                endWord()
                tokens.append(String(character))
            } else {
                word.append(character)
            }
            index += 1
        }
        endWord()
        // "two pair" keeps its word.
        self.tokens = tokens.enumerated().map { index, word in
            word == "two" && index + 1 < tokens.count && tokens[index + 1] == "pair" ? word : numberWords[word] ?? word
        }
    }

    /// The condition the whole text states.
    /// Most words and symbols in a rule, and most `not`s and parentheses nested (a hostile rule must not
    /// exhaust the stack).
    static let tokenLimit = 500
    static let nestingLimit = 32

    mutating func parse() throws(Failure) -> DiceCondition {
        guard !tokens.isEmpty else { throw Failure(message: "is empty; write a rule such as 'total in 4..10'") }
        guard tokens.count <= Self.tokenLimit else {
            throw Failure(message: "has \(tokens.count) words and symbols; a rule has at most \(Self.tokenLimit)")
        }
        let condition = try either()
        guard position == tokens.count else {
            throw Failure(message: "has '\(tokens[position...].joined(separator: " "))' after a complete rule")
        }
        return condition
    }

    private var next: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ words: [String]) -> Bool {
        guard position + words.count <= tokens.count, Array(tokens[position..<(position + words.count)]) == words else { return false }
        position += words.count
        return true
    }

    private mutating func either() throws(Failure) -> DiceCondition {
        var result = try all()
        while take(["or"]) { result = .or(result, try all()) }
        return result
    }

    private mutating func all() throws(Failure) -> DiceCondition {
        var result = try one()
        while take(["and"]) { result = .and(result, try one()) }
        return result
    }

    private mutating func one() throws(Failure) -> DiceCondition {
        if next == "not" || next == "(" {
            guard nesting < Self.nestingLimit else {
                throw Failure(message: "nests 'not' and parentheses deeper than \(Self.nestingLimit)")
            }
            nesting += 1
            defer { nesting -= 1 }
            if take(["not"]) { return .not(try one()) }
            position += 1
            let inner = try either()
            guard take([")"]) else { throw Failure(message: "has a '(' without its ')'") }
            return inner
        }
        if let rule = try namedRule() { return rule }
        let value = try self.value()
        if take(["in"]) { return .among(value, try list()) }
        let running = take(["+", "point"])
        if running && !allowsPoint { throw Failure(message: "adds the point, which only a round's rules have") }
        guard let word = next, let comparison = DiceCondition.Comparison(rawValue: word == "==" ? "=" : word) else {
            throw Failure(message: "needs a comparison (=, !=, <, <=, >, >= or 'in') after '\(value)'")
        }
        position += 1
        if running {
            guard let n = next.flatMap(Int.init) else { throw Failure(message: "needs a whole number after '\(value) + point \(word)'") }
            position += 1
            return .compareRunning(value, comparison, n)
        }
        if take(["point"]) {
            guard allowsPoint else { throw Failure(message: "compares with the point, which only a round's rules have") }
            return .comparePoint(value, comparison)
        }
        guard let n = next.flatMap(Int.init) else {
            throw Failure(message: "needs a whole number" + (allowsPoint ? " or 'point'" : "") + " after '\(value) \(word)'")
        }
        position += 1
        return .compare(value, comparison, n)
    }

    private mutating func namedRule() throws(Failure) -> DiceCondition? {
        let k = dice.count
        if take(["all", "equal"]) { return .allEqual }
        if take(["any", "roll"]) { return .always }
        if take(["small", "straight"]) {
            guard k >= 3 else { throw Failure(message: "says small straight, a run of K − 1, which needs at least 3 dice") }
            return .compare(.longestRun, .greaterOrEqual, k - 1)
        }
        if take(["large", "straight"]) { return .compare(.longestRun, .greaterOrEqual, k) }
        if take(["full", "house"]) {
            guard k >= 5 else { throw Failure(message: "says full house, three and two alike, which needs at least 5 dice") }
            return .and(.compare(.mostOfAKind, .greaterOrEqual, 3), .compare(.secondMostOfAKind, .greaterOrEqual, 2))
        }
        if take(["two", "pair"]) {
            guard k >= 4 else { throw Failure(message: "says two pair, which needs at least 4 dice") }
            return .compare(.secondMostOfAKind, .greaterOrEqual, 2)
        }
        if take(["run", "of"]) { return .compare(.longestRun, .greaterOrEqual, try number(after: "run of", in: 1...k)) }
        if position + 4 <= tokens.count, let n = Int(tokens[position]),
            Array(tokens[(position + 1)..<(position + 4)]) == ["of", "a", "kind"]
        {
            guard (1...k).contains(n) else { throw Failure(message: "says \(n) of a kind, not possible with \(k) dice") }
            position += 4
            return .compare(.mostOfAKind, .greaterOrEqual, n)
        }
        return nil
    }

    private mutating func value() throws(Failure) -> DiceValue {
        for entry in Self.valueWords where take(entry.words) {
            let number: Int? =
                entry.takesNumber
                ? try self.number(
                    after: entry.words.joined(separator: " "), in: 1...dice.faces)
                : nil
            if let value = entry.make(number) { return value }
        }
        for (word, sum, single) in [
            ("highest", DiceValue.sumOfHighest, DiceValue.highest), ("lowest", DiceValue.sumOfLowest, DiceValue.lowest),
        ]
        where take([word]) {
            guard let k = next.flatMap(Int.init) else { return single }
            guard (1...dice.count).contains(k) else { throw Failure(message: "says '\(word) \(k)' but only \(dice.count) dice are rolled") }
            position += 1
            return sum(k)
        }
        throw Failure(
            message: "'\(next ?? "")' is not a value; use total, highest [k], lowest [k], count of FACE, count at least TARGET, "
                + "most of a kind, second most of a kind, distinct faces or longest run, or a named rule: all equal, any roll, "
                + "N of a kind, run of N, small straight, large straight, full house, two pair")
    }

    private mutating func number(after words: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(Failure) -> Int {
        guard let word = next, let n = Int(word) else { throw Failure(message: "needs a whole number after '\(words)'") }
        guard range.contains(n) else { throw Failure(message: "says '\(words) \(n)'; use \(range.lowerBound) ... \(range.upperBound)") }
        position += 1
        return n
    }

    private mutating func list() throws(Failure) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        repeat {
            let low = try number(after: "in")
            var high = low
            if take([".."]) { high = try number(after: "\(low)..") }
            guard low <= high else { throw Failure(message: "has the empty range \(low)..\(high)") }
            ranges.append(low...high)
        } while take([","])
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }
}
