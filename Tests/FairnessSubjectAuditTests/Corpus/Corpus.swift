// The corpus: correct implementations in the styles game developers use, each with a planted-bug twin.
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// One correct implementation and its planted-bug twin.
struct CorpusEntry: Sendable {
    /// The correct subject (its twin is named the same with `-bug` appended).
    let correct: AuditSubject
    /// The same implementation with one realistic defect.
    let planted: AuditSubject
    /// The styles the correct implementation combines (see ``Corpus/requiredStyles``).
    let styles: [String]
    /// The class of the planted defect: `invalid`, `mislabel` or `odds`.
    let expectedClass: String
    /// The planted defect, in words.
    let defect: String
}

enum Corpus {
    /// Every style keyword the correct corpus must cover.
    static let requiredStyles = [
        "Double", "Float", "degrees", "radians", "atan2", "floor", "round", "truncating-division",
        "clockwise-layout", "counterclockwise-layout", "pointer-0", "pointer-90", "pointer-270", "zero-at-top",
        "weighted-binary-search", "integer-degree-stops", "accumulated-rotation", "targeted", "targeted-degrees",
        "targeted-radians", "dice", "dice-sorted-unique", "dice-counting", "dice-bitmask", "dice-5d6", "dice-6d6", "dice-5d8",
    ]

    static func wheel<W: WheelSubject>(
        _ make: (Bool) -> W, _ styles: [String], _ expectedClass: String, _ defect: String
    ) -> CorpusEntry {
        CorpusEntry(
            correct: AuditSubject(wheel: make(false)), planted: AuditSubject(wheel: make(true)), styles: styles,
            expectedClass: expectedClass, defect: defect)
    }

    static func targeted<W: TargetedWheelSubject>(
        _ make: (Bool) -> W, _ styles: [String], _ expectedClass: String, _ defect: String
    ) -> CorpusEntry {
        CorpusEntry(
            correct: AuditSubject(targetedWheel: make(false)), planted: AuditSubject(targetedWheel: make(true)),
            styles: styles, expectedClass: expectedClass, defect: defect)
    }

    static func dice<D: DiceGame>(
        _ make: (Bool) -> D, _ styles: [String], _ expectedClass: String, _ defect: String
    ) -> CorpusEntry {
        CorpusEntry(
            correct: AuditSubject(dice: make(false)), planted: AuditSubject(dice: make(true)), styles: styles,
            expectedClass: expectedClass, defect: defect)
    }

    static var entries: [CorpusEntry] {
        [
            wheel(
                CorpusAtan2Wheel.init, ["Double", "degrees", "atan2", "clockwise-layout", "pointer-270", "zero-at-top"],
                "mislabel", "wheel angle taken as pointer + rotation (wrong sign): every sector mirrored"),
            wheel(
                { CorpusVectorFloatWheel(planted: $0) },
                ["Float", "radians", "atan2", "counterclockwise-layout", "pointer-90", "accumulated-rotation"],
                "invalid", "the switch has no case for the eighth sector: no result on 1/8 of the circle"),
            wheel(
                CorpusCumulativeWheel.init,
                ["Double", "degrees", "weighted-binary-search", "clockwise-layout", "pointer-270", "zero-at-top", "accumulated-rotation"],
                "invalid", "hand-typed cumulative table ends at 0.999: no result on the last 0.1% of the circle"),
            wheel(
                CorpusRoundedCentredWheel.init, ["Double", "radians", "round", "clockwise-layout", "pointer-0"],
                "mislabel", "rounds the slice count down although the sectors are centred on the pointer: half of each sector mislabelled"),
            wheel(
                CorpusTruncatingCounterClockwiseWheel.init,
                ["Double", "degrees", "truncating-division", "counterclockwise-layout", "pointer-90"],
                "mislabel", "no fix-up of truncation for negative angles: a quarter of the circle mislabelled"),
            wheel(
                CorpusIntegerStopsWheel.init,
                ["Double", "degrees", "floor", "integer-degree-stops", "clockwise-layout", "pointer-270", "zero-at-top"],
                "invalid", "360 − (r mod 360) without wrapping: a stop at 0° (1 in 360 spins) reports label 9"),
            wheel(
                CorpusFloatTableWheel.init,
                ["Float", "degrees", "floor", "clockwise-layout", "pointer-0", "accumulated-rotation"],
                "mislabel", "one line of the end table at 255.02° instead of 255°: 0.02° (5.6e-5 of the circle) mislabelled"),
            wheel(
                CorpusAccumulatedCounterClockwiseWheel.init,
                ["Double", "radians", "floor", "counterclockwise-layout", "pointer-270", "zero-at-top", "accumulated-rotation"],
                "mislabel", "reads the counter-clockwise layout clockwise: sectors mirrored"),
            wheel(
                CorpusWeightedCounterClockwiseWheel.init,
                ["Double", "radians", "weighted-binary-search", "counterclockwise-layout", "pointer-90"],
                "mislabel", "wrong sign of the rotation on an asymmetric weighted wheel"),
            wheel(
                { CorpusFloatRoundedWheel(planted: $0) },
                ["Float", "degrees", "round", "clockwise-layout", "pointer-270", "counterclockwise-spin"],
                "invalid", "the rounded slice count is not wrapped: label 17 on the last half-slice (1/32 of the circle)"),
            wheel(
                CorpusTruncatingPointerRightWheel.init,
                ["Double", "degrees", "truncating-division", "clockwise-layout", "pointer-0", "zero-at-top"],
                "invalid", "negative fix-up wraps by 4 instead of 5: no result on 1/5 of the circle, the rest shifted"),
            wheel(
                CorpusMatrixWeightedWheel.init,
                ["Double", "radians", "atan2", "weighted-binary-search", "clockwise-layout", "pointer-90"],
                "mislabel", "pointer vector taken as the top (0, −1) while the pointer is drawn at the bottom"),
            wheel(
                { CorpusFloatRadiansWheel(planted: $0) }, ["Float", "radians", "floor", "clockwise-layout", "pointer-270", "zero-at-top"],
                "mislabel", "π written as 3.14: lines drift by up to 0.0032 rad"),
            wheel(
                CorpusDartboardWheel.init,
                ["Double", "degrees", "floor", "counterclockwise-layout", "pointer-270", "zero-at-top", "accumulated-rotation"],
                "mislabel", "13 and 6 swapped in the game's label table"),
            wheel(
                CorpusSevenSliceWheel.init, ["Double", "degrees", "floor", "clockwise-layout", "pointer-270"],
                "mislabel", "integer division 360 / 7 = 51° used for 51.43° sectors"),
            targeted(
                CorpusTargetedDegreesWheel.init,
                ["targeted", "targeted-degrees", "Double", "degrees", "clockwise-layout", "pointer-270", "zero-at-top"],
                "invalid", "nudge past the middle is 20° on 36° sectors: stops in the next sector and reports the chosen one"),
            targeted(
                CorpusTargetedFloatRadiansWheel.init,
                ["targeted", "targeted-radians", "Float", "radians", "atan2", "counterclockwise-layout", "pointer-90"],
                "mislabel", "stop computed for a clockwise layout: lands on the mirrored sector (and reports what it shows)"),
            dice(
                CorpusSortedUniqueDice.init, ["dice", "dice-sorted-unique", "dice-5d6"],
                "mislabel", "straight check drops the distinct-faces test: 1-1-3-4-5 called a straight"),
            dice(
                CorpusBitmaskDice.init, ["dice", "dice-bitmask", "dice-6d6"],
                "odds", "reroll-after-straight switch left on: final odds differ from one fair roll"),
            dice(
                CorpusCountingDice.init, ["dice", "dice-counting", "dice-5d8"],
                "mislabel", "5d6 straight check copied into the 5d8 game: misses 3-7 and 4-8"),
            dice(
                CorpusMissingEndDice.init, ["dice", "dice-counting", "dice-5d6"],
                "odds", "d8 folded onto six faces with %: faces 1 and 2 twice as likely"),
        ]
    }

    /// Correct Float wheels written the most natural way, drawing the rest angle straight from one turn.
    /// They once made `Audit.run` throw (Float segment widths summed to 1 ± 1e-8); kept as a regression.
    static var floatOneTurn: [AuditSubject] {
        [
            AuditSubject(wheel: Renamed(CorpusVectorFloatWheel(planted: false, spinDraw: .oneTurn(in: .radians), turns: 0), "one-turn")),
            AuditSubject(wheel: Renamed(CorpusFloatRadiansWheel(planted: false, spinDraw: .oneTurn(in: .radians)), "one-turn")),
            AuditSubject(wheel: Renamed(CorpusFloatRoundedWheel(planted: false, spinsCounterClockwise: false), "clockwise-spin")),
        ]
    }

    /// The correct implementations.
    static var correct: [AuditSubject] { entries.map(\.correct) }
    /// The planted-bug twins with the class of their defect.
    static var planted: [(subject: AuditSubject, expectedClass: String)] { entries.map { ($0.planted, $0.expectedClass) } }
}

/// A wheel under another name (the same code in another configuration needs a name of its own).
struct Renamed<Wheel: WheelSubject>: WheelSubject {
    typealias Rotation = Wheel.Rotation
    let wheel: Wheel
    let suffix: String
    init(_ wheel: Wheel, _ suffix: String) {
        self.wheel = wheel
        self.suffix = suffix
    }
    var name: String { wheel.name + "-" + suffix }
    var summary: String { wheel.summary + " (" + suffix + ")" }
    var geometry: WheelGeometry { wheel.geometry }
    var rotationUnit: AngleUnit { wheel.rotationUnit }
    var initialRotation: Rotation { wheel.initialRotation }
    var spinDraw: SpinDraw { wheel.spinDraw }
    func rotation(afterDrawing u: Rotation, from previous: Rotation) -> Rotation { wheel.rotation(afterDrawing: u, from: previous) }
    func report(_ rotation: Rotation) -> WheelOutcome { wheel.report(rotation) }
}
