/// Facts about the toolkit itself that every layer and every report can quote.
public enum Toolkit {
    /// The toolkit's version, printed by `audit --version` and written into every report.
    public static let version = "0.2.0"
}
