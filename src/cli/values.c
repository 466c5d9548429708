/* SPDX-License-Identifier: MIT */
/*
 * Value parsers for the command line: strict, locale-free, and each with
 * the one-line error that names the option and the form it accepts.
 */
#include "cli/values.h"

#include <string.h>

#define MAX_SIDE CLI_MAX_SIDE

/* A whole unsigned decimal, no sign, no spaces; false on any junk. */
bool
cli_parse_u64(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9') {
        return false;
    }
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) {
            return false;
        }
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool
cli_parse_ranged(const char *name, const char *arg, uint64_t lo, uint64_t hi,
                 uint64_t *out)
{
    if (!cli_parse_u64(arg, out) || *out < lo || *out > hi) {
        cli_usage_error("%s: '%s' is not valid; expected a whole number "
                        "from %llu to %llu",
                        name, arg, (unsigned long long)lo,
                        (unsigned long long)hi);
        return false;
    }
    return true;
}

bool
cli_parse_point(const char *name, const char *arg, struct cli_point *out)
{
    struct cli_point p = {.set = true, .text = arg};
    const char *s = arg;
    for (;;) {
        char num[16];
        size_t len = strcspn(s, ",");
        uint64_t v;
        if (len == 0 || len >= sizeof(num) || p.count == MAZE_MAX_COORDS) {
            goto bad;
        }
        memcpy(num, s, len);
        num[len] = '\0';
        if (!cli_parse_u64(num, &v) || v > UINT32_MAX) {
            goto bad;
        }
        p.v[p.count++] = (uint32_t)v;
        if (s[len] == '\0') {
            break;
        }
        s += len + 1;
    }
    *out = p;
    return true;
bad:
    cli_usage_error("%s: '%s' is not valid; expected the cell's 0-based "
                    "numbers joined by commas, e.g. 0,0 (x,y)",
                    name, arg);
    return false;
}

bool
cli_parse_length(const char *name, const char *arg, struct cli_length *out)
{
    int rc = maze_length_parse(arg, MAZE_UNIT_PX, &out->len);
    if (rc != MAZE_OK) {
        cli_usage_error("%s: '%s' is not valid; expected a positive "
                        "length up to 100000 with a unit px, pt, mm or in "
                        "(e.g. 12pt)",
                        name, arg);
        return false;
    }
    /* A bare number takes the output format's own unit, known later. */
    out->bare = strpbrk(arg, "pmi") == NULL;
    return true;
}

bool
cli_parse_margin(const char *name, const char *arg, struct cli_length *out)
{
    /* A zero is a length whose digits, made ones, parse: "0", "0.0mm". */
    size_t digits = strspn(arg, "0123456789.");
    char ones[64];
    if (digits > 0 && strspn(arg, "0.") == digits && strlen(arg) < 64) {
        strcpy(ones, arg);
        for (size_t i = 0; i < digits; i++) {
            ones[i] = ones[i] == '0' ? '1' : ones[i];
        }
        struct maze_length len;
        if (maze_length_parse(ones, MAZE_UNIT_PX, &len) == MAZE_OK) {
            out->len = MAZE_LENGTH_NONE;
            out->bare = false;
            return true;
        }
    }
    int rc = maze_length_parse(arg, MAZE_UNIT_PX, &out->len);
    if (rc != MAZE_OK) {
        cli_usage_error("%s: '%s' is not valid; expected a length of 0 to "
                        "100000 with a unit px, pt, mm or in (e.g. 12pt)",
                        name, arg);
        return false;
    }
    out->bare = strpbrk(arg, "pmi") == NULL;
    return true;
}

bool
cli_parse_name(const char *name, const char *arg, const char *const *choices,
               int *out)
{
    for (int i = 0; choices[i]; i++) {
        if (strcmp(arg, choices[i]) == 0) {
            *out = i;
            return true;
        }
    }
    char list[128] = "";
    for (int i = 0; choices[i]; i++) {
        strncat(list, i ? ", " : "", sizeof(list) - strlen(list) - 1);
        strncat(list, choices[i], sizeof(list) - strlen(list) - 1);
    }
    cli_usage_error("%s: unknown value '%s'; expected one of %s", name, arg,
                    list);
    return false;
}

/* A decimal from 0 to 1 with at most six decimals, in millionths. */
bool
cli_parse_fraction(const char *s, uint32_t *out)
{
    uint32_t whole = 0, frac = 0, scale = MAZE_FRACTION_ONE / 10;
    int digits = 0;
    if (*s >= '0' && *s <= '9') {
        whole = (uint32_t)(*s++ - '0');
        digits++;
    }
    if (*s == '.') {
        s++;
        int n = 0;
        for (; *s >= '0' && *s <= '9'; s++, n++) {
            if (scale == 0) {
                return false;
            }
            frac += (uint32_t)(*s - '0') * scale;
            scale /= 10;
        }
        if (n == 0) {
            return false;
        }
        digits += n;
    }
    if (digits == 0 || *s != '\0' || whole > 1 || (whole == 1 && frac != 0)) {
        return false;
    }
    *out = whole * MAZE_FRACTION_ONE + frac;
    return true;
}

bool
cli_parse_bytes(const char *name, const char *arg, uint64_t *out)
{
    static const char suffixes[] = "KMGT";
    char digits[32];
    size_t n = strspn(arg, "0123456789");
    const char *unit = arg + n;
    const char *found = *unit ? strchr(suffixes, *unit) : NULL;
    uint64_t v = 0;
    bool ok = n > 0 && n < sizeof(digits) &&
              (*unit == '\0' || (found && unit[1] == '\0'));
    if (ok) {
        memcpy(digits, arg, n);
        digits[n] = '\0';
        ok = cli_parse_u64(digits, &v);
    }
    for (const char *s = suffixes; ok && found && s <= found; s++) {
        ok = v <= UINT64_MAX / 1024;
        v *= 1024;
    }
    if (!ok || v < ((uint64_t)1 << 20)) {
        cli_usage_error("%s: '%s' is not valid; expected a size of at least "
                        "1M: a whole number of bytes, or with K, M, G or T "
                        "(powers of 1024), e.g. 4G",
                        name, arg);
        return false;
    }
    *out = v;
    return true;
}

double
cli_length_in(struct maze_length len, unsigned dpi)
{
    switch (len.unit) {
    case MAZE_UNIT_MM:
        return len.value / 25.4;
    case MAZE_UNIT_PT:
        return len.value / 72;
    case MAZE_UNIT_PX:
        return len.value / dpi;
    case MAZE_UNIT_IN:
    default:
        return len.value;
    }
}
