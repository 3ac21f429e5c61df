/* The benchmark job in C with GSL's mt19937: draw 37-way outcomes, tally, chi-square.
   Build: cc -O2 Benchmarks/Scripts/gsl_mt19937.c $(pkg-config --cflags --libs gsl) -o benchmark_gsl
   Usage: ./benchmark_gsl TRIALS */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    unsigned long long trials = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ULL;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 20261121);
    unsigned long long counts[37] = {0};
    for (unsigned long long i = 0; i < trials; i++) counts[gsl_rng_uniform_int(r, 37)]++;
    double expected = (double)trials / 37, x2 = 0;
    for (int k = 0; k < 37; k++) { double d = counts[k] - expected; x2 += d * d / expected; }
    double p = gsl_cdf_chisq_Q(x2, 36);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("c-gsl trials=%llu seconds=%.3f trials_per_second=%.4g chi2_p=%.4g\n", trials, seconds, trials / seconds, p);
    gsl_rng_free(r);
    return 0;
}
