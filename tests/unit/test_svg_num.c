/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the SVG writer's numbers (maze__svg_num_text() in
 * svg_draw.h): they are formatted without printf, and must stay the very
 * bytes printf gave. Two references written here: the writer as it was
 * (llround() to ten-thousandths, the whole part through snprintf, the
 * decimals trimmed), and snprintf("%.4f") trimmed, for values a decimal
 * of four places holds exactly; several million values each, from
 * typical page coordinates to ties, tiny, negative and huge ones.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "export/svg_draw.h"

/* The writer's text of v, as a terminated string. */
static const char *
ours(double v, char *text)
{
    size_t n = maze__svg_num_text(text, v);
    assert_true(n > 0 && n < MAZE__SVG_NUM_MAX);
    text[n] = '\0';
    return text;
}

/* The writer as it was before it stopped calling printf. */
static const char *
reference(double v, char *text)
{
    if (!(fabs(v) < 1e12)) {
        v = 0;
    }
    long long q = llround(v * 10000);
    unsigned long long a =
        q < 0 ? 0ull - (unsigned long long)q : (unsigned long long)q;
    int n = snprintf(text, 32, "%s%llu", q < 0 ? "-" : "", a / 10000);
    unsigned frac = (unsigned)(a % 10000);
    if (frac != 0) {
        text[n++] = '.';
        for (unsigned d = 1000; d > 0 && frac != 0; d /= 10) {
            text[n++] = (char)('0' + frac / d);
            frac %= d;
        }
    }
    text[n] = '\0';
    return text;
}

static void
check(double v)
{
    char a[MAZE__SVG_NUM_MAX + 1], b[32];
    const char *x = ours(v, a), *y = reference(v, b);
    if (strcmp(x, y) != 0) {
        fail_msg("%.17g: \"%s\", was \"%s\"", v, x, y);
    }
}

static uint64_t
next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A double in [0, 1). */
static double
unit(uint64_t *s)
{
    return (double)(next(s) >> 11) * 0x1p-53;
}

static void
test_svg_num_literals(void **state)
{
    (void)state;
    static const struct {
        double v;
        const char *text;
    } cases[] = {
        {0, "0"},
        {-0.0, "0"},
        {1, "1"},
        {-1, "-1"},
        {12, "12"},
        {0.5, "0.5"},
        {-2.25, "-2.25"},
        {0.125, "0.125"},
        {1234.5678, "1234.5678"},
        {10.1, "10.1"},
        {100000, "100000"},
        /* Ties exact in binary: halves go away from zero. */
        {0.03125, "0.0313"},
        {-0.03125, "-0.0313"},
        {0.00015625, "0.0002"},
        /* Below half a ten-thousandth: zero, and no minus sign. */
        {-0.00004, "0"},
        {0.00004, "0"},
        {-1e-300, "0"},
        {DBL_TRUE_MIN, "0"},
        {0.00006, "0.0001"},
        {-0.00006, "-0.0001"},
        {0.99996, "1"},
        {-9.99996, "-10"},
        {999999999999.5, "999999999999.5"},
        {-999999999999.5, "-999999999999.5"},
        /* Out of range or not a number: 0. */
        {1e12, "0"},
        {-1e12, "0"},
        {DBL_MAX, "0"},
        {INFINITY, "0"},
        {-INFINITY, "0"},
        {NAN, "0"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[MAZE__SVG_NUM_MAX + 1];
        assert_string_equal(ours(cases[i].v, text), cases[i].text);
        check(cases[i].v);
    }
}

/* Page coordinates as the exporters make them: a margin plus a multiple
 * of a cell size in points (sizes given in pt, mm and in), with the half
 * wall and the quarter and half cells that markers and arcs add. */
static void
test_svg_num_page_coordinates(void **state)
{
    (void)state;
    static const double cells[] = {
        12,         7.3,     1, 0.25, 6, 17.77, 72 / 25.4, 3.17 * 72 / 25.4,
        0.137 * 72, 72.0 / 3};
    for (size_t c = 0; c < sizeof(cells) / sizeof(cells[0]); c++) {
        double cell = cells[c];
        for (int i = -2000; i <= 50000; i++) {
            double at = 12 + i * cell;
            check(at);
            check(at + cell / 16);
            check(at + cell / 4);
            check(at - cell / 2);
            check(-at);
        }
    }
}

/* Random values of every magnitude from 10^-9 to 10^12 and past it. */
static void
test_svg_num_random_magnitudes(void **state)
{
    (void)state;
    uint64_t s = 1;
    for (int i = 0; i < 2000000; i++) {
        double e = -9 + 22 * unit(&s);
        double v = pow(10, e) * (next(&s) & 1 ? -1 : 1);
        check(v);
    }
    /* Arbitrary bit patterns: subnormals, NaNs, infinities and all. */
    for (int i = 0; i < 1000000; i++) {
        uint64_t bits = next(&s);
        double v;
        memcpy(&v, &bits, sizeof(v));
        check(v);
    }
}

/* Values at, and an ulp or two either side of, a half ten-thousandth:
 * where rounding decides. */
static void
test_svg_num_ties(void **state)
{
    (void)state;
    uint64_t s = 2;
    for (int i = 0; i < 400000; i++) {
        /* Up to 10^(1..11), so every size of whole part is reached. */
        double scale = pow(10, 1 + (int)(next(&s) % 11));
        double q = floor(unit(&s) * scale * 10000);
        double v = (q + 0.5) / 10000 * (next(&s) & 1 ? -1 : 1);
        check(v);
        double up = v, down = v;
        for (int k = 0; k < 2; k++) {
            up = nextafter(up, INFINITY);
            down = nextafter(down, -INFINITY);
            check(up);
            check(down);
        }
    }
    /* Sums of powers of two: ties of x = v * 10^4 exact in binary. */
    for (int e = -20; e <= 20; e++) {
        for (int k = -4000; k <= 4000; k++) {
            check(ldexp(k + 0.5, e) / 10000);
            check(ldexp(k, e));
        }
    }
}

/*
 * Against printf itself: a value that is a whole number of
 * ten-thousandths (up to 10^10, where the double is nearer to it than
 * to any other) is "%.4f" without trailing zeros and point.
 */
static void
test_svg_num_matches_fixed_printf(void **state)
{
    (void)state;
    uint64_t s = 3;
    for (int i = 0; i < 1000000; i++) {
        long long q = (long long)(next(&s) % 100000000000000ull);
        q >>= next(&s) % 40; /* short numbers as often as long ones */
        if (next(&s) & 1) {
            q = -q;
        }
        double v = (double)q / 10000;
        char want[64];
        int n = snprintf(want, sizeof(want), "%.4f", v);
        while (want[n - 1] == '0') {
            n--;
        }
        if (want[n - 1] == '.') {
            n--;
        }
        want[n] = '\0';
        char text[MAZE__SVG_NUM_MAX + 1];
        if (strcmp(ours(v, text), want) != 0) {
            fail_msg("%lld / 10000: \"%s\", printf \"%s\"", q, text, want);
        }
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_num_literals),
        cmocka_unit_test(test_svg_num_page_coordinates),
        cmocka_unit_test(test_svg_num_random_magnitudes),
        cmocka_unit_test(test_svg_num_ties),
        cmocka_unit_test(test_svg_num_matches_fixed_printf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
