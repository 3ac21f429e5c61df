/// The app's prize wheel: what its view code calls. The view rotates the wheel layer by `rotation`
/// radians (UIKit's `transform.rotation`, positive clockwise) and shows `prize(at:)`.
///
/// Layout (as the app draws it, UIKit screen angles): sectors clockwise from 12 o'clock, where the pointer
/// is, with the weights below.
public struct PrizeWheel: Sendable {
    /// The prizes, in the order they are drawn clockwise from the top.
    public let prizes: [Int]
    /// Their relative sizes.
    public let weights: [Double]
    /// Each sector's end, as a fraction of the circle clockwise from the top.
    private let ends: [Double]

    /// The wheel the app ships.
    public static let shipped = PrizeWheel(prizes: [10, 50, 20, 100, 10, 500, 20, 1000], weights: [20, 12, 18, 8, 20, 4, 16, 2])

    public init(prizes: [Int], weights: [Double]) {
        self.prizes = prizes
        self.weights = weights
        let total = weights.reduce(0, +)
        var running = 0.0
        ends = weights.map { weight in
            running += weight
            return running / total
        }
    }

    /// Where the wheel comes to rest after a spin that draws `drawn` (uniform on [0, 2π)) from `previous`:
    /// six full turns for show, then the drawn angle, added to the layer's rotation.
    public func rest(afterDrawing drawn: Double, from previous: Double) -> Double {
        previous + 6 * 2 * Double.pi + drawn
    }

    /// The sector (0 ..< prizes.count, clockwise from the top) under the pointer when the wheel has turned
    /// `rotation` radians clockwise.
    public func sector(at rotation: Double) -> Int {
        let turn = 2 * Double.pi
        var fraction = (-rotation).truncatingRemainder(dividingBy: turn) / turn
        if fraction < 0 { fraction += 1 }
        return ends.firstIndex { fraction < $0 } ?? ends.count - 1
    }

    /// The prize the app shows and pays at rest at `rotation`.
    public func prize(at rotation: Double) -> Int { prizes[sector(at: rotation)] }
}
