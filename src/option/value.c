/* SPDX-License-Identifier: MIT */
/*
 * Reading an option's value from its text (maze_option_parse()): strict,
 * locale-free, and on failure the one-line message that names the option
 * and the form it accepts, the same for every client.
 */
#include <mazegen/option.h>

#include <string.h>
#include <strings.h>

#include <mazegen/generate.h>
#include <mazegen/shape.h>

#include "core/status_impl.h"
#include "core/utf8.h"
#include "option/option_impl.h"

/* A whole unsigned decimal, no sign, no spaces; false on junk or
 * overflow. */
static bool
parse_u64(const char *s, uint64_t *out)
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

static int
read_number(const struct maze_option *o, const char *label, const char *text,
            struct maze_option_value *out)
{
    char digits[32];
    size_t len = strlen(text);
    /* A percentage may say so: --weave 30%. */
    if (o->id == MAZE_OPT_WEAVE && len > 1 && len < sizeof(digits) &&
        text[len - 1] == '%') {
        memcpy(digits, text, len - 1);
        digits[len - 1] = '\0';
        text = digits;
    }
    uint64_t v;
    if (!parse_u64(text, &v) || v < o->min || v > o->max) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: '%s' is not valid; expected a whole number "
                          "from %llu to %llu",
                          label, out->text, (unsigned long long)o->min,
                          (unsigned long long)o->max);
    }
    out->number = v;
    return MAZE_OK;
}

/* A decimal from 0 to 1 with at most six decimals, in millionths. */
static bool
parse_fraction(const char *s, uint32_t *out)
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

/* Whether text is a zero length: "0", "0.0mm" (its digits, made ones,
 * parse as a length). */
static bool
zero_length(const char *text)
{
    size_t digits = strspn(text, "0123456789.");
    char ones[64];
    if (digits == 0 || strspn(text, "0.") != digits || strlen(text) >= 64) {
        return false;
    }
    strcpy(ones, text);
    for (size_t i = 0; i < digits; i++) {
        ones[i] = ones[i] == '0' ? '1' : ones[i];
    }
    struct maze_length len;
    return maze_length_parse(ones, MAZE_UNIT_PX, &len) == MAZE_OK;
}

/* --bleed LEN[,all][,marks]: the words after the length, as
 * MAZE_OPTION_BLEED_* bits into out->number, and the length alone into
 * buf; false when a word is not one of them. */
static bool
bleed_words(const char *text, char *buf, size_t size,
            struct maze_option_value *out)
{
    size_t n = strcspn(text, ",");
    const char *p = text + n;
    if (n >= size) {
        return false;
    }
    memcpy(buf, text, n);
    buf[n] = '\0';
    while (*p == ',') {
        size_t k = strcspn(p + 1, ",");
        if (k == 3 && strncmp(p + 1, "all", 3) == 0) {
            out->number |= MAZE_OPTION_BLEED_ALL;
        } else if (k == 5 && strncmp(p + 1, "marks", 5) == 0) {
            out->number |= MAZE_OPTION_BLEED_MARKS;
        } else {
            return false;
        }
        p += 1 + k;
    }
    return true;
}

static int
read_length(const struct maze_option *o, const char *label, const char *text,
            struct maze_option_value *out)
{
    char plain[64];
    if (o->id == MAZE_OPT_BLEED) {
        if (!bleed_words(text, plain, sizeof(plain), out)) {
            return maze__fail(MAZE_ERR_INVALID,
                              "%s: '%s' is not valid; expected a length, "
                              "then ,all for every side and ,marks for crop "
                              "marks, like 0.125in or 3mm,all,marks",
                              label, text);
        }
        text = plain;
    }
    bool zero = (o->flags & MAZE_OPTION_ZERO) != 0;
    if (zero && zero_length(text)) {
        out->length = MAZE_LENGTH_NONE;
        out->bare = false;
        return MAZE_OK;
    }
    if (maze_length_parse(text, MAZE_UNIT_PX, &out->length) != MAZE_OK) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: '%s' is not valid; expected %s up to 100000 "
                          "with a unit px, pt, mm, cm or in (e.g. 12pt)",
                          label, text,
                          zero ? "a length of 0" : "a positive length");
    }
    /* A bare number takes the output format's own unit, known later. */
    out->bare = text[strspn(text, "0123456789.")] == '\0';
    return MAZE_OK;
}

static int
read_bytes(const char *label, const char *text, struct maze_option_value *out)
{
    static const char suffixes[] = "KMGT";
    char digits[32];
    size_t n = strspn(text, "0123456789");
    const char *unit = text + n;
    const char *found = *unit ? strchr(suffixes, *unit) : NULL;
    uint64_t v = 0;
    bool ok = n > 0 && n < sizeof(digits) &&
              (*unit == '\0' || (found && unit[1] == '\0'));
    if (ok) {
        memcpy(digits, text, n);
        digits[n] = '\0';
        ok = parse_u64(digits, &v);
    }
    for (const char *s = suffixes; ok && found && s <= found; s++) {
        ok = v <= UINT64_MAX / 1024;
        v *= 1024;
    }
    if (!ok || v < ((uint64_t)1 << 20)) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: '%s' is not valid; expected a size of at least "
                          "1M: a whole number of bytes, or with K, M, G or T "
                          "(powers of 1024), e.g. 4G",
                          label, text);
    }
    out->number = v;
    return MAZE_OK;
}

static int
read_cell(const char *label, const char *text, struct maze_option_value *out)
{
    const char *s = text;
    out->cell_count = 0;
    for (;;) {
        char num[16];
        size_t len = strcspn(s, ",");
        uint64_t v;
        if (len == 0 || len >= sizeof(num) ||
            out->cell_count == MAZE_MAX_COORDS) {
            break;
        }
        memcpy(num, s, len);
        num[len] = '\0';
        if (!parse_u64(num, &v) || v > UINT32_MAX) {
            break;
        }
        out->cell[out->cell_count++] = (uint32_t)v;
        if (s[len] == '\0') {
            return MAZE_OK;
        }
        s += len + 1;
    }
    return maze__fail(MAZE_ERR_INVALID,
                      "%s: '%s' is not valid; expected the cell's 0-based "
                      "numbers joined by commas, e.g. 0,0 (x,y)",
                      label, text);
}

static int
read_text(const struct maze_option *o, const char *label, const char *text)
{
    const char *why = NULL;
    bool one_line = (o->flags & MAZE_OPTION_LINES) == 0;
    if (!maze__utf8_valid(text)) {
        why = "is not valid UTF-8";
    } else if (o->max != 0 && strlen(text) > o->max) {
        why = "is too long";
    }
    for (const char *p = text; why == NULL && *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && !(c == '\n' && !one_line)) || c == 0x7f) {
            why = "holds a control character";
        }
    }
    if (why == NULL && !maze__xml_text(text, NULL, NULL)) {
        why = "holds U+FFFE or U+FFFF, which XML 1.0 forbids";
    }
    if (why != NULL) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: the text %s; expected UTF-8 text of at most "
                          "%llu bytes%s",
                          label, why, (unsigned long long)o->max,
                          one_line ? " on one line" : " (newlines allowed)");
    }
    return MAZE_OK;
}

/* One of the row's own words. */
static int
read_word(const struct maze_option *o, const char *label, const char *text,
          struct maze_option_value *out)
{
    for (size_t i = 0; o->choices[i]; i++) {
        if (strcmp(text, o->choices[i]) == 0) {
            out->number = i;
            out->text = o->choices[i];
            return MAZE_OK;
        }
    }
    char list[160] = "";
    size_t n = 0;
    for (size_t i = 0; o->choices[i]; i++) {
        maze__append(list, sizeof(list), &n, "%s%s", i ? ", " : "",
                     o->choices[i]);
    }
    return maze__fail(MAZE_ERR_INVALID,
                      "%s: unknown value '%s'; expected one of %s", label, text,
                      list);
}

static int
read_algorithm(const char *label, const char *text,
               struct maze_option_value *out)
{
    const struct maze_algorithm_info *a = maze_algorithm_find(text);
    if (a != NULL) {
        out->text = a->name;
        return MAZE_OK;
    }
    char names[256] = "";
    size_t n = 0;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        maze__append(names, sizeof(names), &n, "%s%s", i ? ", " : "",
                     maze_algorithm_at(i)->name);
    }
    return maze__fail(MAZE_ERR_INVALID,
                      "%s: unknown algorithm '%s'; expected one of %s, or "
                      "list",
                      label, text, names);
}

static int
read_grid(const char *label, const char *text, struct maze_option_value *out)
{
    const struct maze_grid_kind *k = maze_grid_kind_find(text);
    if (k != NULL) {
        out->text = k->name;
        return MAZE_OK;
    }
    char names[256] = "";
    size_t n = 0;
    for (size_t i = 0; i < maze_grid_kind_count(); i++) {
        maze__append(names, sizeof(names), &n, "%s, ",
                     maze_grid_kind_at(i)->name);
    }
    maze__append(names, sizeof(names), &n, "or list");
    return maze__fail(MAZE_ERR_INVALID,
                      "%s: unknown grid kind '%s'; expected %s", label, text,
                      names);
}

#define FORMAT_NONE MAZE_FORMAT_NONE

/* Whether text names a format (in any case). */
static bool
format_name(const char *text)
{
    for (size_t i = 0; i < maze_format_count(); i++) {
        if (strcasecmp(text, maze_format_at(i)->name) == 0) {
            return true;
        }
    }
    return false;
}

static int
read_format(const char *label, const char *text, struct maze_option_value *out)
{
    /* A format's file extension names it too: -t txt is -t text. */
    for (size_t i = 0; i < maze_format_count(); i++) {
        const struct maze_format_info *f = maze_format_at(i);
        /* In any case, as --paper A4 is: -t PNG. */
        bool named = strcasecmp(text, f->name) == 0;
        for (const char *const *x = f->extensions; *x && !named; x++) {
            named = strcasecmp(text, *x) == 0 && !format_name(text);
        }
        if (named) {
            out->text = f->name;
            return MAZE_OK;
        }
    }
    if (strcasecmp(text, FORMAT_NONE) == 0) {
        out->text = FORMAT_NONE;
        return MAZE_OK;
    }
    char names[256] = "";
    size_t n = 0;
    for (size_t i = 0; i < maze_format_count(); i++) {
        maze__append(names, sizeof(names), &n, "%s, ", maze_format_at(i)->name);
    }
    return maze__fail(MAZE_ERR_INVALID,
                      "%s: unknown format '%s'; expected %s%s (or an "
                      "extension such as txt), or list",
                      label, text, names, FORMAT_NONE);
}

static int
read_choice(const struct maze_option *o, const char *label, const char *text,
            struct maze_option_value *out)
{
    double w, h;
    switch (o->registry) {
    case MAZE_REGISTRY_ALGORITHM:
        return read_algorithm(label, text, out);
    case MAZE_REGISTRY_GRID:
        return read_grid(label, text, out);
    case MAZE_REGISTRY_FORMAT:
        return read_format(label, text, out);
    case MAZE_REGISTRY_PAPER:
        if (maze_paper_parse(text, &w, &h) != MAZE_OK) {
            return maze__fail(MAZE_ERR_INVALID,
                              "%s: '%s' is not valid; expected %s", label, text,
                              maze_paper_accepted());
        }
        return MAZE_OK;
    case MAZE_REGISTRY_DIFFICULTY:
        /* Levels and targets are read where they are used. */
        return MAZE_OK;
    case MAZE_REGISTRY_NONE:
    default:
        if (o->id == MAZE_OPT_GROWING) {
            struct maze_growing g;
            if (maze_growing_parse(text, &g) != MAZE_OK) {
                return maze__fail(MAZE_ERR_INVALID,
                                  "%s: '%s' is not valid; expected newest, "
                                  "random, oldest, middle, or weighted names "
                                  "like newest:75,random:25 (whole weights, "
                                  "not all 0)",
                                  label, text);
            }
            return MAZE_OK;
        }
        return read_word(o, label, text, out);
    }
}

int
maze_option_parse(const struct maze_option *o, const char *text,
                  struct maze_option_value *out)
{
    maze__detail_clear();
    if (o == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = (struct maze_option_value){.text = text};
    const char *label = maze_option_label(o);
    if (o->type == MAZE_OPTION_FLAG) {
        return text == NULL
                   ? MAZE_OK
                   : maze__fail(MAZE_ERR_INVALID, "%s: takes no value", label);
    }
    if (text == NULL) {
        if (o->flags & MAZE_OPTION_VALUE_OPTIONAL) {
            return MAZE_OK;
        }
        return maze__fail(MAZE_ERR_INVALID, "%s: expected a value", label);
    }
    switch (o->type) {
    case MAZE_OPTION_NUMBER:
        return read_number(o, label, text, out);
    case MAZE_OPTION_FRACTION: {
        uint32_t f;
        if (!parse_fraction(text, &f)) {
            return maze__fail(MAZE_ERR_INVALID,
                              "%s: '%s' is not valid; expected a decimal from "
                              "0 to 1 (at most 6 decimals), e.g. 0.5",
                              label, text);
        }
        out->number = f;
        return MAZE_OK;
    }
    case MAZE_OPTION_LENGTH:
        return read_length(o, label, text, out);
    case MAZE_OPTION_BYTES:
        return read_bytes(label, text, out);
    case MAZE_OPTION_CHOICE:
        return read_choice(o, label, text, out);
    case MAZE_OPTION_CELL:
        return read_cell(label, text, out);
    case MAZE_OPTION_TEXT:
        if (o->id == MAZE_OPT_ID_PREFIX && !maze_id_prefix_valid(text)) {
            return maze__fail(MAZE_ERR_INVALID,
                              "%s: not an id prefix; expected 1 to %llu ASCII "
                              "letters, digits, '_', '-' or '.', starting "
                              "with a letter or '_'",
                              label, (unsigned long long)o->max);
        }
        if (o->id == MAZE_OPT_BLOCKS && !maze_blocks_valid(text)) {
            /* The text is not echoed: it may hold control characters. */
            return maze__fail(MAZE_ERR_INVALID,
                              "%s: expected 4 different printable ASCII "
                              "characters (space allowed) for wall, floor, "
                              "start and finish, e.g. '%s' or '# SF'",
                              label, MAZE_BLOCKS_DEFAULT);
        }
        return read_text(o, label, text);
    case MAZE_OPTION_INPUT:
    case MAZE_OPTION_OUTPUT:
    case MAZE_OPTION_DIRECTORY:
    default:
        return MAZE_OK;
    }
}
