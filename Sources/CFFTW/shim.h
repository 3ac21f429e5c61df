#ifndef FAIRNESS_CFFTW_SHIM_H
#define FAIRNESS_CFFTW_SHIM_H

// FFTW 3 (double precision), for the spectral test of NIST SP 800-22: a real transform of 10^6 points
// in about a third of the time GSL's mixed-radix transform takes, and in O(n log n) for every n.

#include <fftw3.h>

/// The FFTW version string this binary was linked against (e.g. "fftw-3.3.10-sse2-avx").
static inline const char *cfftw_version(void) { return fftw_version; }

#endif
