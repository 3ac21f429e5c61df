/* The engine's own benchmark job written in C, for Benchmarks/Scripts/benchmark.sh: what `audit-bench --threads 1`
   does per trial, with the same numbers, so that the Swift engine can be compared with C doing the same
   work (the NumPy and C/GSL programs beside it do less: a bounded integer and a count, no 53-bit double,
   no mapping through a report, no serial pairs).

   Per block of 65,536 trials: a xoshiro256** state from Philox4x64-10 at counter (block, 0, 0, 2) under key
   (seed, stream 0). Per trial: u = (next() >> 11) * 2^-53; the wheel's report Int(u * 37) + 1 with Swift's
   checks (a non-finite or out-of-range product, or an overflowing +1, stops the program as Swift traps);
   label 1 ... 37 is slot label - 1, anything else an invalid label; the serial pair (previous slot,
   slot) is counted in a 39 x 39 table (37 sectors, no result, invalid); the first trial of a block is
   counted on its own. Counts are the block firsts plus the table's columns. Chi-square of the 37 counts
   against 1/37 each with GSL. The tallies are the engine's to the bit: `tallies=` is FNV-1a over the 39
   counts then the 39 x 39 pair counts, 8 little-endian bytes each, as `audit-bench` prints it.

   With "lanes" after TRIALS, the same trial loop reads its words from a buffer of 512 that eight
   interleaved xoshiro256** streams fill at once (vector code: AVX-512 or AVX2 where the processor has
   them, chosen at run time): what moving the generator out of the trial loop would gain. Its tallies are
   of other streams, so its chi2_p differs; it is an experiment, not the engine's design.

   With "vector" after TRIALS, the lanes experiment goes one step further: the report too runs in vector
   code over the buffer (the 53-bit double, the product, Swift's range checks gathered into one flag per
   buffer, the label and its slot, eight or four at a time), and only the serial pairs are counted one by
   one. It reads the same words as "lanes" and must give the same tallies (the script checks). No audit of
   a game's own code can run this way: the game's report is scalar code (here three lines of arithmetic
   that a C compiler vectorises; a real report reduces angles, looks up tables and branches, and the
   toolkit cannot compile a user's Swift for AVX-512 and dispatch on the processor). It measures how far
   the job could go if it could.

   Build: cc -O2 Benchmarks/Scripts/engine_job.c $(pkg-config --cflags --libs gsl) -o benchmark_engine_job
   Usage: ./benchmark_engine_job TRIALS [lanes|vector] */
#include <gsl/gsl_cdf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SECTORS = 37, WIDTH = SECTORS + 2, INVALID = SECTORS + 1 };
static const uint64_t block_size = 65536, seed = 20261121, stream = 0;

static void philox4x64_10(const uint64_t counter[4], uint64_t k0, uint64_t k1, uint64_t out[4]) {
    uint64_t c0 = counter[0], c1 = counter[1], c2 = counter[2], c3 = counter[3];
    for (int round = 0; round < 10; round++) {
        if (round > 0) { k0 += 0x9E3779B97F4A7C15ULL; k1 += 0xBB67AE8584CAA73BULL; }
        unsigned __int128 p0 = (unsigned __int128)0xD2E7470EE14C6C93ULL * c0;
        unsigned __int128 p1 = (unsigned __int128)0xCA5A826395121157ULL * c2;
        uint64_t n0 = (uint64_t)(p1 >> 64) ^ c1 ^ k0, n1 = (uint64_t)p1;
        uint64_t n2 = (uint64_t)(p0 >> 64) ^ c3 ^ k1, n3 = (uint64_t)p0;
        c0 = n0; c1 = n1; c2 = n2; c3 = n3;
    }
    out[0] = c0; out[1] = c1; out[2] = c2; out[3] = c3;
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* Swift's Int(Double) then + 1: traps on NaN, infinities, values outside Int, and overflow. */
static inline long report(double rotation) {
    double scaled = rotation * 37;
    if (!(scaled > -9223372036854777856.0 && scaled < 9223372036854775808.0)) abort();
    long label;
    if (__builtin_add_overflow((long)scaled, 1L, &label)) abort();
    return label;
}

static inline long slot_of(long label) {
    long index = label - 1;
    return (unsigned long)index < SECTORS ? index : INVALID;
}

enum { LANES = 8, BUFFERED = 512 };
typedef struct { uint64_t s0[LANES], s1[LANES], s2[LANES], s3[LANES], words[BUFFERED]; int next; } Lanes;
#define FILL_BODY                                                                                     \
    for (int j = 0; j < BUFFERED; j += LANES)                                                        \
        for (int l = 0; l < LANES; l++) {                                                            \
            uint64_t s1 = x->s1[l], word = rotl(s1 * 5, 7) * 9, t = s1 << 17;                        \
            uint64_t s2 = x->s2[l] ^ x->s0[l], s3 = x->s3[l] ^ s1;                                   \
            s1 ^= s2; x->s0[l] ^= s3; s2 ^= t;                                                       \
            x->s1[l] = s1; x->s2[l] = s2; x->s3[l] = rotl(s3, 45); x->words[j + l] = word;           \
        }
__attribute__((target("avx512f,avx512vl,avx512dq"))) static void fill_avx512(Lanes *x) { FILL_BODY }
__attribute__((target("avx2"))) static void fill_avx2(Lanes *x) { FILL_BODY }
static void fill_baseline(Lanes *x) { FILL_BODY }

/* The report and the slot for each of the first `count` words of the buffer (the trials the run reads);
   returns nonzero if any of their products would trap, as the scalar loop would stop at the first. */
#define SLOTS_BODY                                                                                    \
    int traps = 0;                                                                                    \
    for (int i = 0; i < count; i++) {                                                                \
        double scaled = (double)(words[i] >> 11) * 0x1p-53 * 37;                                     \
        int inside = scaled > -9223372036854777856.0 && scaled < 9223372036854775808.0;              \
        traps |= !inside;                                                                             \
        long index = inside ? (long)scaled : -1; /* label (long)scaled + 1, slot label - 1 */        \
        slots[i] = (unsigned long)index < SECTORS ? (uint8_t)index : INVALID;                        \
    }                                                                                                 \
    return traps;
__attribute__((target("avx512f,avx512vl,avx512dq"))) static int slots_avx512(const uint64_t *words, uint8_t *slots, int count) { SLOTS_BODY }
__attribute__((target("avx2"))) static int slots_avx2(const uint64_t *words, uint8_t *slots, int count) { SLOTS_BODY }
static int slots_baseline(const uint64_t *words, uint8_t *slots, int count) { SLOTS_BODY }

int main(int argc, char **argv) {
    uint64_t trials = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ULL;
    int lanes = argc > 2 && (argv[2][0] == 'l' || argv[2][0] == 'v'), vector = argc > 2 && argv[2][0] == 'v';
    static uint64_t pairs[WIDTH * WIDTH], counts[WIDTH];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (lanes) {
        __builtin_cpu_init();
        void (*fill)(Lanes *) = __builtin_cpu_supports("avx512dq") ? fill_avx512
                              : __builtin_cpu_supports("avx2")     ? fill_avx2
                                                                   : fill_baseline;
        static Lanes x;
        for (uint64_t l = 0; l < LANES; l++) {
            uint64_t counter[4] = {l, 0, 0, 3}, s[4];
            philox4x64_10(counter, seed, stream, s);
            x.s0[l] = s[0]; x.s1[l] = s[1]; x.s2[l] = s[2]; x.s3[l] = s[3] | 1;
        }
        x.next = BUFFERED;
        long previous = -1;
        if (vector) {
            int (*slots)(const uint64_t *, uint8_t *, int) = __builtin_cpu_supports("avx512dq") ? slots_avx512
                                                      : __builtin_cpu_supports("avx2")     ? slots_avx2
                                                                                           : slots_baseline;
            static uint8_t slot[BUFFERED];
            for (uint64_t trial = 0; trial < trials; trial += BUFFERED) {
                fill(&x);
                int count = trials - trial < BUFFERED ? (int)(trials - trial) : BUFFERED, i = 0;
                if (slots(x.words, slot, count)) abort();
                if (previous < 0) counts[previous = slot[i++]]++;
                uint64_t *row = pairs + previous * WIDTH;
                for (; i < count; i++) { row[slot[i]]++; row = pairs + slot[i] * WIDTH; }
                previous = slot[count - 1];
            }
        }
        for (uint64_t trial = 0; !vector && trial < trials; trial++) {
            if (x.next == BUFFERED) { fill(&x); x.next = 0; }
            long current = slot_of(report((double)(x.words[x.next++] >> 11) * 0x1p-53));
            if (previous < 0) counts[current]++; else pairs[previous * WIDTH + current]++;
            previous = current;
        }
    }
    for (uint64_t block = 0; !lanes && block * block_size < trials; block++) {
        uint64_t start = block * block_size, end = start + block_size < trials ? start + block_size : trials;
        uint64_t counter[4] = {block, 0, 0, 2}, s[4];
        philox4x64_10(counter, seed, stream, s);
        if (!(s[0] | s[1] | s[2] | s[3])) { counter[1] = 1; philox4x64_10(counter, seed, stream, s); }
        uint64_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
        long previous = -1;
        for (uint64_t trial = start; trial < end; trial++) {
            uint64_t word = rotl(s1 * 5, 7) * 9, t = s1 << 17;
            s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 45);
            long current = slot_of(report((double)(word >> 11) * 0x1p-53));
            if (previous < 0) counts[current]++; else pairs[previous * WIDTH + current]++;
            previous = current;
        }
    }
    for (int a = 0; a < WIDTH; a++)
        for (int b = 0; b < WIDTH; b++) counts[b] += pairs[a * WIDTH + b];
    double expected = (double)trials / SECTORS, x2 = 0;
    for (int k = 0; k < SECTORS; k++) { double d = counts[k] - expected; x2 += d * d / expected; }
    double p = gsl_cdf_chisq_Q(x2, SECTORS - 1);
    uint64_t tallies = 0xcbf29ce484222325ULL;
    for (int i = 0; i < WIDTH + WIDTH * WIDTH; i++) {
        uint64_t count = i < WIDTH ? counts[i] : pairs[i - WIDTH];
        for (int byte = 0; byte < 8; byte++) { tallies ^= (count >> (8 * byte)) & 0xff; tallies *= 0x100000001b3ULL; }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("%s trials=%llu seconds=%.3f trials_per_second=%.4g chi2_p=%.4g tallies=%016llx\n",
           vector ? "c-engine-job-vector" : lanes ? "c-engine-job-lanes" : "c-engine-job", (unsigned long long)trials, seconds, trials / seconds, p,
           (unsigned long long)tallies);
    return 0;
}
