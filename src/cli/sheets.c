/* SPDX-License-Identifier: MIT */
/*
 * The sheet options of mazegen (see sheets.h). A sheet is asked for by
 * -t sheet, --sheet, or any option that only means something on paper;
 * the checks then insist on a format that can draw it and on mazes that
 * fit their slots, before anything is generated or any file created.
 */
#include "cli/sheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/grid.h"
#include "core/utf8.h"
#include "cli/optable.h"
#include "cli/values.h"

/* Titles and instructions longer than this cannot be meant for a page. */
#define MAX_TITLE 200u
#define MAX_INSTRUCTIONS 1000u

/* Whether s is UTF-8 text of at most max bytes; with one_line, also
 * without control characters. */
static bool
text_ok(const char *name, const char *s, size_t max, bool one_line)
{
    const char *why = NULL;
    if (!maze__utf8_valid(s)) {
        why = "is not valid UTF-8";
    } else if (strlen(s) > max) {
        why = "is too long";
    }
    for (const char *p = s; why == NULL && *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && !(c == '\n' && !one_line)) || c == 0x7f) {
            why = "holds a control character";
        }
    }
    if (why != NULL) {
        cli_usage_error("%s: the text %s; expected UTF-8 text of at most %zu "
                        "bytes%s",
                        name, why, max,
                        one_line ? " on one line" : " (newlines allowed)");
        return false;
    }
    return true;
}

/* The accepted paper names and sizes, for messages. */
#define PAPERS                                                                 \
    "letter, a4, legal, a3, a5, b5, tabloid, ledger, executive, "              \
    "half-letter (any case), or WxH with a unit in, mm, cm or pt (e.g. "       \
    "8.5x11in, 14.8x21cm), 1 to 200 inches a side"

/* Reads a paper for `what` (the option or where the name came from). */
static bool
read_paper(const char *arg, const char *what, struct cli_sheet *s)
{
    int rc = maze_paper_parse(arg, &s->paper_w, &s->paper_h);
    if (rc != MAZE_OK) {
        cli_usage_error("%s: '%s' is not valid; expected " PAPERS, what, arg);
        return false;
    }
    s->paper = arg;
    return true;
}

static bool
parse_paper(const char *arg, struct cli_sheet *s)
{
    return read_paper(arg, "--paper", s);
}

/* --bleed LEN[,all][,marks]: the length, then every side instead of the
 * outer edges of a bound book's page, and crop marks. */
static bool
parse_bleed(const char *arg, struct cli_sheet *s)
{
    char len[64];
    size_t n = strcspn(arg, ",");
    const char *p = arg + n;
    bool ok = n < sizeof(len);
    s->bleed_all = s->crop_marks = false;
    while (ok && *p == ',') {
        size_t k = strcspn(p + 1, ",");
        if (k == 3 && strncmp(p + 1, "all", 3) == 0) {
            s->bleed_all = true;
        } else if (k == 5 && strncmp(p + 1, "marks", 5) == 0) {
            s->crop_marks = true;
        } else {
            ok = false;
        }
        p += 1 + k;
    }
    if (!ok) {
        cli_usage_error("--bleed: '%s' is not valid; expected a length, "
                        "then ,all for every side and ,marks for crop "
                        "marks, like 0.125in or 3mm,all,marks",
                        arg);
        return false;
    }
    memcpy(len, arg, n);
    len[n] = '\0';
    return cli_parse_length("--bleed", len, &s->bleed);
}

/*
 * Without --paper, the user's paper as libpaper keeps it: the PAPERSIZE
 * environment variable, else the first word of the file PAPERCONF names
 * (/etc/papersize by default; '#' starts a comment), else letter.
 */
static bool
default_paper(struct cli_sheet *s)
{
    static char name[64];
    const char *env = getenv("PAPERSIZE");
    if (env != NULL && env[0] != '\0') {
        return read_paper(env, "PAPERSIZE (the environment)", s);
    }
    const char *conf = getenv("PAPERCONF");
    if (conf == NULL || conf[0] == '\0') {
        conf = "/etc/papersize";
    }
    FILE *f = fopen(conf, "r");
    if (f == NULL) {
        return true; /* no system paper: letter */
    }
    char line[256];
    bool found = false;
    while (!found && fgets(line, sizeof(line), f) != NULL) {
        char *p = line + strspn(line, " \t");
        size_t n = strcspn(p, " \t\r\n#");
        if (n > 0 && n < sizeof(name)) {
            memcpy(name, p, n);
            name[n] = '\0';
            found = true;
        }
    }
    fclose(f);
    if (!found) {
        return true;
    }
    char what[96];
    snprintf(what, sizeof(what), "the paper in %.60s", conf);
    return read_paper(name, what, s);
}

/* A length in points (px are 1/96 in). */
static double
points(struct maze_length len)
{
    return cli_length_in(len, 96) * 72;
}

bool
cli_parse_sheet_option(int c, const char *arg, struct cli_options *opt)
{
    struct cli_sheet *s = &opt->sheet;
    uint64_t v;
    int choice;
    const char *name = NULL;
    switch (c) {
    case CLI_OPT_SHEET:
        name = "--sheet";
        break;
    case CLI_OPT_PAPER:
        name = "--paper";
        if (!parse_paper(arg, s)) {
            return false;
        }
        break;
    case CLI_OPT_ORIENTATION:
        name = "--orientation";
        if (!cli_parse_name(name, arg, cli_words_orientation, &choice)) {
            return false;
        }
        s->landscape = choice == 1;
        break;
    case CLI_OPT_COUNT:
        name = "--count";
        if (!cli_parse_ranged(name, arg, 1, CLI_MAX_COUNT, &v)) {
            return false;
        }
        s->count = (uint32_t)v;
        s->count_set = true;
        break;
    case CLI_OPT_PER_PAGE:
        name = "--per-page";
        if (!cli_parse_u64(arg, &v) || (v != 1 && v != 2 && v != 4 && v != 6)) {
            cli_usage_error("--per-page: '%s' is not valid; expected 1, 2, 4 "
                            "or 6 puzzles on each page",
                            arg);
            return false;
        }
        s->per_page = (unsigned)v;
        break;
    case CLI_OPT_TITLE:
        name = "--title";
        if (!text_ok(name, arg, MAX_TITLE, true)) {
            return false;
        }
        s->title = arg;
        break;
    case CLI_OPT_GUTTER:
        name = "--gutter";
        if (!cli_parse_length(name, arg, &s->gutter)) {
            return false;
        }
        break;
    case CLI_OPT_BLEED:
        name = "--bleed";
        if (!parse_bleed(arg, s)) {
            return false;
        }
        if (points(s->bleed.len) > 72 * (1 + 1e-9)) {
            cli_usage_error("--bleed: '%s' is more than a print shop asks "
                            "for; expected at most 1in (commonly 0.125in or "
                            "3mm)",
                            arg);
            return false;
        }
        break;
    case CLI_OPT_INK_SAVING:
        name = "--ink-saving";
        s->ink_saving = true;
        break;
    case CLI_OPT_AUTHOR:
        name = "--author";
        if (!text_ok(name, arg, MAX_TITLE, true)) {
            return false;
        }
        s->author = arg;
        break;
    case CLI_OPT_INSTRUCTIONS:
        name = "--instructions";
        if (!text_ok(name, arg, MAX_INSTRUCTIONS, false)) {
            return false;
        }
        s->instructions = arg;
        break;
    case CLI_OPT_NAME_LINE:
        name = "--name-line";
        s->name_line = true;
        break;
    case CLI_OPT_ANSWERS:
        name = "--answers";
        if (!cli_parse_name(name, arg, cli_words_answers, &choice)) {
            return false;
        }
        s->answers = choice == 0   ? MAZE_ANSWERS_NONE
                     : choice == 1 ? MAZE_ANSWERS_END
                                   : MAZE_ANSWERS_SAME_PAGE;
        s->answers_set = true;
        break;
    case CLI_OPT_UPSIDE_DOWN:
        name = "--upside-down";
        s->upside_down = true;
        break;
    case CLI_OPT_PUZZLE:
        if (!cli_parse_ranged("--puzzle", arg, 1, CLI_MAX_COUNT, &v)) {
            return false;
        }
        /* Not a sheet by itself: puzzle N can be written as any maze. */
        s->puzzle = (uint32_t)v;
        return true;
    default:
        return false;
    }
    if (!s->on) {
        s->on = true;
        s->why = name;
    }
    return true;
}

/* The export options a sheet is planned with: bare numbers in the format's
 * unit, and pixels of a PNG sheet at its dpi. */
static struct maze_export_options
sheet_export_options(const struct cli_options *opt)
{
    struct maze_export_options e = cli_export_options(opt);
    if (strcmp(opt->format, "png") == 0) {
        struct maze_length *ls[3] = {&e.cell_size, &e.wall_width, &e.margin};
        for (int i = 0; i < 3; i++) {
            if (ls[i]->unit == MAZE_UNIT_PX && ls[i]->value > 0) {
                ls[i]->value /= opt->dpi ? opt->dpi : 96;
                ls[i]->unit = MAZE_UNIT_IN;
            }
        }
    }
    return (struct maze_export_options){.struct_size =
                                            sizeof(struct maze_export_options),
                                        .cell_size = e.cell_size,
                                        .wall_width = e.wall_width,
                                        .margin = e.margin,
                                        .dpi = opt->dpi,
                                        .svg = e.svg,
                                        .threads = e.threads};
}

/* Points in the unit the user typed the cell size in, and its name. */
static double
in_unit(double pt, enum maze_unit unit, const char **name)
{
    switch (unit) {
    case MAZE_UNIT_IN:
        *name = "in";
        return pt / 72;
    case MAZE_UNIT_MM:
        *name = "mm";
        return pt * 25.4 / 72;
    case MAZE_UNIT_PX:
        *name = "px";
        return pt / 0.75;
    case MAZE_UNIT_PT:
    default:
        *name = "pt";
        return pt;
    }
}

/* Whether the same-page key of a maze extending w x h units, drawn at the
 * cell the options give (or the slot's fit), is above the keys' floor. */
static bool
key_readable(const struct maze_export_options *e,
             const struct maze_sheet_options *so, double w, double h)
{
    double cell, key, floor_pt;
    if (maze_sheet_fit(e, so, w, h, &cell) != MAZE_OK) {
        return false;
    }
    if (e->cell_size.value > 0) {
        cell = fmin(cell, points(e->cell_size));
    }
    return maze_sheet_key_fit(e, so, w, h, cell, &key, &floor_pt) == MAZE_OK;
}

/* Same-page keys as readable as an answer section's, or a refusal naming
 * the largest maze whose keys are (or what else to change). */
static bool
check_key(const struct cli_options *opt, const struct maze_export_options *e,
          const struct maze_sheet_options *so, double width, double height,
          double cell)
{
    double key, floor_pt;
    int rc = maze_sheet_key_fit(e, so, width, height, cell, &key, &floor_pt);
    if (rc != MAZE_ERR_RANGE) {
        return true;
    }
    unsigned per = opt->sheet.per_page ? opt->sheet.per_page : 1;
    char fits[96] = "a smaller maze";
    if (cli_whole_rect(opt) && !opt->unicursal) {
        /* The largest maze of the same proportions whose keys read. */
        double side = fmax(width, height);
        long lo = 0, hi = (long)side;
        while (lo < hi) {
            long mid = lo + (hi - lo + 1) / 2;
            double w = fmax(1, floor(width * mid / side));
            double h = fmax(1, floor(height * mid / side));
            if (key_readable(e, so, w, h)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if (lo > 0) {
            snprintf(fits, sizeof(fits), "mazes of at most %.0fx%.0f",
                     fmax(1, floor(width * lo / side)),
                     fmax(1, floor(height * lo / side)));
        }
    }
    cli_usage_error("--answers same-page: the keys of this maze at %u per "
                    "page would have %.2fpt cells, below the %.3gpt that keys "
                    "are held to (4pt, or the puzzle's cells when smaller); "
                    "expected %s, %s--answers end",
                    per, key, floor_pt, fits,
                    /* Up to three a page share a strip of three columns. */
                    per > 3 ? "fewer --per-page or " : "larger --paper or ");
    return false;
}

bool
cli_check_sheet_fit(const struct cli_options *opt, double width, double height)
{
    struct maze_export_options e = sheet_export_options(opt);
    struct maze_sheet_options so = cli_sheet_options(opt, false, NULL);
    double fit;
    int rc = maze_sheet_fit(&e, &so, width, height, &fit);
    const char *paper = opt->sheet.paper ? opt->sheet.paper : "letter";
    unsigned per = opt->sheet.per_page ? opt->sheet.per_page : 1;
    double probe;
    if (rc != MAZE_OK && maze_sheet_fit(&e, &so, 1, 1, &probe) != MAZE_OK) {
        cli_usage_error("--margin, --gutter, --instructions: the page has no "
                        "room left for puzzles on %s paper; expected a "
                        "smaller margin or gutter, or shorter instructions",
                        paper);
        return false;
    }
    if (rc != MAZE_OK) {
        cli_usage_error("-W/--width x -H/--height: a %.0fx%.0f maze does not "
                        "fit a puzzle slot on %s paper at %u per page, even "
                        "with 1pt cells; expected a smaller maze, fewer "
                        "--per-page, a smaller --margin or larger --paper",
                        width, height, paper, per);
        return false;
    }
    if (e.cell_size.value > 0 && points(e.cell_size) > fit * (1 + 1e-9)) {
        /* In the unit the cells were given in; pixels of a PNG sheet are
         * at its dpi, and a bare number is in the format's unit. */
        struct maze_length given = cli_export_options(opt).cell_size;
        const char *unit;
        double largest = in_unit(fit, given.unit, &unit);
        if (given.unit == MAZE_UNIT_PX && strcmp(opt->format, "png") == 0) {
            largest = fit / 72 * (opt->dpi ? opt->dpi : 96);
        }
        /* Rounded down, so the size named is one that fits. */
        double shown = floor(largest * 1000) / 1000;
        cli_usage_error("-c/--cell-size: a %.0fx%.0f maze does not fit a "
                        "puzzle slot on %s paper at %u per page with these "
                        "cells; expected -c %.3f%s or less (or no -c, which "
                        "fits the slot)",
                        width, height, paper, per, shown, unit);
        return false;
    }
    /* The cells this maze gets, and the walls they leave room for. */
    double cell = e.cell_size.value > 0 ? points(e.cell_size) : fit;
    if (so.answers == MAZE_ANSWERS_SAME_PAGE &&
        !check_key(opt, &e, &so, width, height, cell)) {
        return false;
    }
    double most = cell * (1 - MAZE_MIN_PASSAGE_SHARE);
    if (e.wall_width.value > 0 && points(e.wall_width) > most * (1 + 1e-9)) {
        cli_usage_error("--wall-width: walls of %.3gpt leave passages "
                        "narrower than %g%% of this maze's %.3gpt cells on "
                        "%s paper at %u per page; expected --wall-width "
                        "%.3fpt or thinner",
                        points(e.wall_width), MAZE_MIN_PASSAGE_SHARE * 100,
                        cell, paper, per, floor(most * 1000) / 1000);
        return false;
    }
    return true;
}

/* A footer like the puzzles' (their seeds at the widest), so that text
 * too wide for a slot is refused before any maze is made. */
static void
footer_sample(const struct cli_options *opt, char *buf, size_t size)
{
    const struct maze_grid_kind *k =
        opt->kind ? opt->kind : maze_grid_kind_find("rect");
    struct maze_bias bias = opt->bias;
    char weights[128];
    if (!opt->bias_set) {
        for (unsigned c = 0; c < MAZE_MAX_CLASSES; c++) {
            bias.weight[c] = MAZE_WEIGHT_ONE;
        }
    }
    maze_bias_format(&bias, k, weights, sizeof(weights));
    bool rect = strcmp(k->name, "rect") == 0;
    snprintf(buf, size,
             "%lux%lu%s%s maze, algorithm %s, seed 18446744073709551615, "
             "bias %s",
             (unsigned long)opt->width, (unsigned long)opt->height,
             rect ? "" : " ", rect ? "" : k->name, cli_algorithm(opt), weights);
}

/* Says which text of the sheet does not fit, and what would. */
static void
text_error(const struct cli_options *opt, enum maze_sheet_text what,
           size_t fits)
{
    const struct cli_sheet *s = &opt->sheet;
    const char *paper = s->paper ? s->paper : "letter";
    const char *larger = "larger --paper, --orientation landscape or a "
                         "smaller --margin";
    switch (what) {
    case MAZE_SHEET_TEXT_TITLE:
        cli_usage_error("--title: the title does not fit two lines of %s "
                        "paper even at 10pt; expected a title of at most %zu "
                        "characters like it, or %s",
                        paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_HEADING:
        cli_usage_error("--title: the answer pages' heading (the title and "
                        "\" \xe2\x80\x94 Answers\") does not fit two lines "
                        "of %s paper even at 10pt; expected a title of at "
                        "most %zu characters like it, or %s",
                        paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_INSTRUCTIONS:
        cli_usage_error("--instructions: the text does not fit four lines of "
                        "%s paper even at 8pt; expected at most %zu "
                        "characters like it, or %s",
                        paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_NAME_LINE:
        cli_usage_error("--name-line: the Name / Date line does not fit the "
                        "width of %s paper even at 7pt; expected %s",
                        paper, larger);
        break;
    case MAZE_SHEET_TEXT_PAGE_NUMBER:
        cli_usage_error("--count: the page numbers (\"Page N of M\") do not "
                        "fit the width of %s paper even at 6pt; expected %s",
                        paper, larger);
        break;
    case MAZE_SHEET_TEXT_LABEL:
    case MAZE_SHEET_TEXT_FOOTER:
    default:
        cli_usage_error("--per-page: the puzzles' %s not fit a slot of %s "
                        "paper at %u per page even at %s; expected fewer "
                        "--per-page, larger --paper or a smaller --margin",
                        what == MAZE_SHEET_TEXT_FOOTER
                            ? "footers (size, algorithm, seed) do"
                            : "labels (\"Puzzle N\") do",
                        paper, s->per_page ? s->per_page : 1,
                        what == MAZE_SHEET_TEXT_FOOTER ? "5pt on two lines"
                                                       : "6pt");
        break;
    }
}

/* The sheet's text fits its pages: shrunk and wrapped as far as allowed. */
static bool
check_text(const struct cli_options *opt)
{
    struct maze_export_options e = sheet_export_options(opt);
    char footer[320];
    footer_sample(opt, footer, sizeof(footer));
    size_t count = opt->sheet.count_set ? opt->sheet.count : 1;
    for (int keys = 0; keys < (opt->answer_key ? 2 : 1); keys++) {
        struct maze_sheet_options so = cli_sheet_options(opt, keys == 1, NULL);
        enum maze_sheet_text what;
        size_t fits;
        int rc = maze_sheet_text_check(
            &e, &so, count, opt->load || keys ? NULL : footer, &what, &fits);
        if (rc == MAZE_ERR_RANGE && what != MAZE_SHEET_TEXT_FITS) {
            text_error(opt, what, fits);
            return false;
        }
    }
    return true;
}

/* The format can draw the sheet, and the sheet fits its pages. */
static bool
check_format(const struct cli_options *opt)
{
    const struct cli_sheet *s = &opt->sheet;
    const char *f = opt->format;
    if (strcmp(f, CLI_FORMAT_NONE) == 0) {
        return true; /* the puzzles are made and measured, not drawn */
    }
    bool paged = strcmp(f, "sheet") == 0 || strcmp(f, "pdf") == 0;
    if (!paged && strcmp(f, "svg") != 0 && strcmp(f, "png") != 0) {
        cli_usage_error("%s: sheets are drawn as pdf, svg or png, not %s; "
                        "expected -t sheet or an output ending .pdf, .svg or "
                        ".png",
                        s->why, f);
        return false;
    }
    uint32_t count = s->puzzle ? 1 : s->count_set ? s->count : 1;
    unsigned per = s->per_page ? s->per_page : 1;
    if (!paged && (s->gutter.len.value > 0 || s->bleed.len.value > 0)) {
        cli_usage_error("%s: a gutter and a bleed are for bound, trimmed "
                        "paper, drawn on PDF pages, not %s; expected -t "
                        "sheet or an output ending .pdf",
                        s->gutter.len.value > 0 ? "--gutter" : "--bleed", f);
        return false;
    }
    if (!paged && (count > per || s->answers == MAZE_ANSWERS_END)) {
        cli_usage_error("%s: %s holds one page, and %s needs more; expected "
                        "-t sheet or an output ending .pdf",
                        count > per ? "--count" : "--answers", f,
                        count > per ? "this many puzzles"
                                    : "an answer section");
        return false;
    }
    return true;
}

/* Options that belong together (answers, keys, puzzle numbers, walls). */
static bool
check_combinations(struct cli_options *opt)
{
    struct cli_sheet *s = &opt->sheet;
    const char *why = NULL;
    if (s->upside_down && s->answers != MAZE_ANSWERS_SAME_PAGE) {
        why = "--upside-down: turns the keys of --answers same-page; "
              "expected --answers same-page";
    } else if (opt->answer_key && s->answers != MAZE_ANSWERS_NONE) {
        why = "--answer-key: puts the answers in their own file; expected "
              "no --answers (or --answers none)";
    } else if (s->puzzle && s->gutter.len.value > 0) {
        why = "--gutter: binds a book's pages on alternate sides, and "
              "--puzzle draws one page; expected no --gutter with --puzzle";
    } else if (s->puzzle && s->count_set && s->puzzle > s->count) {
        why = "--puzzle: the number is past the end of the book; expected "
              "a number from 1 to the --count";
    } else if (opt->wall_width.len.value > 0 &&
               points(sheet_export_options(opt).wall_width) < 0.5) {
        why = "--wall-width: walls on a sheet print at 0.5pt or more; "
              "expected --wall-width 0.5pt or thicker";
    }
    if (why != NULL) {
        cli_usage_error("%s", why);
        return false;
    }
    return true;
}

/* The drawing's extent in cells: of the grid the options make. */
static bool
extent_of(const struct cli_options *opt, double *w, double *h)
{
    if (cli_whole_rect(opt)) {
        *w = opt->width;
        *h = opt->height;
        return true;
    }
    struct maze_grid *g;
    if (cli_grid_create(opt, &g) != MAZE_OK) {
        return false;
    }
    maze_grid_extent(g, w, h);
    maze_grid_destroy(g);
    return true;
}

/*
 * A 3D maze's levels a row, unless --panels says: the arrangement whose
 * cells come out largest in the sheet's slots (three levels of a square
 * maze go one above the other on a portrait page, side by side on a
 * landscape one); the first such on a tie. A loaded maze keeps its own.
 */
static bool
choose_panels(struct cli_options *opt)
{
    const struct maze_grid_kind *k = cli_grid_kind(opt);
    if (opt->load != NULL || opt->panels != 0 ||
        k->sizes[MAZE_SIZE_PANELS].meaning == NULL) {
        return true;
    }
    struct maze_export_options e = sheet_export_options(opt);
    struct maze_sheet_options so = cli_sheet_options(opt, false, NULL);
    uint32_t levels =
        opt->levels ? opt->levels : k->sizes[MAZE_SIZE_LEVELS].def;
    double best = 0;
    uint32_t pick = 0;
    for (uint32_t n = 1; n <= levels; n++) {
        double ew, eh, fit;
        opt->panels = n;
        if (extent_of(opt, &ew, &eh) &&
            maze_sheet_fit(&e, &so, ew, eh, &fit) == MAZE_OK &&
            fit > best * (1 + 1e-9)) {
            best = fit;
            pick = n;
        }
    }
    opt->panels = pick; /* 0 when none fits: the fit check says so */
    return true;
}

/*
 * Other kinds than rectangles: the capacity counts unit squares, so the
 * size is scaled by how much wider and taller the kind's cells draw, then
 * shrunk until the drawing fits.
 */
static uint32_t
clamp_size(const struct maze_grid_size_info *z, double v)
{
    if (z->meaning == NULL) {
        return 0;
    }
    uint32_t max = z->max < CLI_MAX_SIDE ? z->max : CLI_MAX_SIDE;
    return v < z->min ? z->min : v > max ? max : (uint32_t)v;
}

static void
fit_kind(struct cli_options *opt, uint32_t w, uint32_t h)
{
    const struct maze_grid_kind *k = opt->kind;
    const struct maze_grid_size_info *zw = &k->sizes[MAZE_SIZE_WIDTH];
    const struct maze_grid_size_info *zh = &k->sizes[MAZE_SIZE_HEIGHT];
    double ew, eh;
    opt->width = clamp_size(zw, w);
    opt->height = clamp_size(zh, h);
    /* Scale both ways by how far the drawing is off (a size that does not
     * change the extent, such as a circle's first ring, stays put), then
     * shrink a step at a time until it fits. */
    for (int i = 0; i < 4 && extent_of(opt, &ew, &eh); i++) {
        double f = fmin(w / ew, h / eh);
        if (f >= 1 - 1e-9 && f <= 1 + 1e-9) {
            break;
        }
        opt->width = clamp_size(zw, floor(opt->width * (w / ew)));
        opt->height = clamp_size(zh, floor(opt->height * (h / eh)));
    }
    while (extent_of(opt, &ew, &eh) && (ew > w + 1e-9 || eh > h + 1e-9)) {
        uint32_t before_w = opt->width, before_h = opt->height;
        if (ew > w + 1e-9 && opt->width > zw->min) {
            opt->width--;
        }
        if ((eh > h + 1e-9 || opt->width == before_w) &&
            opt->height > zh->min) {
            opt->height--;
        }
        if (opt->width == before_w && opt->height == before_h) {
            break;
        }
    }
}

/* With -c and no size: as many cells as fill the slot. */
static bool
fill_page(struct cli_options *opt)
{
    if (opt->cell_size.len.value <= 0 || opt->width_set || opt->height_set ||
        opt->mask != NULL) {
        return true;
    }
    struct maze_export_options e = sheet_export_options(opt);
    struct maze_sheet_options so = cli_sheet_options(opt, false, NULL);
    uint32_t w, h;
    if (maze_sheet_capacity(&e, &so, points(e.cell_size), &w, &h) != MAZE_OK) {
        cli_usage_error("-c/--cell-size: not one cell of this size fits a "
                        "puzzle slot; expected a smaller -c, fewer --per-page "
                        "or larger --paper");
        return false;
    }
    /* A unicursal maze doubles its grid, so it starts from half. */
    if (opt->unicursal) {
        w = w / 2 ? w / 2 : 1;
        h = h / 2 ? h / 2 : 1;
    }
    if (!cli_whole_rect(opt)) {
        fit_kind(opt, w, h);
        return true;
    }
    opt->width = w;
    opt->height = h;
    return true;
}

bool
cli_check_sheet(struct cli_options *opt)
{
    struct cli_sheet *s = &opt->sheet;
    if (!s->on && strcmp(opt->format, "sheet") == 0) {
        s->on = true;
        s->why = "-t/--format sheet";
    }
    if (!s->on) {
        return true;
    }
    if (!s->answers_set) {
        s->answers = opt->solution && !opt->answer_key ? MAZE_ANSWERS_END
                                                       : MAZE_ANSWERS_NONE;
    }
    if (s->paper == NULL && !default_paper(s)) {
        return false;
    }
    if (!check_format(opt) || !check_combinations(opt) || !choose_panels(opt) ||
        !fill_page(opt) || !check_text(opt)) {
        return false;
    }
    if (opt->load) {
        return true; /* the size is known once the file is read */
    }
    double grow = opt->unicursal ? 2 : 1;
    double ew, eh;
    if (!extent_of(opt, &ew, &eh)) {
        fprintf(stderr, "mazegen: not enough memory for the grid\n");
        return false;
    }
    return cli_check_sheet_fit(opt, grow * ew, grow * eh);
}

/* What a 3D maze's marks mean, and how a weave maze's crossings look,
 * unless --instructions says otherwise; NULL for the other kinds. */
static const char *
default_instructions(const struct maze_grid_kind *kind)
{
    if (strcmp(kind->name, "3d") == 0) {
        return "Each level is drawn on its own, named under it. A triangle "
               "pointing up is a stair to the same square on the next "
               "level, one pointing down a stair to the level before, a "
               "diamond both.";
    }
    if (kind->tunnels) {
        return "Some passages cross like bridges: where a corridor's walls "
               "stop at another corridor, it goes under it and comes out on "
               "the far side.";
    }
    return NULL;
}

struct maze_sheet_options
cli_sheet_options(const struct cli_options *opt, bool keys,
                  const struct maze_grid_kind *kind)
{
    const struct cli_sheet *s = &opt->sheet;
    bool book = s->count_set && s->count > 1;
    return (struct maze_sheet_options){
        .struct_size = sizeof(struct maze_sheet_options),
        .page_width = s->paper_w,
        .page_height = s->paper_h,
        .landscape = s->landscape,
        .per_page = s->per_page,
        /* Named by the book, not by how many of its puzzles are drawn, so
         * that --puzzle N draws puzzle N's page as it is in the book. */
        .title = s->title ? s->title
                 : book   ? "Mazes"
                          : "Maze",
        .instructions = s->instructions ? s->instructions
                                        : default_instructions(
                                              kind ? kind : cli_grid_kind(opt)),
        .author = s->author,
        .gutter = s->gutter.len,
        .bleed = s->bleed.len,
        .bleed_edges = s->bleed_all ? MAZE_BLEED_ALL : MAZE_BLEED_OUTER,
        .crop_marks = s->crop_marks,
        .ink_saving = s->ink_saving,
        .name_line = s->name_line,
        .answers = keys ? MAZE_ANSWERS_ONLY : s->answers,
        .keys_upside_down = s->upside_down,
        /* A loaded maze brings its own seed, which the sheet shows. */
        .seed = opt->seed,
        .has_seed = opt->load == NULL,
    };
}

uint64_t
cli_puzzle_seed(const struct cli_options *opt, unsigned number)
{
    return opt->sheet.count_set || opt->sheet.puzzle
               ? maze_seed_derive(opt->seed, number)
               : opt->seed;
}
