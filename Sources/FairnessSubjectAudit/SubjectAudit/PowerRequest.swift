import Foundation

/// What a sampled test needs to state its power once the size of the p-value family is known.
package enum PowerRequest: Sendable {
    case goodnessOfFit(probabilities: [Double], trials: Double)
    case independence(degreesOfFreedom: Double, trials: Double)
    case binomial(trials: Double, probability: Double)
}
