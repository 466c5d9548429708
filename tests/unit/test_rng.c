/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the PRNG (rng.h): the generator must be bit-exact
 * xoshiro256** seeded by splitmix64, because a seed printed on a maze has
 * to regenerate it on every machine. The reference functions below are
 * written out from the published definitions (Vigna's splitmix64.c and
 * xoshiro256starstar.c), not taken from the library, and the literal
 * vectors are the ones published with those sources.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

/* splitmix64, as published: add the golden gamma, then mix. */
static uint64_t
ref_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint64_t
ref_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256**, as published. */
static uint64_t
ref_xoshiro(uint64_t s[4])
{
    const uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ref_rotl(s[3], 45);
    return result;
}

static void
test_rng_splitmix_vector(void **state)
{
    (void)state;
    /* The published first outputs of splitmix64 from state 0 (Java's
     * SplittableRandom(0).nextLong() gives the first). */
    static const uint64_t expect[4] = {
        UINT64_C(0xe220a8397b1dcdaf),
        UINT64_C(0x6e789e6aa1b965f4),
        UINT64_C(0x06c45d188009454f),
        UINT64_C(0xf88bb8a8724c81ec),
    };
    uint64_t x = 0;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ref_splitmix64(&x), expect[i]);
    }
    /* Seeding fills the four state words with those outputs. */
    struct maze_rng rng;
    maze_rng_seed(&rng, 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(rng.s[i], expect[i]);
    }
}

static void
test_rng_xoshiro_vector(void **state)
{
    (void)state;
    /* The vector published for xoshiro256** from state {1, 2, 3, 4}. */
    static const uint64_t expect[10] = {
        UINT64_C(11520),
        UINT64_C(0),
        UINT64_C(1509978240),
        UINT64_C(1215971899390074240),
        UINT64_C(1216172134540287360),
        UINT64_C(607988272756665600),
        UINT64_C(16172922978634559625),
        UINT64_C(8476171486693032832),
        UINT64_C(10595114339597558777),
        UINT64_C(2904607092377533576),
    };
    uint64_t ref[4] = {1, 2, 3, 4};
    struct maze_rng rng = {{1, 2, 3, 4}};
    for (int i = 0; i < 10; i++) {
        assert_int_equal(ref_xoshiro(ref), expect[i]);
        assert_int_equal(maze_rng_next(&rng), expect[i]);
    }
}

static void
test_rng_matches_reference(void **state)
{
    (void)state;
    static const uint64_t seeds[] = {
        0, 1, 2, 42, UINT64_C(0x0123456789abcdef), UINT64_MAX - 1, UINT64_MAX};
    for (size_t k = 0; k < sizeof(seeds) / sizeof(seeds[0]); k++) {
        uint64_t x = seeds[k];
        uint64_t ref[4];
        for (int i = 0; i < 4; i++) {
            ref[i] = ref_splitmix64(&x);
        }
        struct maze_rng rng;
        maze_rng_seed(&rng, seeds[k]);
        for (int i = 0; i < 10000; i++) {
            assert_int_equal(maze_rng_next(&rng), ref_xoshiro(ref));
        }
    }
}

static void
test_rng_seed_one_golden(void **state)
{
    (void)state;
    /* Pinned so that a change to seeding (which would silently change
     * every maze ever printed with a seed) fails loudly. Computed with the
     * reference functions above. */
    static const uint64_t expect[4] = {
        UINT64_C(0xb3f2af6d0fc710c5),
        UINT64_C(0x853b559647364cea),
        UINT64_C(0x92f89756082a4514),
        UINT64_C(0x642e1c7bc266a3a7),
    };
    struct maze_rng rng;
    maze_rng_seed(&rng, 1);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(maze_rng_next(&rng), expect[i]);
    }
}

static void
test_rng_below_in_range(void **state)
{
    (void)state;
    static const uint64_t bounds[] = {
        1,
        2,
        3,
        6,
        7,
        1000,
        (UINT64_C(1) << 31) + 1,
        UINT32_MAX - 1,
        UINT32_MAX,
        UINT64_C(1) << 32,
        (UINT64_C(1) << 32) + 1,
        UINT64_C(3) << 62,
        (UINT64_C(1) << 63) + 1,
        UINT64_MAX - 1,
        UINT64_MAX,
    };
    struct maze_rng rng;
    maze_rng_seed(&rng, 12345);
    for (size_t k = 0; k < sizeof(bounds) / sizeof(bounds[0]); k++) {
        uint64_t max_seen = 0;
        for (int i = 0; i < 20000; i++) {
            uint64_t r = maze_rng_below(&rng, bounds[k]);
            assert_true(r < bounds[k]);
            if (r > max_seen) {
                max_seen = r;
            }
        }
        /* Draws reach the top half of the range: the bound is really
         * used, not truncated to 32 bits. */
        if (bounds[k] > 1) {
            assert_true(max_seen >= bounds[k] / 2);
        } else {
            assert_int_equal(max_seen, 0);
        }
    }
}

static void
test_rng_below_small_bounds_hit_every_value(void **state)
{
    (void)state;
    struct maze_rng rng;
    maze_rng_seed(&rng, 7);
    for (uint64_t bound = 1; bound <= 16; bound++) {
        unsigned seen = 0;
        for (int i = 0; i < 2000; i++) {
            seen |= 1u << maze_rng_below(&rng, bound);
        }
        assert_int_equal(seen, (1u << bound) - 1);
    }
}

/* Pearson's statistic for counts against equal expected frequencies. */
static double
chi_square(const unsigned *count, unsigned n, unsigned draws)
{
    double expect = (double)draws / n;
    double chi = 0;
    for (unsigned i = 0; i < n; i++) {
        double d = count[i] - expect;
        chi += d * d / expect;
    }
    return chi;
}

static void
test_rng_below_six_chi_square(void **state)
{
    (void)state;
    struct maze_rng rng;
    maze_rng_seed(&rng, 2024);
    unsigned count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        count[maze_rng_below(&rng, 6)]++;
    }
    /* 5 degrees of freedom: p = 0.001 at 20.5; 30 leaves a wide margin
     * (p < 2e-5) while any real bias of a few percent in one face (a
     * deviation of a few hundred draws) pushes it far past. */
    double chi = chi_square(count, 6, 60000);
    print_message("chi-square of below(6): %.2f\n", chi);
    assert_true(chi < 30.0);
}

/*
 * A bound of 3 * 2^k is where shortcuts show. Reducing a uniform 2^64 (or
 * 2^32) range modulo it makes the lowest third of the range twice as
 * likely as each other third; a multiply-shift without Lemire's rejection
 * step keeps the thirds even but makes multiples of 3 twice as likely
 * (half of all draws instead of a third). Exact draws keep both even.
 */
static void
check_bound_3k(uint64_t bound, uint64_t seed)
{
    struct maze_rng rng;
    maze_rng_seed(&rng, seed);
    unsigned thirds[3] = {0}, residues[3] = {0};
    uint64_t third = bound / 3;
    for (int i = 0; i < 30000; i++) {
        uint64_t r = maze_rng_below(&rng, bound);
        assert_true(r < bound);
        thirds[r / third]++;
        residues[r % 3]++;
    }
    /* 2 degrees of freedom: p = 1e-5 at 23; either bias gives ~2500. */
    double chi_thirds = chi_square(thirds, 3, 30000);
    double chi_residues = chi_square(residues, 3, 30000);
    print_message("bound %llu: chi-square of thirds %.2f, of residues %.2f\n",
                  (unsigned long long)bound, chi_thirds, chi_residues);
    assert_true(chi_thirds < 25.0);
    assert_true(chi_residues < 25.0);
}

static void
test_rng_below_no_modulo_bias(void **state)
{
    (void)state;
    check_bound_3k(UINT64_C(3) << 30, 1);
    check_bound_3k(UINT64_C(3) << 62, 2);
}

static int
compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void
test_rng_seed_derive_distinct(void **state)
{
    (void)state;
    static const uint64_t bases[] = {0, 1, 42, UINT64_MAX};
    enum { STREAMS = 1001, BASES = sizeof(bases) / sizeof(bases[0]) };
    uint64_t *all = malloc(sizeof(uint64_t) * STREAMS * BASES);
    assert_non_null(all);
    size_t n = 0;
    for (size_t b = 0; b < BASES; b++) {
        for (uint64_t s = 0; s < STREAMS; s++) {
            uint64_t d = maze_seed_derive(bases[b], s);
            /* Deterministic. */
            assert_int_equal(d, maze_seed_derive(bases[b], s));
            all[n++] = d;
        }
    }
    /* Distinct across streams and across bases. */
    qsort(all, n, sizeof(all[0]), compare_u64);
    for (size_t i = 1; i < n; i++) {
        assert_true(all[i - 1] != all[i]);
    }
    free(all);

    /* Derived streams do not start with the same output: the first draws
     * of streams 0..1000 of one base are distinct too. */
    uint64_t first[STREAMS];
    for (uint64_t s = 0; s < STREAMS; s++) {
        struct maze_rng rng;
        maze_rng_seed(&rng, maze_seed_derive(42, s));
        first[s] = maze_rng_next(&rng);
    }
    qsort(first, STREAMS, sizeof(first[0]), compare_u64);
    for (size_t i = 1; i < STREAMS; i++) {
        assert_true(first[i - 1] != first[i]);
    }
}

static void
test_rng_bits_balanced(void **state)
{
    (void)state;
    struct maze_rng rng;
    maze_rng_seed(&rng, 99);
    unsigned ones[64] = {0};
    enum { DRAWS = 20000 };
    for (int i = 0; i < DRAWS; i++) {
        uint64_t x = maze_rng_next(&rng);
        for (int b = 0; b < 64; b++) {
            ones[b] += (x >> b) & 1u;
        }
    }
    /* Each bit is Binomial(20000, 1/2): sd 70.7, so +-500 is 7 sd. */
    for (int b = 0; b < 64; b++) {
        assert_in_range(ones[b], DRAWS / 2 - 500, DRAWS / 2 + 500);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_splitmix_vector),
        cmocka_unit_test(test_rng_xoshiro_vector),
        cmocka_unit_test(test_rng_matches_reference),
        cmocka_unit_test(test_rng_seed_one_golden),
        cmocka_unit_test(test_rng_below_in_range),
        cmocka_unit_test(test_rng_below_small_bounds_hit_every_value),
        cmocka_unit_test(test_rng_below_six_chi_square),
        cmocka_unit_test(test_rng_below_no_modulo_bias),
        cmocka_unit_test(test_rng_seed_derive_distinct),
        cmocka_unit_test(test_rng_bits_balanced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
