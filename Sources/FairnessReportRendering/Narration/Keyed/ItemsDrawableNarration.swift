import FairnessChecks
import FairnessReport

/// The words of `ItemsDrawableCheck`: whether every item a prize draw offers can be drawn.
enum ItemsDrawableNarration: CheckNarration {
    static func name(_ key: CheckKey) -> String { "every offered item can be drawn (exact)" }

    static func detail(_ figures: ItemsDrawableCheck) -> String {
        let offered = figures.items.filter(\.offered)
        var parts = [
            "\(ReportNarrator.count(offered.count, "item")) offered, over \(ReportNarrator.count(figures.reachableStates, "reachable state")) of \(figures.states)"
        ]
        let never = figures.neverDrawable
        if !never.isEmpty { parts.append("never drawable: " + list(never.map(neverDrawn))) }
        // The items a player meets latest: those not drawable on a first draw, latest first.
        let late = offered.filter { ($0.firstDraw ?? 1) > 1 }.sorted { ($0.firstDraw!, $1.label) > ($1.firstDraw!, $0.label) }
        if !late.isEmpty {
            parts.append(
                "first drawable after the first draw (latest first): "
                    + list(
                        late.map {
                            "\($0.label) at draw \($0.firstDraw!) in '\($0.firstState ?? "")' (odds up to \(ReportNarrator.rate($0.largestOdds?.double ?? 0)))"
                        }, limit: 4))
        }
        let listed = figures.items.filter { !$0.offered }
        if !listed.isEmpty {
            parts.append(
                "listed at odds 0 in the table and every state, published at none above 0 (not offered): " + list(listed.map(\.label)))
        }
        return parts.joined(separator: "; ")
    }

    static func finding(_ figures: ItemsDrawableCheck) -> String {
        let never = figures.neverDrawable
        return "no player can draw " + list(never.map(neverDrawn))
            + (figures.largestPromisedNeverDrawn.map {
                "; listed or published at odds up to \(ReportNarrator.rate($0)), \(never.count == 1 ? "its" : "their") odds in play are 0"
            } ?? "")
    }

    /// A never drawable item, with the states that would give it odds.
    private static func neverDrawn(_ item: ItemsDrawableCheck.Item) -> String {
        item.unreachedStates.isEmpty
            ? item.label + " (no state gives it odds)"
            : item.label + " (odds only in " + item.unreachedStates.map { "'\($0)'" }.joined(separator: ", ")
                + (item.unreachedStateCount > item.unreachedStates.count
                    ? " and \(item.unreachedStateCount - item.unreachedStates.count) more" : "")
                + ", never entered)"
    }

    /// The first `limit` of `entries`, then "…" if there are more.
    private static func list(_ entries: [String], limit: Int = 8) -> String {
        entries.prefix(limit).joined(separator: ", ") + (entries.count > limit ? ", …" : "")
    }
}
