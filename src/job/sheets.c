/* SPDX-License-Identifier: MIT */
/*
 * The sheet options of mazegen (see sheets.h). A sheet is asked for by
 * -t sheet, --sheet, or any option that only means something on paper;
 * the checks then insist on a format that can draw it and on mazes that
 * fit their slots, before anything is generated or any file created.
 */
#include "job/sheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/grid.h"
#include "core/grid_impl.h"
#include "core/status_impl.h"
#include "core/utf8.h"
#include "export/common.h"
#include "gen/gen.h"

/*
 * Without --paper, the user's paper as libpaper keeps it
 * (maze_paper_default(): PAPERSIZE, PAPERCONF or /etc/papersize, else
 * letter); letter for a job that reads no files (maze_job_no_files()).
 * The name is the job's own copy: jobs run on several threads at once.
 */
static bool
default_paper(struct maze_job *opt)
{
    struct maze__job_sheet *s = &opt->sheet;
    char name[64] = "letter";
    if (opt->no_files) {
        (void)maze_paper_parse(name, &s->paper_w, &s->paper_h);
    } else if (maze_paper_default(&s->paper_w, &s->paper_h, name,
                                  sizeof(name)) != MAZE_OK) {
        maze__job_usage_error("%s", maze_error_detail());
        return false;
    }
    s->paper = maze__job_keep(opt, name);
    if (s->paper == NULL) {
        maze__job_fail(MAZE_ERR_NOMEM, "%s", maze_strerror(MAZE_ERR_NOMEM));
        return false;
    }
    return true;
}

/*
 * Without --lang, the language of the user's messages as gettext finds it:
 * the first of LANGUAGE (a list: its first entry with a catalogue), LC_ALL,
 * LC_MESSAGES and LANG that is set and not empty; C, POSIX or a language
 * without a catalogue gives English, as untranslated messages are. gettext
 * ignores LANGUAGE in the C locale, and so does this. A job that reads no
 * files (a server's) looks at no environment: English.
 */
static const char *
default_lang(const struct maze_job *opt)
{
    if (opt->no_files) {
        return "en";
    }
    const char *locale = NULL;
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < 3 && locale == NULL; i++) {
        const char *v = getenv(vars[i]);
        locale = v != NULL && v[0] != '\0' ? v : NULL;
    }
    if (locale == NULL || strcmp(locale, "C") == 0 ||
        strncmp(locale, "C.", 2) == 0 || strcmp(locale, "POSIX") == 0) {
        return "en";
    }
    const char *list = getenv("LANGUAGE");
    while (list != NULL && *list != '\0') {
        char one[64];
        size_t n = strcspn(list, ":");
        snprintf(one, sizeof(one), "%.*s", (int)(n < 63 ? n : 63), list);
        const char *code = maze_language_find(one);
        if (code != NULL) {
            return code;
        }
        list += n + (list[n] == ':');
    }
    const char *code = maze_language_find(locale);
    return code != NULL ? code : "en";
}

/* The words --label may replace, by KEY (instructions is --instructions). */
static const char *const label_keys[MAZE_WORD_COUNT_] = {
    [MAZE_WORD_NAME] = "name",       [MAZE_WORD_DATE] = "date",
    [MAZE_WORD_PUZZLE] = "puzzle",   [MAZE_WORD_ANSWER] = "answer",
    [MAZE_WORD_ANSWERS] = "answers", [MAZE_WORD_PAGE] = "page",
    [MAZE_WORD_LEVEL] = "level",     [MAZE_WORD_SEED] = "seed",
};

/* How many numbers each word shows (%s it may hold). */
static const unsigned label_numbers[MAZE_WORD_COUNT_] = {
    [MAZE_WORD_PUZZLE] = 1, [MAZE_WORD_ANSWER] = 1, [MAZE_WORD_PAGE] = 2,
    [MAZE_WORD_LEVEL] = 1,  [MAZE_WORD_SEED] = 1,
};

/* --label KEY=TEXT: one word's text, checked as the library checks it. */
static bool
parse_label(const char *text, struct maze__job_sheet *s)
{
    const char *eq = strchr(text, '=');
    size_t n = eq ? (size_t)(eq - text) : 0;
    if (eq != NULL && n == strlen("instructions") &&
        strncmp(text, "instructions", n) == 0) {
        s->instructions = eq + 1;
        return true;
    }
    for (size_t w = 0; eq != NULL && w < MAZE_WORD_COUNT_; w++) {
        if (strlen(label_keys[w]) != n || strncmp(text, label_keys[w], n)) {
            continue;
        }
        const char *value = eq + 1;
        unsigned count = 0;
        bool ok = strchr(value, '\n') == NULL;
        for (const char *p = value; ok && *p; p++) {
            if (*p == '%') {
                ok = p[1] == 's' || p[1] == '%';
                count += p[1] == 's';
                p += ok;
            }
        }
        if (!ok || count > label_numbers[w]) {
            maze__job_usage_error(
                "--label: '%s' is not a %s label; expected one line where "
                "%%s is the number (at most %u of them) and %%%% a percent "
                "sign",
                value, label_keys[w], label_numbers[w]);
            return false;
        }
        s->labels[w] = value;
        return true;
    }
    maze__job_usage_error(
        "--label: '%.40s' names no word; expected KEY=TEXT, KEY one of "
        "name, date, puzzle, answer, answers, page, level, seed, "
        "instructions",
        text);
    return false;
}

/* A length in points (px are 1/96 in). */
static double
points(struct maze_length len)
{
    return maze__length_in(len, 96) * 72;
}

bool
maze__job_parse_sheet_option(const struct maze_option *o,
                             const struct maze_option_value *v,
                             struct maze_job *opt)
{
    static const enum maze_answers answers[] = {
        MAZE_ANSWERS_NONE, MAZE_ANSWERS_END, MAZE_ANSWERS_SAME_PAGE};
    struct maze__job_sheet *s = &opt->sheet;
    switch (o->id) {
    case MAZE_OPT_SHEET:
        break;
    case MAZE_OPT_PAPER:
        (void)maze_paper_parse(v->text, &s->paper_w, &s->paper_h);
        s->paper = v->text;
        break;
    case MAZE_OPT_ORIENTATION:
        s->landscape = v->number == 1;
        break;
    case MAZE_OPT_COUNT:
        s->count = (uint32_t)v->number;
        s->count_set = true;
        break;
    case MAZE_OPT_PER_PAGE:
        s->per_page = (unsigned)(v->text[0] - '0');
        break;
    case MAZE_OPT_TITLE:
        s->title = v->text;
        break;
    case MAZE_OPT_GUTTER:
        s->gutter = (struct maze__job_length){v->length, v->bare};
        break;
    case MAZE_OPT_BLEED:
        /* The length, and its ,all and ,marks (MAZE_BLEED_* bits). */
        s->bleed = (struct maze__job_length){v->length, v->bare};
        s->bleed_all = (v->number & MAZE_OPTION_BLEED_ALL) != 0;
        s->crop_marks = (v->number & MAZE_OPTION_BLEED_MARKS) != 0;
        if (points(s->bleed.len) > 72 * (1 + 1e-9)) {
            maze__job_usage_error(
                "--bleed: '%s' is more than a print shop asks "
                "for; expected at most 1in (commonly 0.125in or "
                "3mm)",
                v->text);
            return false;
        }
        break;
    case MAZE_OPT_INK_SAVING:
        s->ink_saving = true;
        break;
    case MAZE_OPT_AUTHOR:
        s->author = v->text;
        break;
    case MAZE_OPT_INSTRUCTIONS:
        s->instructions = v->text;
        break;
    case MAZE_OPT_NAME_LINE:
        s->name_line = true;
        break;
    case MAZE_OPT_ANSWERS:
        s->answers = answers[v->number];
        s->answers_set = true;
        break;
    case MAZE_OPT_UPSIDE_DOWN:
        s->upside_down = true;
        break;
    case MAZE_OPT_PUZZLE:
        /* Not a sheet by itself: puzzle N can be written as any maze. */
        s->puzzle = (uint32_t)v->number;
        return true;
    case MAZE_OPT_PAGE:
        /* Not a sheet by itself: it picks a page of one (checked then). */
        s->page = (uint32_t)v->number;
        return true;
    case MAZE_OPT_LANG:
        s->lang = maze_language_find(v->text);
        if (s->lang == NULL) {
            maze__job_usage_error(
                "--lang: '%s' has no catalogue; expected en, es, fr, de, "
                "pt, it, nl, ar, he, ja or zh (a region allowed: pt_BR)",
                v->text);
            return false;
        }
        break;
    case MAZE_OPT_LABEL:
        if (!parse_label(v->text, s)) {
            return false;
        }
        break;
    case MAZE_OPT_MIN_PASSAGE:
        s->min_passage = (struct maze__job_length){v->length, v->bare};
        s->min_passage_set = true;
        break;
    case MAZE_OPT_FOOTER:
        s->footer = v->number == 0   ? MAZE_FOOTER_FULL
                    : v->number == 1 ? MAZE_FOOTER_SEED
                                     : MAZE_FOOTER_NONE;
        break;
    default:
        return false;
    }
    if (!s->on) {
        s->on = true;
        s->why = maze_option_label(o);
    }
    return true;
}

struct maze_export_options
maze__job_sheet_export_options(const struct maze_job *opt)
{
    struct maze_export_options e = maze__job_export_options(opt);
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
check_key(const struct maze_job *opt, const struct maze_export_options *e,
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
    if (maze__job_whole_rect(opt) && !opt->unicursal) {
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
    maze__job_usage_error(
        "--answers same-page: the keys of this maze at %u per "
        "page would have %.2fpt cells, below the %.3gpt that keys "
        "are held to (4pt, or the puzzle's cells when smaller); "
        "expected %s, %s--answers end",
        per, key, floor_pt, fits,
        /* Up to three a page share a strip of three columns. */
        per > 3 ? "fewer --per-page or " : "larger --paper or ");
    return false;
}

/* Measuring text needs Pango, which the library refuses to start where
 * it could not run (MAZE_ERR_NOMEM: too little address space, no thread):
 * a runtime failure while checking, before any file is made, recorded
 * with the library's reason; true when rc is that failure. */
static bool
no_memory(int rc)
{
    if (rc != MAZE_ERR_NOMEM) {
        return false;
    }
    char d[MAZE__DETAIL_MAX];
    snprintf(d, sizeof(d), "%s", maze_error_detail());
    (void)maze__job_fail(rc, "%s", d[0] ? d : maze_strerror(rc));
    return true;
}

static double min_passage_pt(const struct maze_job *opt);
static bool passages_at_least(const struct maze_job *opt,
                              const struct maze_export_options *e,
                              const struct maze_sheet_options *so, double w,
                              double h, double least);

/* The largest paper's side in inches (maze_paper_parse()'s bound). */
#define PAPER_MAX_IN 200.0

/* The smallest paper of so's proportions, in inches and rounded up to
 * a tenth, on which a width x height maze fits; false when none up to
 * the largest paper does. */
static bool
smallest_paper(const struct maze_job *opt, const struct maze_export_options *e,
               const struct maze_sheet_options *so, double width, double height,
               double *w_in, double *h_in)
{
    /* Fitting means keeping to --min-passage too. */
    double least = min_passage_pt(opt);
    struct maze_sheet_options big = *so;
    double w = so->page_width, h = so->page_height, fit;
    /* Just inside the bound, which rounding must not cross. */
    double most = PAPER_MAX_IN * 72 / fmax(w, h) * (1 - 1e-9);
    big.page_width = w * most;
    big.page_height = h * most;
    if (!(w > 0 && h > 0) ||
        maze_sheet_fit(e, &big, width, height, &fit) != MAZE_OK ||
        (least > 0 && !passages_at_least(opt, e, &big, width, height, least))) {
        return false;
    }
    double lo = 1, hi = most; /* lo does not fit, hi does */
    while (hi - lo > 0.1 / (fmax(w, h) / 72)) {
        double mid = (lo + hi) / 2;
        big.page_width = w * mid;
        big.page_height = h * mid;
        if (maze_sheet_fit(e, &big, width, height, &fit) == MAZE_OK &&
            (least <= 0 ||
             passages_at_least(opt, e, &big, width, height, least))) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    *w_in = ceil(w * hi / 72 * 10) / 10;
    *h_in = ceil(h * hi / 72 * 10) / 10;
    return true;
}

/*
 * A page with no room for a puzzle: the options given that take room on
 * it are named, and what would leave some (the smallest paper of the same
 * proportions on which this maze fits, then less of what was given).
 */
static void
no_room(const struct maze_job *opt, const struct maze_export_options *e,
        const struct maze_sheet_options *so, double width, double height,
        const char *paper)
{
    static const struct {
        enum maze_option_id id;
        const char *less;
    } takers[] = {
        {MAZE_OPT_PAPER, NULL},
        {MAZE_OPT_MARGIN, "a smaller --margin"},
        {MAZE_OPT_GUTTER, "a smaller --gutter"},
        {MAZE_OPT_BLEED, "a smaller --bleed"},
        {MAZE_OPT_PER_PAGE, "fewer --per-page"},
        {MAZE_OPT_TITLE, "a shorter --title"},
        {MAZE_OPT_INSTRUCTIONS, "shorter --instructions"},
        {MAZE_OPT_AUTHOR, "no --author"},
        {MAZE_OPT_NAME_LINE, "no --name-line"},
    };
    char names[256] = "", ways[512] = "";
    double w_in, h_in;
    if (smallest_paper(opt, e, so, width, height, &w_in, &h_in)) {
        snprintf(ways, sizeof(ways), "--paper %gx%gin or larger", w_in, h_in);
    }
    for (size_t i = 0; i < sizeof(takers) / sizeof(takers[0]); i++) {
        if (!opt->given[takers[i].id]) {
            continue;
        }
        size_t n = strlen(names), m = strlen(ways);
        snprintf(names + n, sizeof(names) - n, "%s%s", n ? ", " : "",
                 maze_option_label(maze_option_at(takers[i].id)));
        if (takers[i].less != NULL) {
            snprintf(ways + m, sizeof(ways) - m, "%s%s", m ? ", or " : "",
                     takers[i].less);
        }
    }
    maze__job_usage_error(
        "%s: %s paper has no room left for a puzzle once its margins, "
        "title, instructions and footer are laid out; expected %s",
        names[0] ? names : "--paper", paper, ways[0] ? ways : "larger --paper");
}

/* --min-passage in points: as given (a bare number in the format's
 * unit, a PNG's pixels at its dpi), else the row's default; 0 for none. */
static double
min_passage_pt(const struct maze_job *opt)
{
    struct maze__job_length l = opt->sheet.min_passage;
    if (!opt->sheet.min_passage_set) {
        l.bare = false;
        if (maze_length_parse(
                maze_option_at(MAZE_OPT_MIN_PASSAGE)->default_value,
                MAZE_UNIT_MM, &l.len) != MAZE_OK) {
            return 0;
        }
    }
    if (l.len.value <= 0) {
        return 0;
    }
    const struct maze_format_info *fi = maze_format_find(opt->format);
    bool raster = fi != NULL && (fi->flags & MAZE_FORMAT_RASTER) != 0;
    if (l.bare) {
        l.len.unit = raster ? MAZE_UNIT_PX : MAZE_UNIT_PT;
    }
    if (raster && l.len.unit == MAZE_UNIT_PX) {
        return l.len.value / (opt->dpi ? opt->dpi : 96) * 72;
    }
    return points(l.len);
}

/*
 * The width a passage prints at, between its walls, with cells of `cell`
 * points: the corridor (the cell, or the share of it a weave corridor
 * takes) less the wall the sheet draws (--wall-width, or an eighth of the
 * corridor, a sixteenth with --ink-saving; at least 0.5pt), as the
 * sheet's planner sizes them.
 */
static double
passage_pt(const struct maze_job *opt, const struct maze_export_options *e,
           double cell)
{
    const struct maze__grid_kind *k =
        maze__grid_kind_find(maze__job_grid_kind(opt)->name);
    double across = k != NULL && k->passage > 0 ? cell * k->passage : cell;
    double given = e->wall_width.value > 0 ? points(e->wall_width) : 0;
    double share = opt->sheet.ink_saving ? 16 : 8;
    double wall = given > 0 ? fmax(given, 0.5) : fmax(0.5, across / share);
    return across - wall;
}

/* Whether a maze extending w x h units gets passages of at least `least`
 * points in its slot. */
static bool
passages_at_least(const struct maze_job *opt,
                  const struct maze_export_options *e,
                  const struct maze_sheet_options *so, double w, double h,
                  double least)
{
    double fit;
    return maze_sheet_fit(e, so, w, h, &fit) == MAZE_OK &&
           passage_pt(opt, e, fit) >= least * (1 - 1e-9);
}

/*
 * Passages no narrower than --min-passage: a puzzle printed finer is a
 * grey blob no pencil line goes through (a clip-art picture as a --mask,
 * one cell a pixel). Refused, naming the largest maze of the same
 * proportions that keeps to it (the -W that scales a --mask picture to
 * it), or what else to change.
 */
static bool
check_min_passage(const struct maze_job *opt,
                  const struct maze_export_options *e,
                  const struct maze_sheet_options *so, double width,
                  double height, double cell)
{
    double least = min_passage_pt(opt);
    double passage = passage_pt(opt, e, cell);
    if (least <= 0 || passage >= least * (1 - 1e-9)) {
        return true;
    }
    const char *paper = opt->sheet.paper ? opt->sheet.paper : "letter";
    unsigned per = opt->sheet.per_page ? opt->sheet.per_page : 1;
    double mm = 25.4 / 72;
    if (e->cell_size.value > 0 || e->wall_width.value > 0) {
        const char *what =
            e->cell_size.value > 0 ? "-c/--cell-size" : "--wall-width";
        maze__job_usage_error(
            "%s: cells of %.2fmm with walls of %.2fmm leave passages of "
            "%.2fmm, narrower than the %.2fmm a sheet prints at least "
            "(--min-passage); expected %s, or a smaller --min-passage",
            what, cell * mm, (cell - passage) * mm, passage * mm, least * mm,
            e->cell_size.value > 0 ? "larger -c or thinner --wall-width"
                                   : "thinner --wall-width");
        return false;
    }
    /* The largest n for the width (the height in proportion) whose maze
     * keeps to the floor: the drawing's extent scales with the size. */
    char fits[160] = "a smaller maze";
    uint32_t w = opt->width, h = opt->height;
    bool sized = opt->load == NULL && !opt->unicursal && w > 0 && h > 0;
    if (sized && passages_at_least(opt, e, so, width / w, height / w, least)) {
        uint32_t lo = 1, hi = w;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo + 1) / 2;
            if (passages_at_least(opt, e, so, width * mid / w, height * mid / w,
                                  least)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        /* The height -W alone would give (rounded, as scaling rounds it),
         * and a step less while that misses the floor by its rounding. */
        uint32_t lh = (uint32_t)fmax(1, floor((double)h * lo / w + 0.5));
        while (lo > 1 && !passages_at_least(opt, e, so, width * lo / w,
                                            height * lh / h, least)) {
            lo--;
            lh = (uint32_t)fmax(1, floor((double)h * lo / w + 0.5));
        }
        if (opt->mask_path != NULL) {
            snprintf(fits, sizeof(fits),
                     "-W %u or less to scale the picture (%ux%u cells)",
                     (unsigned)lo, (unsigned)lo, (unsigned)lh);
        } else {
            snprintf(fits, sizeof(fits), "a maze of at most %ux%u",
                     (unsigned)lo, (unsigned)lh);
        }
    }
    const char *what = opt->load        ? "--load"
                       : opt->mask_path ? "--mask"
                                        : "-W/--width x -H/--height";
    maze__job_usage_error(
        "%s: a %ux%u maze prints on %s paper at %u per page with %.2fmm "
        "cells and passages of %.2fmm between the walls, narrower than the "
        "%.2fmm a sheet prints at least (--min-passage: room for a pencil "
        "line); expected %s, %slarger --paper, or a smaller --min-passage",
        what, (unsigned)w, (unsigned)h, paper, per, cell * mm, passage * mm,
        least * mm, fits, per > 1 ? "fewer --per-page, " : "");
    return false;
}

bool
maze__job_check_sheet_fit(const struct maze_job *opt, double width,
                          double height)
{
    struct maze_export_options e = maze__job_sheet_export_options(opt);
    struct maze_sheet_options so = maze__job_sheet_options(opt, false, NULL);
    double fit;
    int rc = maze_sheet_fit(&e, &so, width, height, &fit);
    if (no_memory(rc)) {
        return false;
    }
    const char *paper = opt->sheet.paper ? opt->sheet.paper : "letter";
    unsigned per = opt->sheet.per_page ? opt->sheet.per_page : 1;
    double probe;
    if (rc != MAZE_OK && maze_sheet_fit(&e, &so, 1, 1, &probe) != MAZE_OK) {
        no_room(opt, &e, &so, width, height, paper);
        return false;
    }
    if (rc != MAZE_OK) {
        maze__job_usage_error(
            "-W/--width x -H/--height: a %.0fx%.0f maze does not "
            "fit a puzzle slot on %s paper at %u per page, even "
            "with 1pt cells; expected a smaller maze, fewer "
            "--per-page, a smaller --margin or larger --paper",
            width, height, paper, per);
        return false;
    }
    if (e.cell_size.value > 0 && points(e.cell_size) > fit * (1 + 1e-9)) {
        /* In the unit the cells were given in; pixels of a PNG sheet are
         * at its dpi, and a bare number is in the format's unit. */
        struct maze_length given = maze__job_export_options(opt).cell_size;
        const char *unit;
        double largest = in_unit(fit, given.unit, &unit);
        if (given.unit == MAZE_UNIT_PX && strcmp(opt->format, "png") == 0) {
            largest = fit / 72 * (opt->dpi ? opt->dpi : 96);
        }
        /* Rounded down, so the size named is one that fits. */
        double shown = floor(largest * 1000) / 1000;
        maze__job_usage_error(
            "-c/--cell-size: a %.0fx%.0f maze does not fit a "
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
        maze__job_usage_error(
            "--wall-width: walls of %.3gpt leave passages "
            "narrower than %g%% of this maze's %.3gpt cells on "
            "%s paper at %u per page; expected --wall-width "
            "%.3fpt or thinner",
            points(e.wall_width), MAZE_MIN_PASSAGE_SHARE * 100, cell, paper,
            per, floor(most * 1000) / 1000);
        return false;
    }
    return check_min_passage(opt, &e, &so, width, height, cell);
}

/* A footer like the puzzles' (their seeds at the widest, the options
 * that shape them), so that text too wide for a slot is refused before
 * any maze is made. */
static void
footer_sample(const struct maze_job *opt, char *buf, size_t size)
{
    const struct maze_grid_kind *k =
        opt->kind ? opt->kind : maze_grid_kind_find("rect");
    struct maze_provenance p = {.seed = UINT64_MAX, .bias = opt->bias};
    if (!opt->bias_set) {
        maze__bias_default(k, &p.bias);
    }
    snprintf(p.algorithm, sizeof(p.algorithm), "%s", maze__job_algorithm(opt));
    uint32_t sizes[MAZE_SIZE_COUNT] = {
        [MAZE_SIZE_WIDTH] = opt->width,
        [MAZE_SIZE_HEIGHT] = opt->height,
        [MAZE_SIZE_LEVELS] = opt->levels,
        [MAZE_SIZE_ROOM] = opt->centre,
    };
    for (unsigned i = 0; i < MAZE_SIZE_COUNT; i++) {
        sizes[i] = sizes[i] ? sizes[i] : k->sizes[i].def;
    }
    maze__describe_kind(k, sizes, opt->mask != NULL, &p, buf, size);
    /* The parameters the maze will carry, at their widest; where they
     * stand on the line does not change its width. */
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%s%s%s%s%s%s%s",
             opt->unicursal ? " --unicursal" : "",
             opt->fractal >= 2 ? " --fractal=8" : "",
             opt->weave ? " --weave=100" : "",
             opt->braid_set ? " --braid=0.888888" : "",
             opt->rooms_set ? " --rooms=88888" : "",
             opt->growing_set ? " --growing=newest:50,random:50" : "",
             opt->openings_set ? " --openings=top-bottom" : "",
             opt->mask_invert ? " --mask-invert" : "");
}

/* Says which text of the sheet does not fit, and what would. */
static void
text_error(const struct maze_job *opt, enum maze_sheet_text what, size_t fits)
{
    const struct maze__job_sheet *s = &opt->sheet;
    const char *paper = s->paper ? s->paper : "letter";
    const char *larger = "larger --paper, --orientation landscape or a "
                         "smaller --margin";
    switch (what) {
    case MAZE_SHEET_TEXT_TITLE:
        maze__job_usage_error(
            "--title: the title does not fit two lines of %s "
            "paper even at 10pt; expected a title of at most %zu "
            "characters like it, or %s",
            paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_HEADING:
        maze__job_usage_error(
            "--title: the answer pages' heading (the title and "
            "\" \xe2\x80\x94 Answers\") does not fit two lines "
            "of %s paper even at 10pt; expected a title of at "
            "most %zu characters like it, or %s",
            paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_INSTRUCTIONS:
        maze__job_usage_error(
            "--instructions: the text does not fit four lines of "
            "%s paper even at 8pt; expected at most %zu "
            "characters like it, or %s",
            paper, fits, larger);
        break;
    case MAZE_SHEET_TEXT_NAME_LINE:
        maze__job_usage_error(
            "--name-line: the Name / Date line does not fit the "
            "width of %s paper even at 7pt; expected %s",
            paper, larger);
        break;
    case MAZE_SHEET_TEXT_PAGE_NUMBER:
        maze__job_usage_error(
            "--count: the page numbers (\"Page N of M\") do not "
            "fit the width of %s paper even at 6pt; expected %s",
            paper, larger);
        break;
    case MAZE_SHEET_TEXT_LABEL:
    case MAZE_SHEET_TEXT_FOOTER:
    default:
        maze__job_usage_error(
            "--per-page: the puzzles' %s not fit a slot of %s "
            "paper at %u per page even at %s; expected fewer "
            "--per-page, larger --paper or a smaller --margin",
            what == MAZE_SHEET_TEXT_FOOTER
                ? "footers (the options that make each maze) do"
                : "labels (\"Puzzle N\") do",
            paper, s->per_page ? s->per_page : 1,
            what == MAZE_SHEET_TEXT_FOOTER ? "5pt on two lines" : "6pt");
        break;
    }
}

/*
 * Every character of the text given for the sheet is in one of its fonts:
 * one that is in none would print as a box holding its code point. Asked
 * first, so that the option named is the text's, not the room it takes.
 */
static bool
check_fonts(const struct maze_job *opt)
{
    struct maze_export_options e = maze__job_sheet_export_options(opt);
    for (int keys = 0; keys < (opt->answer_key ? 2 : 1); keys++) {
        struct maze_sheet_options so =
            maze__job_sheet_options(opt, keys == 1, NULL);
        enum maze_sheet_text what;
        int rc = maze_sheet_text_check(&e, &so, 1, NULL, &what, NULL);
        if (no_memory(rc)) {
            return false;
        }
        if (rc == MAZE_ERR_INVALID && what != MAZE_SHEET_TEXT_FITS) {
            enum maze_option_id id =
                what == MAZE_SHEET_TEXT_INSTRUCTIONS ? MAZE_OPT_INSTRUCTIONS
                : what == MAZE_SHEET_TEXT_LABEL      ? MAZE_OPT_LABEL
                                                     : MAZE_OPT_TITLE;
            maze__job_usage_error("%s: %s",
                                  maze_option_label(maze_option_at(id)),
                                  maze_error_detail());
            return false;
        }
    }
    return true;
}

/* The sheet's text fits its pages: shrunk and wrapped as far as allowed. */
static bool
check_text(const struct maze_job *opt)
{
    struct maze_export_options e = maze__job_sheet_export_options(opt);
    char footer[320];
    footer_sample(opt, footer, sizeof(footer));
    size_t count = opt->sheet.count_set ? opt->sheet.count : 1;
    for (int keys = 0; keys < (opt->answer_key ? 2 : 1); keys++) {
        struct maze_sheet_options so =
            maze__job_sheet_options(opt, keys == 1, NULL);
        enum maze_sheet_text what;
        size_t fits;
        int rc = maze_sheet_text_check(
            &e, &so, count,
            opt->load || keys || opt->sheet.footer != MAZE_FOOTER_FULL ? NULL
                                                                       : footer,
            &what, &fits);
        if (no_memory(rc)) {
            return false;
        }
        if (rc == MAZE_ERR_RANGE && what != MAZE_SHEET_TEXT_FITS) {
            text_error(opt, what, fits);
            return false;
        }
    }
    return true;
}

/* The format can draw the sheet, and the sheet fits its pages. */
static bool
check_format(const struct maze_job *opt)
{
    const struct maze__job_sheet *s = &opt->sheet;
    const char *f = opt->format;
    if (strcmp(f, JOB_FORMAT_NONE) == 0) {
        return true; /* the puzzles are made and measured, not drawn */
    }
    bool paged = strcmp(f, "sheet") == 0 || strcmp(f, "pdf") == 0;
    if (!paged && strcmp(f, "svg") != 0 && strcmp(f, "png") != 0) {
        maze__job_usage_error(
            "%s: sheets are drawn as pdf, svg or png, not %s; "
            "expected -t sheet or an output ending .pdf, .svg or "
            ".png",
            s->why, f);
        return false;
    }
    uint32_t count = s->puzzle ? 1 : s->count_set ? s->count : 1;
    unsigned per = s->per_page ? s->per_page : 1;
    if (!paged && (s->gutter.len.value > 0 || s->bleed.len.value > 0)) {
        maze__job_usage_error("%s: a gutter and a bleed are for bound, trimmed "
                              "paper, drawn on PDF pages, not %s; expected -t "
                              "sheet or an output ending .pdf",
                              s->gutter.len.value > 0 ? "--gutter" : "--bleed",
                              f);
        return false;
    }
    if (paged && s->page != 0) {
        maze__job_usage_error(
            "--page: draws one page of the book as a picture, and %s holds "
            "every page; expected a picture (-t png or svg) with --page, or "
            "no --page",
            f);
        return false;
    }
    if (!paged && s->page == 0 &&
        (count > per || s->answers == MAZE_ANSWERS_END)) {
        maze__job_usage_error(
            "%s: %s holds one page, and %s needs more; expected "
            "-t sheet or an output ending .pdf, or --page N for one "
            "page of it",
            count > per ? "--count" : "--answers", f,
            count > per ? "this many puzzles" : "an answer section");
        return false;
    }
    return true;
}

/* Options that belong together (answers, keys, puzzle numbers, walls). */
static bool
check_combinations(struct maze_job *opt)
{
    struct maze__job_sheet *s = &opt->sheet;
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
    } else if (s->page && s->puzzle) {
        why = "--page: draws a page of the book, and --puzzle one puzzle "
              "as it is in the book; expected one of them";
    } else if (s->page && opt->answer_key) {
        why = "--page: draws a page of the book, whose keys --answer-key "
              "would put in a file of their own; expected --answers end or "
              "same-page with --page";
    } else if (s->puzzle && s->count_set && s->puzzle > s->count) {
        why = "--puzzle: the number is past the end of the book; expected "
              "a number from 1 to the --count";
    } else if (opt->wall_width.len.value > 0 &&
               points(maze__job_sheet_export_options(opt).wall_width) < 0.5) {
        why = "--wall-width: walls on a sheet print at 0.5pt or more; "
              "expected --wall-width 0.5pt or thicker";
    }
    if (why != NULL) {
        maze__job_usage_error("%s", why);
        return false;
    }
    return true;
}

/* The drawing's extent in cells: of the grid the options make. */
static bool
extent_of(const struct maze_job *opt, double *w, double *h)
{
    if (maze__job_whole_rect(opt)) {
        *w = opt->width;
        *h = opt->height;
        return true;
    }
    struct maze_grid *g;
    if (maze__job_grid_create(opt, &g) != MAZE_OK) {
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
choose_panels(struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    if (opt->load != NULL || opt->panels != 0 ||
        k->sizes[MAZE_SIZE_PANELS].meaning == NULL) {
        return true;
    }
    struct maze_export_options e = maze__job_sheet_export_options(opt);
    struct maze_sheet_options so = maze__job_sheet_options(opt, false, NULL);
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
    uint32_t max = z->max < JOB_MAX_SIDE ? z->max : JOB_MAX_SIDE;
    return v < z->min ? z->min : v > max ? max : (uint32_t)v;
}

static void
fit_kind(struct maze_job *opt, uint32_t w, uint32_t h)
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
fill_page(struct maze_job *opt)
{
    if (opt->cell_size.len.value <= 0 || opt->width_set || opt->height_set ||
        opt->mask != NULL) {
        return true;
    }
    struct maze_export_options e = maze__job_sheet_export_options(opt);
    struct maze_sheet_options so = maze__job_sheet_options(opt, false, NULL);
    uint32_t w, h;
    if (maze_sheet_capacity(&e, &so, points(e.cell_size), &w, &h) != MAZE_OK) {
        maze__job_usage_error(
            "-c/--cell-size: not one cell of this size fits a "
            "puzzle slot; expected a smaller -c, fewer --per-page "
            "or larger --paper");
        return false;
    }
    /* A unicursal maze doubles its grid, so it starts from half. */
    if (opt->unicursal) {
        w = w / 2 ? w / 2 : 1;
        h = h / 2 ? h / 2 : 1;
    }
    if (!maze__job_whole_rect(opt)) {
        fit_kind(opt, w, h);
        return true;
    }
    opt->width = w;
    opt->height = h;
    return true;
}

bool
maze__job_check_sheet(struct maze_job *opt)
{
    struct maze__job_sheet *s = &opt->sheet;
    if (!s->on && strcmp(opt->format, "sheet") == 0) {
        s->on = true;
        s->why = "-t/--format sheet";
    }
    if (!s->on && s->page != 0) {
        maze__job_usage_error(
            "--page: draws a page of a sheet; expected --sheet or another "
            "sheet option with --page");
        return false;
    }
    if (!s->on) {
        return true;
    }
    if (!s->answers_set) {
        s->answers = opt->solution && !opt->answer_key ? MAZE_ANSWERS_END
                                                       : MAZE_ANSWERS_NONE;
    }
    if (s->paper == NULL && !default_paper(opt)) {
        return false;
    }
    if (s->lang == NULL) {
        s->lang = default_lang(opt);
    }
    s->label_count = 0;
    for (size_t w = 0; w < MAZE_WORD_COUNT_; w++) {
        if (s->labels[w] != NULL) {
            s->label_list[s->label_count++] = (struct maze_sheet_label){
                (enum maze_sheet_word)w, s->labels[w]};
        }
    }
    if (!check_format(opt) || !check_combinations(opt) || !check_fonts(opt) ||
        !choose_panels(opt) || !fill_page(opt) || !check_text(opt)) {
        return false;
    }
    if (opt->load) {
        return true; /* the size is known once the file is read */
    }
    double grow = opt->unicursal ? 2 : 1;
    double ew, eh;
    if (!extent_of(opt, &ew, &eh)) {
        (void)maze__job_fail(MAZE_ERR_NOMEM, "not enough memory for the grid");
        return false;
    }
    return maze__job_check_sheet_fit(opt, grow * ew, grow * eh);
}

/* What a 3D maze's marks mean, and how a weave maze's crossings look,
 * unless --instructions says otherwise; NULL for the other kinds. */
static const char *
default_instructions(const struct maze_grid_kind *kind, const char *lang)
{
    if (strcmp(kind->name, "3d") == 0) {
        return maze_translate(
            lang, "Each level is drawn on its own, named under it. A "
                  "triangle pointing up is a stair to the same square on "
                  "the next level, one pointing down a stair to the level "
                  "before, a diamond both.");
    }
    if (kind->tunnels) {
        return maze_translate(
            lang, "Some passages cross like bridges: where a corridor's "
                  "walls stop at another corridor, it goes under it and "
                  "comes out on the far side.");
    }
    return NULL;
}

struct maze_sheet_options
maze__job_sheet_options(const struct maze_job *opt, bool keys,
                        const struct maze_grid_kind *kind)
{
    const struct maze__job_sheet *s = &opt->sheet;
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
                          : maze_translate(s->lang, book ? "Mazes" : "Maze"),
        .instructions =
            s->instructions
                ? s->instructions
                : default_instructions(kind ? kind : maze__job_grid_kind(opt),
                                       s->lang),
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
        .language = s->lang,
        .labels = s->label_count ? s->label_list : NULL,
        .label_count = s->label_count,
        .footer = s->footer,
    };
}

uint64_t
maze__job_puzzle_seed(const struct maze_job *opt, unsigned number)
{
    return opt->sheet.count_set || opt->sheet.puzzle
               ? maze_seed_derive(opt->seed, number)
               : opt->seed;
}
