/// Quoting by POSIX shell rules, for the command lines the reports print ("Reproduce with ..."), which a
/// reviewer pastes into a shell: a path or a probe command holding `$(...)`, a quote or a space must come
/// back as the same single argument, and never run.
enum ShellQuoting {
    /// Characters that need no quoting in any POSIX shell word.
    static let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=@%+,-")

    /// `argument` as one shell word: as it is when every character is plain (and it is not empty),
    /// otherwise in single quotes, each `'` written `'\''`; `always` quotes plain words too.
    static func quoted(_ argument: String, always: Bool = false) -> String {
        if !always && !argument.isEmpty && argument.allSatisfy({ plain.contains($0) }) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
