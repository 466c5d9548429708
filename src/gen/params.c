/* SPDX-License-Identifier: MIT */
/*
 * Generator parameters as text: bias weights and the growing-tree policy.
 * Decimals are read digit by digit into fixed point (millionths), never
 * through strtod, so "1.5" means the same under every locale and every
 * weight is exact.
 */
#include <stdio.h>
#include <string.h>

#include <mazegen/generate.h>
#include <mazegen/status.h>

#include "gen/gen.h"

/* Reads a decimal at *p into millionths; advances *p past it. */
static int
parse_weight(const char **p, uint32_t *out)
{
    const char *s = *p;
    uint64_t value = 0;
    int digits = 0;
    while (*s >= '0' && *s <= '9') {
        value = value * 10 + (uint64_t)(*s - '0');
        if (value > 1000) {
            return MAZE_ERR_RANGE;
        }
        s++;
        digits++;
    }
    value *= MAZE_WEIGHT_ONE;
    if (*s == '.') {
        s++;
        uint64_t scale = MAZE_WEIGHT_ONE / 10;
        int frac = 0;
        while (*s >= '0' && *s <= '9') {
            if (scale == 0) {
                return MAZE_ERR_INVALID; /* more than six decimals */
            }
            value += (uint64_t)(*s - '0') * scale;
            scale /= 10;
            s++;
            frac++;
        }
        if (frac == 0) {
            return MAZE_ERR_INVALID;
        }
        digits += frac;
    }
    if (digits == 0) {
        return MAZE_ERR_INVALID;
    }
    if (value > MAZE_WEIGHT_MAX) {
        return MAZE_ERR_RANGE;
    }
    *out = (uint32_t)value;
    *p = s;
    return MAZE_OK;
}

/* The class of kind named by the text at p up to '=', or -1. */
static int
class_named(const struct maze_grid_kind *kind, const char *p)
{
    size_t len = strcspn(p, "=,");
    for (unsigned c = 0; c < kind->class_count; c++) {
        if (strlen(kind->class_names[c]) == len &&
            strncmp(kind->class_names[c], p, len) == 0) {
            return (int)c;
        }
    }
    return -1;
}

/* ud=0.05: with the default backtracker on the default 20 x 20 x 2, a
 * stair mark on about one cell in nine (one in two at ud=1). */
#define UD_DEFAULT (MAZE_WEIGHT_ONE / 20)

void
maze__bias_default(const struct maze_grid_kind *kind, struct maze_bias *out)
{
    for (unsigned c = 0; c < MAZE_MAX_CLASSES; c++) {
        out->weight[c] = MAZE_WEIGHT_ONE;
        if (c < kind->class_count && strcmp(kind->class_names[c], "ud") == 0) {
            out->weight[c] = UD_DEFAULT;
        }
    }
}

int
maze_bias_parse(const char *text, const struct maze_grid_kind *kind,
                struct maze_bias *out)
{
    if (text == NULL || kind == NULL || out == NULL || *text == '\0') {
        return MAZE_ERR_INVALID;
    }
    struct maze_bias b;
    for (int c = 0; c < MAZE_MAX_CLASSES; c++) {
        b.weight[c] = MAZE_WEIGHT_ONE;
    }
    bool seen[MAZE_MAX_CLASSES] = {false};
    const char *p = text;
    for (;;) {
        int cls = class_named(kind, p);
        if (cls < 0) {
            return MAZE_ERR_INVALID;
        }
        p += strlen(kind->class_names[cls]);
        if (*p != '=' || seen[cls]) {
            return MAZE_ERR_INVALID;
        }
        seen[cls] = true;
        p++;
        int rc = parse_weight(&p, &b.weight[cls]);
        if (rc != MAZE_OK) {
            return rc;
        }
        if (*p == '\0') {
            break;
        }
        if (*p != ',') {
            return MAZE_ERR_INVALID;
        }
        p++;
    }
    bool any = false;
    for (unsigned c = 0; c < kind->class_count; c++) {
        any = any || b.weight[c] > 0;
    }
    if (!any) {
        return MAZE_ERR_RANGE;
    }
    *out = b;
    return MAZE_OK;
}

/* Writes a fixed-point weight as its shortest exact decimal. */
static int
format_weight(uint32_t w, char *buf, size_t size)
{
    unsigned whole = w / MAZE_WEIGHT_ONE;
    unsigned frac = w % MAZE_WEIGHT_ONE;
    if (frac == 0) {
        return snprintf(buf, size, "%u", whole);
    }
    char digits[8];
    snprintf(digits, sizeof(digits), "%06u", frac);
    size_t len = strlen(digits);
    while (len > 0 && digits[len - 1] == '0') {
        digits[--len] = '\0';
    }
    return snprintf(buf, size, "%u.%s", whole, digits);
}

void
maze_bias_format(const struct maze_bias *bias,
                 const struct maze_grid_kind *kind, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    buf[0] = '\0';
    size_t used = 0;
    for (unsigned c = 0; c < kind->class_count && used < size; c++) {
        char w[24];
        format_weight(bias->weight[c], w, sizeof(w));
        int n = snprintf(buf + used, size - used, "%s%s=%s", c ? "," : "",
                         kind->class_names[c], w);
        if (n < 0) {
            break;
        }
        used += (size_t)n;
    }
}

static const char *const policy_names[] = {"newest", "random", "oldest",
                                           "middle"};

/* The four weights of a policy as an array, in policy_names order. */
static uint32_t *
policy_slot(struct maze_growing *g, int i)
{
    uint32_t *slots[] = {&g->newest, &g->random, &g->oldest, &g->middle};
    return slots[i];
}

/* Reads one "name" or "name:weight" at *p. */
static int
parse_policy_term(const char **p, struct maze_growing *g, bool *seen)
{
    int which = -1;
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(policy_names[i]);
        if (strncmp(*p, policy_names[i], n) == 0 &&
            ((*p)[n] == '\0' || (*p)[n] == ':' || (*p)[n] == ',')) {
            which = i;
            *p += n;
            break;
        }
    }
    if (which < 0 || seen[which]) {
        return MAZE_ERR_INVALID;
    }
    seen[which] = true;
    uint64_t weight = 1;
    if (**p == ':') {
        (*p)++;
        if (**p < '0' || **p > '9') {
            return MAZE_ERR_INVALID;
        }
        weight = 0;
        while (**p >= '0' && **p <= '9') {
            weight = weight * 10 + (uint64_t)(**p - '0');
            if (weight > 1000000) {
                return MAZE_ERR_RANGE;
            }
            (*p)++;
        }
    }
    *policy_slot(g, which) = (uint32_t)weight;
    return MAZE_OK;
}

int
maze_growing_parse(const char *text, struct maze_growing *out)
{
    if (text == NULL || out == NULL || *text == '\0') {
        return MAZE_ERR_INVALID;
    }
    struct maze_growing g = {0};
    bool seen[4] = {false};
    const char *p = text;
    for (;;) {
        int rc = parse_policy_term(&p, &g, seen);
        if (rc != MAZE_OK) {
            return rc;
        }
        if (*p == '\0') {
            break;
        }
        if (*p != ',') {
            return MAZE_ERR_INVALID;
        }
        p++;
    }
    if (g.newest + g.random + g.oldest + g.middle == 0) {
        return MAZE_ERR_RANGE;
    }
    *out = g;
    return MAZE_OK;
}

void
maze_growing_format(const struct maze_growing *g, char *buf, size_t size)
{
    struct maze_growing copy = *g;
    size_t used = 0;
    if (size == 0) {
        return;
    }
    buf[0] = '\0';
    for (int i = 0; i < 4; i++) {
        uint32_t w = *policy_slot(&copy, i);
        if (w == 0 || used >= size) {
            continue;
        }
        int n = snprintf(buf + used, size - used, "%s%s:%u", used ? "," : "",
                         policy_names[i], (unsigned)w);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used == 0) {
        snprintf(buf, size, "newest:1");
    }
}
