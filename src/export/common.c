/* SPDX-License-Identifier: MIT */
/*
 * What every exporter shares: writing to the sink, lengths with units
 * (parsed without the locale, converted to points or pixels) and the
 * provenance line. The bottom of the exporters: it calls none of them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/grid_impl.h"
#include "core/options.h"
#include "core/status_impl.h"
#include "core/utf8.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "gen/gen.h"
#include <mazegen/generate.h>

/* Reads a positive decimal without the locale; returns chars consumed. */
static size_t
parse_decimal(const char *s, double *out)
{
    const char *p = s;
    double value = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
        value = value * 10 + (*p - '0');
        p++;
        digits++;
    }
    if (*p == '.') {
        p++;
        double scale = 0.1;
        int frac = 0;
        while (*p >= '0' && *p <= '9') {
            value += (*p - '0') * scale;
            scale /= 10;
            p++;
            frac++;
        }
        if (frac == 0) {
            return 0;
        }
        digits += frac;
    }
    if (digits == 0 || digits > 12) {
        return 0;
    }
    *out = value;
    return (size_t)(p - s);
}

int
maze_length_parse(const char *text, enum maze_unit default_unit,
                  struct maze_length *out)
{
    static const struct {
        const char *suffix;
        enum maze_unit unit;
        double factor; /* cm are kept as mm */
    } units[] = {{"px", MAZE_UNIT_PX, 1},
                 {"pt", MAZE_UNIT_PT, 1},
                 {"mm", MAZE_UNIT_MM, 1},
                 {"cm", MAZE_UNIT_MM, 10},
                 {"in", MAZE_UNIT_IN, 1}};
    if (text == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    double value;
    size_t n = parse_decimal(text, &value);
    if (n == 0) {
        return MAZE_ERR_INVALID;
    }
    const char *suffix = text + n;
    struct maze_length len = {value, default_unit};
    if (*suffix != '\0') {
        size_t i = 0;
        /* In any case, as paper names are: 12PT. */
        while (i < sizeof(units) / sizeof(units[0]) &&
               strcasecmp(suffix, units[i].suffix) != 0) {
            i++;
        }
        if (i == sizeof(units) / sizeof(units[0])) {
            return MAZE_ERR_INVALID;
        }
        len.unit = units[i].unit;
        len.value *= units[i].factor;
    }
    if (!(len.value > 0) || len.value > 100000) {
        return MAZE_ERR_RANGE;
    }
    *out = len;
    return MAZE_OK;
}

double
maze__length_in(struct maze_length len, unsigned dpi)
{
    switch (len.unit) {
    case MAZE_UNIT_PT:
        return len.value / 72.0;
    case MAZE_UNIT_MM:
        return len.value / 25.4;
    case MAZE_UNIT_IN:
        return len.value;
    case MAZE_UNIT_PX:
    default:
        return len.value / dpi;
    }
}

unsigned
maze__dpi(const struct maze_export_options *opt)
{
    return opt->dpi ? opt->dpi : 96;
}

double
maze__length_pt(struct maze_length len, double dflt_pt)
{
    if (len.value == 0) {
        return dflt_pt; /* NaN passes through, for the caller to reject */
    }
    if (len.value < 0) {
        return 0; /* MAZE_LENGTH_NONE */
    }
    return maze__length_in(len, 96) * 72.0;
}

long
maze__length_px(struct maze_length len, unsigned dpi, long dflt_px)
{
    if (len.value == 0) {
        return dflt_px;
    }
    if (len.value < 0) {
        return 0; /* MAZE_LENGTH_NONE */
    }
    unsigned d = dpi ? dpi : 96;
    double px =
        len.unit == MAZE_UNIT_PX ? len.value : maze__length_in(len, d) * d;
    /* Cap before converting (NaN included): out of range for every
     * format, and never undefined behaviour. */
    return px <= 1e9 ? (long)(px + 0.5) : 1000000000L;
}

/* The description of a maze the library did not generate (its
 * algorithm is none of the registry's, so no options make it again): of
 * kind, w x h, or with `cells` cells when masked (cells = 0: not
 * masked). */
static void
describe_made(const struct maze_grid_kind *kind, const uint32_t *sizes,
              uint32_t cells, const struct maze_provenance *p, char *buf,
              size_t size)
{
    char bias[128], shape[96];
    uint32_t width = sizes[MAZE_SIZE_WIDTH], height = sizes[MAZE_SIZE_HEIGHT];
    uint32_t levels = sizes[MAZE_SIZE_LEVELS];
    maze_bias_format(&p->bias, kind, bias, sizeof(bias));
    bool rect = kind->rectangle;
    if (cells > 0) {
        snprintf(shape, sizeof(shape), "%" PRIu32 "-cell masked %s", cells,
                 kind->name);
    } else if (kind->coord_count == 2 && kind->coord_names[0] != NULL &&
               strcmp(kind->coord_names[0], "ring") == 0) {
        /* Kinds named by ring count their rings, not a width. */
        snprintf(shape, sizeof(shape), "%" PRIu32 "-ring %s", height,
                 kind->name);
    } else if (levels > 0) {
        snprintf(shape, sizeof(shape), "%" PRIu32 "x%" PRIu32 "x%" PRIu32 " %s",
                 width, height, levels, kind->name);
    } else {
        snprintf(shape, sizeof(shape), "%" PRIu32 "x%" PRIu32 "%s%s", width,
                 height, rect ? "" : " ", rect ? "" : kind->name);
    }
    snprintf(buf, size, "%s maze, algorithm %s, seed %llu, bias %s%s%s", shape,
             p->algorithm[0] ? p->algorithm : "none",
             (unsigned long long)p->seed, bias, p->params[0] ? ", " : "",
             p->params);
}

/* Whether the parameters hold token (alone, or as "token=VALUE", whose
 * value then goes to *value). */
static bool
has_param(const char *params, const char *token, unsigned *value)
{
    size_t n = strlen(token);
    for (const char *t = params; *t;) {
        size_t len = strcspn(t, " ");
        if (len >= n && strncmp(t, token, n) == 0 &&
            (len == n || t[n] == '=')) {
            if (value != NULL) {
                *value = len > n ? (unsigned)strtoul(t + n + 1, NULL, 10) : 0;
            }
            return true;
        }
        t += len;
        t += *t == ' ';
    }
    return false;
}

/* Appends to buf at *used, as snprintf does, never past size. */
static void put(char *buf, size_t size, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
put(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
    if (*used >= size) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, size - *used, fmt, ap);
    va_end(ap);
    *used = n < 0 || (size_t)n >= size - *used ? size : *used + (size_t)n;
}

/*
 * The options that make the maze again, as a user types them: the kind,
 * the sizes as given (a unicursal maze's grid is twice them each way, a
 * fractal one's their K-th power), the algorithm, the bias when not even,
 * the parameters of the provenance as long options, and the seed.
 */
static void
describe(const struct maze_grid_kind *kind, const uint32_t *given_sizes,
         uint32_t cells, const struct maze_provenance *p, char *buf,
         size_t size)
{
    if (maze_algorithm_find(p->algorithm) == NULL) {
        describe_made(kind, given_sizes, cells, p, buf, size);
        maze__printable(buf);
        return;
    }
    uint32_t sizes[MAZE_SIZE_COUNT];
    memcpy(sizes, given_sizes, sizeof(sizes));
    unsigned k = 0;
    if (has_param(p->params, "unicursal", NULL)) {
        sizes[MAZE_SIZE_WIDTH] /= 2;
        sizes[MAZE_SIZE_HEIGHT] /= 2;
    }
    uint32_t bx, by;
    if (has_param(p->params, "fractal", &k) && k >= 2 &&
        maze_fractal_base(sizes[MAZE_SIZE_WIDTH], sizes[MAZE_SIZE_HEIGHT], k,
                          &bx, &by) == MAZE_OK) {
        sizes[MAZE_SIZE_WIDTH] = bx;
        sizes[MAZE_SIZE_HEIGHT] = by;
    }
    static const char *const flags[MAZE_SIZE_COUNT] = {
        [MAZE_SIZE_WIDTH] = "-W",
        [MAZE_SIZE_HEIGHT] = "-H",
        [MAZE_SIZE_LEVELS] = "-L",
        [MAZE_SIZE_ROOM] = "--centre",
    };
    size_t used = 0;
    put(buf, size, &used, "mazegen");
    if (kind != &maze__grid_rect.info) {
        put(buf, size, &used, " -g %s", kind->name);
    }
    for (unsigned i = 0; i < MAZE_SIZE_COUNT; i++) {
        /* A mask gives the width and height; panels only arrange. */
        bool from_mask = cells > 0 && i <= MAZE_SIZE_HEIGHT;
        if (flags[i] != NULL && kind->sizes[i].meaning != NULL && !from_mask) {
            put(buf, size, &used, " %s %" PRIu32, flags[i], sizes[i]);
        }
    }
    if (cells > 0) {
        /* Where the picture goes: a file's name would make the bytes
         * differ from those of the same picture given as data. */
        put(buf, size, &used, " --mask PICTURE");
    }
    put(buf, size, &used, " -a %s", p->algorithm);
    for (const char *t = p->params; *t;) {
        size_t len = strcspn(t, " ");
        if (len > 0) {
            put(buf, size, &used, " --%.*s", (int)len, t);
        }
        t += len;
        t += *t == ' ';
    }
    /* -b only when the weights are not those the command carves with
     * when it is not given (all one; 3d's ud 0.05). */
    struct maze_bias def;
    maze__bias_default(kind, &def);
    bool given = false;
    for (unsigned c = 0; c < kind->class_count; c++) {
        given = given || p->bias.weight[c] != def.weight[c];
    }
    if (given) {
        char bias[128];
        maze_bias_format(&p->bias, kind, bias, sizeof(bias));
        put(buf, size, &used, " -b %s", bias);
    }
    put(buf, size, &used, " -s %llu", (unsigned long long)p->seed);
    maze__printable(buf);
}

void
maze__describe(const struct maze *maze, char *buf, size_t size)
{
    const struct maze_grid *g = maze->grid;
    describe(&g->kind->info, g->size, g->base ? g->cells : 0, &maze->provenance,
             buf, size);
}

void
maze__describe_kind(const struct maze_grid_kind *kind, const uint32_t *sizes,
                    bool masked, const struct maze_provenance *p, char *buf,
                    size_t size)
{
    describe(kind, sizes, masked ? 1 : 0, p, buf, size);
}

void
maze__describe_size(uint32_t width, uint32_t height,
                    const struct maze_provenance *p, char *buf, size_t size)
{
    uint32_t sizes[MAZE_SIZE_COUNT] = {
        [MAZE_SIZE_WIDTH] = width, [MAZE_SIZE_HEIGHT] = height};
    describe(&maze__grid_rect.info, sizes, 0, p, buf, size);
}

void
maze__utf8_line(char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = maze__utf8_decode((unsigned char *)s + i, n - i, &cp);
        if (len == 0) {
            s[i++] = '?';
        } else {
            if (cp < 0x20 || cp == 0x7f) {
                s[i] = ' ';
            }
            i += len;
        }
    }
}

void
maze__printable(char *s)
{
    for (; *s; s++) {
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e) {
            *s = '?';
        }
    }
}

double
maze__arrow_length(double cell)
{
    return fmin(fmax(0.75 * cell, MAZE__ARROW_MIN_PT), MAZE__ARROW_MAX_PT);
}

double
maze__marker_room(double cell)
{
    return fmax(cell, MAZE__ARROW_ROOM_PT);
}

static int
take_sheet(struct maze_sheet_options *copy,
           const struct maze_sheet_options **given)
{
    if (*given == NULL) {
        return MAZE_OK;
    }
    int rc = maze__options_copy(
        copy, sizeof(*copy), *given,
        MAZE__SIZE_THROUGH(struct maze_sheet_options, ink_saving),
        "maze_sheet_options", "MAZE_SHEET_OPTIONS_INIT");
    *given = copy;
    return rc;
}

int
maze__export_options_take(struct maze__export_copy *c,
                          const struct maze_export_options **opt,
                          const struct maze_sheet_options **sheet)
{
    maze__detail_clear();
    int rc = MAZE_OK;
    if (*opt != NULL) {
        rc = maze__options_copy(
            &c->opt, sizeof(c->opt), *opt,
            MAZE__SIZE_THROUGH(struct maze_export_options, threads),
            "maze_export_options", "MAZE_EXPORT_OPTIONS_INIT");
        if (rc == MAZE_OK) {
            rc = take_sheet(&c->opt_sheet, &c->opt.sheet);
        }
        if (rc == MAZE_OK && c->opt.svg != NULL) {
            rc = maze__options_copy(
                &c->svg, sizeof(c->svg), c->opt.svg,
                MAZE__SIZE_THROUGH(struct maze_svg_options, plotter),
                "maze_svg_options", "MAZE_SVG_OPTIONS_INIT");
            c->opt.svg = &c->svg;
        }
        *opt = &c->opt;
    }
    if (rc == MAZE_OK && sheet != NULL) {
        rc = take_sheet(&c->sheet, sheet);
    }
    return rc;
}
