import CGSL

/// The toolkit's only door to GNU GSL.
///
/// GSL's default error handler calls `abort()`. The first use of any function here switches it off for
/// the whole process (once, thread-safely, through a lazily initialised global), and every status GSL
/// returns is turned into a thrown ``StatisticsError/gsl(function:status:message:)``.
public enum GSL {
    private static let handlerDisabled: Void = { cgsl_disable_abort_on_error() }()

    /// Switches GSL's aborting error handler off. Idempotent; called by every wrapper, and safe to call
    /// at program start-up to make the choice explicit.
    @inline(__always)
    public static func setUp() { _ = handlerDisabled }

    /// The version of the GSL library linked into this binary, such as `"2.7.1"`.
    public static var version: String {
        String(cString: cgsl_version())
    }

    static func check(_ status: Int32, _ function: String) throws {
        guard status == Int32(GSL_SUCCESS) else {
            throw StatisticsError.gsl(function: function, status: status, message: String(cString: gsl_strerror(status)))
        }
    }

    /// Result of a GSL `_e` special function, checked.
    static func call(_ function: String, _ body: (UnsafeMutablePointer<gsl_sf_result>) -> Int32) throws -> Double {
        setUp()
        var result = gsl_sf_result(val: 0, err: 0)
        let status = body(&result)
        // Underflow is not an error for a tail probability: the true value is below the smallest double.
        if status == Int32(GSL_EUNDRFLW) { return 0 }
        try check(status, function)
        return result.val
    }

    /// Regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a).
    static func gammaIncQ(_ a: Double, _ x: Double) throws -> Double {
        try call("gsl_sf_gamma_inc_Q_e") { gsl_sf_gamma_inc_Q_e(a, x, $0) }
    }

    /// Regularised lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a).
    static func gammaIncP(_ a: Double, _ x: Double) throws -> Double {
        try call("gsl_sf_gamma_inc_P_e") { gsl_sf_gamma_inc_P_e(a, x, $0) }
    }

    /// The nodes and weights of `count`-point Gauss–Legendre quadrature on [−1, 1]
    /// (`gsl_integration_glfixed`): Σ wᵢ f(xᵢ) integrates a polynomial of degree 2·count − 1 exactly.
    /// - Throws: ``StatisticsError/gsl(function:status:message:)`` if GSL cannot build the table.
    static func gaussLegendre(_ count: Int) throws -> [(node: Double, weight: Double)] {
        setUp()
        guard count > 0, let table = gsl_integration_glfixed_table_alloc(count) else {
            throw StatisticsError.gsl(function: "gsl_integration_glfixed_table_alloc", status: Int32(GSL_ENOMEM), message: "no table")
        }
        defer { gsl_integration_glfixed_table_free(table) }
        return try (0..<count).map { i in
            var node = 0.0, weight = 0.0
            try check(gsl_integration_glfixed_point(-1, 1, i, &node, &weight, table), "gsl_integration_glfixed_point")
            return (node, weight)
        }
    }

    /// A GSL quantile function, which reports failure by returning NaN (its handler is off).
    static func quantile(_ function: String, _ value: Double) throws -> Double {
        guard value.isFinite else {
            throw StatisticsError.gsl(function: function, status: Int32(GSL_EDOM), message: "no finite quantile")
        }
        return value
    }
}

extension GSL {
    /// The complementary error function erfc(x) = 1 − erf(x), accurate in the far tail
    /// (`gsl_sf_erfc_e`); 0 where it underflows.
    static func erfc(_ x: Double) throws -> Double {
        try call("gsl_sf_erfc_e") { gsl_sf_erfc_e(x, $0) }
    }

    /// ln erfc(x) (`gsl_sf_log_erfc_e`), finite where erfc(x) underflows.
    static func logErfc(_ x: Double) throws -> Double {
        try call("gsl_sf_log_erfc_e") { gsl_sf_log_erfc_e(x, $0) }
    }
}
