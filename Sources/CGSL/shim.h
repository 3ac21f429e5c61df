#ifndef FAIRNESS_CGSL_SHIM_H
#define FAIRNESS_CGSL_SHIM_H

// The parts of GNU GSL the toolkit uses, plus small shims for what Swift 6 cannot touch directly:
// GSL exposes its generator types as mutable C globals (`gsl_rng_mt19937`, ...), which strict
// concurrency rejects. Each shim returns the pointer by value instead.

#include <gsl/gsl_errno.h>
#include <gsl/gsl_version.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_log.h>
#include <gsl/gsl_sf_exp.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_integration.h>

/// The GSL version string this binary was linked against (e.g. "2.7.1").
static inline const char *cgsl_version(void) { return gsl_version; }

/// Turns GSL's default error handler (which aborts the process) off; errors then come back as status codes.
static inline void cgsl_disable_abort_on_error(void) { gsl_set_error_handler_off(); }

/// Generator types, reached through functions because the globals themselves are mutable C state.
static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_rng_type *cgsl_rng_ranlxd2(void) { return gsl_rng_ranlxd2; }
static inline const gsl_rng_type *cgsl_rng_taus2(void) { return gsl_rng_taus2; }
static inline const gsl_rng_type *cgsl_rng_randu(void) { return gsl_rng_randu; }

/// The null-terminated table of every generator type GSL knows, for lookup by name.
static inline const gsl_rng_type **cgsl_rng_types(void) { return gsl_rng_types_setup(); }

#endif
