/* SPDX-License-Identifier: MIT */
/*
 * Planning a sheet: which maze goes in which slot of which page, and how
 * large, on the frame that sheet_frame.c lays out. Planning is done once,
 * before any output, so a maze that cannot fit is refused without writing
 * a byte. A slot keeps one cell of free space all round its maze for the
 * entrance and exit arrows, so nothing a slot draws can reach its
 * neighbours or the margins.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status_impl.h"
#include "export/export_impl.h"
#include "core/checked.h"
#include "core/grid_impl.h"
#include "export/lang.h"
#include "export/sheet_impl.h"
#include <mazegen/metrics.h>

/* Nothing thinner prints reliably; below a point a cell is a smudge. */
#define MIN_WALL_PT 0.5
#define MIN_CELL_PT 1.0
/* An answer key, at the end or on the puzzle's page, has cells of at
 * least KEY_READABLE_PT (1.4 mm: a solution line in them still reads on
 * paper, in grayscale too), or, when its puzzle's cells are smaller than
 * that, the puzzle's own: a key that small is as hard to read as no key.
 * A page of keys holds as many as keep to it; a key a puzzle's page
 * cannot hold that large is refused. */
#define KEY_READABLE_PT 4.0

/* The smallest cell a key of a puzzle drawn with puzzle_cell may have. */
static double
key_floor(double puzzle_cell)
{
    return fmax(MIN_CELL_PT, fmin(puzzle_cell, KEY_READABLE_PT));
}

/* Same-page keys take one column of at least three in the strip, at the
 * right, so alone a key is an inset in the corner: column col of them. */
static unsigned
strip_columns(const struct maze__sheet_frame *f)
{
    return f->per_page > 3 ? f->per_page : 3;
}

static struct maze__box
strip_box(const struct maze__sheet_frame *f, unsigned col)
{
    unsigned cols = strip_columns(f);
    double w = (f->strip.w - (cols - 1) * MAZE__SHEET_GAP) / cols;
    return (struct maze__box){f->strip.x + col * (w + MAZE__SHEET_GAP),
                              f->strip.y, w, f->strip.h};
}

/*
 * The caption of the key of p, whose metrics are m: its difficulty and
 * metrics in full or, short, only the solution's length and winding
 * (--stats measures them the same way).
 */
static void
key_caption(const struct maze__sheet *sh, const struct maze_puzzle *p,
            const struct maze_metrics *m, bool full, char *buf, size_t size)
{
    const struct maze__po_lang *lang = sh->lang;
    char level[48] = "";
    if (p->difficulty != NULL && p->difficulty[0] != '\0') {
        /* A level's name in the sheet's language (targets as they are). */
        snprintf(level, sizeof(level), "%.40s",
                 maze__lang_get(lang, "difficulty", p->difficulty));
    }
    /* The winding to a tenth, with the language's decimal separator
     * (never the locale's: the same call gives the same page). */
    double winding =
        m->crossing ? (double)m->solution_cells / (double)m->crossing : 0;
    unsigned long long tenths = (unsigned long long)(winding * 10 + 0.5);
    char wind[48], cells[24], ends[24], cells_text[160], ends_text[160];
    snprintf(wind, sizeof(wind), "%llu%s%llu", tenths / 10,
             maze__lang_get(lang, "decimal separator", "."), tenths % 10);
    unsigned long long nc = m->solution_cells, nd = m->dead_ends;
    snprintf(cells, sizeof(cells), "%llu", nc);
    snprintf(ends, sizeof(ends), "%llu", nd);
    char body[320];
    if (full) {
        const char *c[] = {cells}, *d[] = {ends};
        maze__lang_format(cells_text, sizeof(cells_text),
                          maze__lang_nget(lang, "%s cell", "%s cells", nc), c,
                          1);
        maze__lang_format(
            ends_text, sizeof(ends_text),
            maze__lang_nget(lang, "%s dead end", "%s dead ends", nd), d, 1);
        const char *args[] = {cells_text, ends_text, wind};
        maze__lang_format(body, sizeof(body),
                          maze__lang_get(lang, NULL, "path %s, %s, winding %s"),
                          args, 3);
    } else {
        const char *args[] = {cells, wind};
        maze__lang_format(body, sizeof(body),
                          maze__lang_get(lang, NULL, "path %s, winding %s"),
                          args, 2);
    }
    const char *parts[] = {level, body};
    maze__lang_format(buf, size,
                      level[0] ? maze__lang_get(lang, NULL, "%s, %s") : "%s%s",
                      parts, 2);
}

/* Fits a key's caption under it: in full, short, or not at all. The maze
 * is measured once. MAZE_OK or MAZE_ERR_NOMEM. */
static int
fit_caption(struct maze__sheet *sh, struct maze__slot *s)
{
    struct maze_metrics m = MAZE_METRICS_INIT;
    int rc = maze_measure(s->puzzle->maze, &m);
    if (rc != MAZE_OK) {
        return rc;
    }
    for (int full = 1; full >= 0; full--) {
        key_caption(sh, s->puzzle, &m, full, s->caption, sizeof(s->caption));
        if (maze__text_fit(sh->type, s->caption, &maze__sheet_footer_rule,
                           s->box.w, &s->footer) == MAZE_OK) {
            return MAZE_OK;
        }
    }
    s->caption[0] = '\0';
    s->footer = (struct maze__text){0};
    return MAZE_OK;
}

/*
 * Places a maze in slot box at the requested cell (0: the largest that
 * fits), centred in the maze area.
 */
static int
place(struct maze__sheet *sh, struct maze__slot *s, const struct maze_puzzle *p,
      struct maze__box box, bool key, double cell, double wall)
{
    double w, h;
    maze_grid_extent(maze_grid(p->maze), &w, &h);
    struct maze__box area = maze__sheet_maze_area(box, key);
    double fit = maze__sheet_fit_cell(area, w, h, key);
    if (cell > fit * (1 + 1e-9) || !(fit >= MIN_CELL_PT)) {
        return MAZE_ERR_RANGE;
    }
    cell = cell > 0 ? fmin(cell, fit) : fit;
    double share = sh->so.ink_saving ? 16 : 8;
    /* Corridors narrower than the cell (weave) take walls as much
     * thinner. */
    double passage = maze_grid(p->maze)->kind->passage;
    double across = passage > 0 ? cell * passage : cell;
    wall =
        wall > 0 ? fmax(wall, MIN_WALL_PT) : fmax(MIN_WALL_PT, across / share);
    if (!(wall <= cell * (1 - MAZE_MIN_PASSAGE_SHARE))) {
        return MAZE_ERR_RANGE;
    }
    *s = (struct maze__slot){
        .puzzle = p,
        .box = box,
        .x = area.x + (area.w - w * cell) / 2,
        .y = area.y + (area.h - h * cell) / 2,
        .cell = cell,
        .wall = wall,
        .key = key,
        .solved = key,
        .ink_saving = sh->so.ink_saving,
        .sheet = sh,
    };
    char footer[320] = "";
    if (!key) {
        maze__sheet_footer(sh, p->maze, footer, sizeof(footer));
    }
    int rc = maze__sheet_fit_slot_text(sh, s, footer[0] ? footer : NULL);
    return rc == MAZE_OK && key ? fit_caption(sh, s) : rc;
}

/* Keys per answer-key page: the most of 6, 4, 2, 1 at which every key
 * keeps to key_floor() of its puzzle's cells; never more a page than
 * there are keys. */
static unsigned
keys_per_page(const struct maze__sheet_frame *f, const struct maze_puzzle *p,
              size_t count)
{
    static const unsigned choices[] = {6, 4, 2, 1};
    struct maze__box puzzle_area = maze__sheet_maze_area(
        maze__sheet_slot_box(f->puzzles, f->per_page, f->wide, 0), false);
    for (size_t c = 0; c < 4; c++) {
        unsigned n = choices[c];
        if (c + 1 < 4 && choices[c + 1] >= count) {
            continue; /* fewer keys fit bigger on one page */
        }
        struct maze__box key_area = maze__sheet_maze_area(
            maze__sheet_slot_box(f->keys, n, f->wide, 0), true);
        bool ok = true;
        for (size_t i = 0; i < count && ok; i++) {
            double w, h;
            maze_grid_extent(maze_grid(p[i].maze), &w, &h);
            double puzzle = maze__sheet_fit_cell(puzzle_area, w, h, false);
            double key = maze__sheet_fit_cell(key_area, w, h, true);
            ok = key >= key_floor(puzzle) * (1 - 1e-9);
        }
        if (ok) {
            return n;
        }
    }
    return 1;
}

static int
check_puzzles(const struct maze_puzzle *p, size_t count,
              const struct maze_sheet_options *so)
{
    if (p == NULL || count == 0) {
        return MAZE_ERR_INVALID;
    }
    bool keys = so && so->answers != MAZE_ANSWERS_NONE;
    for (size_t i = 0; i < count; i++) {
        if (p[i].maze == NULL || (keys && p[i].solution == NULL)) {
            return MAZE_ERR_INVALID;
        }
    }
    return MAZE_OK;
}

/* The pages and slots of the puzzles (with same-page keys). */
static int
plan_puzzles(struct maze__sheet *sh, const struct maze__sheet_frame *f,
             size_t *page, size_t *slot)
{
    bool same = sh->so.answers == MAZE_ANSWERS_SAME_PAGE;
    unsigned per = f->per_page;
    /* One numbered puzzle (a book's --puzzle N) sits in the slot it has
     * in the book: number N is the ((N - 1) mod per)-th of its page. */
    bool lone = sh->count == 1 && sh->puzzles[0].number > 0;
    unsigned at = lone ? (sh->puzzles[0].number - 1) % per : 0;
    for (size_t i = 0; i < sh->count; i += per) {
        size_t n = sh->count - i < per ? sh->count - i : per;
        struct maze__sheet_page *pg = &sh->pages[(*page)++];
        *pg = (struct maze__sheet_page){.first = *slot};
        size_t first = *slot;
        for (size_t k = 0; k < n; k++) {
            int rc = place(sh, &sh->slots[(*slot)++], &sh->puzzles[i + k],
                           maze__sheet_slot_box(f->puzzles, per, f->wide,
                                                at + (unsigned)k),
                           false, f->cell, f->wall);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
        for (size_t k = 0; same && k < n; k++) {
            /* Keys fill the strip from the right, as the puzzles of a
             * full page would. */
            unsigned col =
                strip_columns(f) - (lone ? per - at : (unsigned)(n - k));
            struct maze__slot *s = &sh->slots[(*slot)++];
            int rc = place(sh, s, &sh->puzzles[i + k], strip_box(f, col), true,
                           0, 0);
            /* A key held to the answer section's floor. */
            if (rc == MAZE_OK &&
                s->cell < key_floor(sh->slots[first + k].cell) * (1 - 1e-9)) {
                rc = MAZE_ERR_RANGE;
            }
            if (rc != MAZE_OK) {
                return rc;
            }
            s->rotated = sh->so.keys_upside_down;
        }
        pg->count = *slot - pg->first;
        pg->strip_y = same ? f->strip.y : 0;
    }
    return MAZE_OK;
}

/* The answer-key pages. */
static int
plan_keys(struct maze__sheet *sh, const struct maze__sheet_frame *f,
          unsigned per, size_t *page, size_t *slot)
{
    for (size_t i = 0; i < sh->count; i += per) {
        size_t n = sh->count - i < per ? sh->count - i : per;
        struct maze__sheet_page *pg = &sh->pages[(*page)++];
        *pg = (struct maze__sheet_page){.first = *slot, .keys = true};
        for (size_t k = 0; k < n; k++) {
            int rc =
                place(sh, &sh->slots[(*slot)++], &sh->puzzles[i + k],
                      maze__sheet_slot_box(f->keys, per, f->wide, (unsigned)k),
                      true, 0, 0);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
        pg->count = n;
    }
    return MAZE_OK;
}

int
maze__sheet_plan(const struct maze_puzzle *puzzles, size_t count,
                 const struct maze_export_options *opt,
                 const struct maze_sheet_options *so, bool raster,
                 struct maze__sheet *out)
{
    *out = (struct maze__sheet){.puzzles = puzzles, .count = count};
    struct maze__sheet_frame f;
    int rc = check_puzzles(puzzles, count, so);
    if (rc == MAZE_OK) {
        rc = maze__sheet_frame_plan(opt, so, raster, count, out, &f);
    }
    if (rc != MAZE_OK) {
        maze__sheet_finish(out);
        return rc;
    }
    out->width = f.width;
    out->height = f.height;
    out->margin = f.margin;
    out->gutter = f.gutter;
    out->bleed = f.bleed;
    enum maze_answers answers = out->so.answers;
    bool puzzles_drawn = answers != MAZE_ANSWERS_ONLY;
    bool key_pages =
        answers == MAZE_ANSWERS_END || answers == MAZE_ANSWERS_ONLY;
    unsigned per_key = key_pages ? keys_per_page(&f, puzzles, count) : 1;
    size_t pages = (puzzles_drawn ? (count + f.per_page - 1) / f.per_page : 0) +
                   (key_pages ? (count + per_key - 1) / per_key : 0);
    size_t slots = (puzzles_drawn ? count : 0) +
                   (answers != MAZE_ANSWERS_NONE ? count : 0);
    out->pages = maze__alloc_array(pages, sizeof(*out->pages), true);
    out->slots = maze__alloc_array(slots, sizeof(*out->slots), true);
    if (out->pages == NULL || out->slots == NULL) {
        maze__sheet_finish(out);
        return MAZE_ERR_NOMEM;
    }
    size_t page = 0, slot = 0;
    if (puzzles_drawn) {
        rc = plan_puzzles(out, &f, &page, &slot);
    }
    if (rc == MAZE_OK && key_pages) {
        rc = plan_keys(out, &f, per_key, &page, &slot);
    }
    if (rc != MAZE_OK) {
        maze__sheet_finish(out);
        return rc;
    }
    out->page_count = page;
    out->slot_count = slot;
    return MAZE_OK;
}

int
maze__sheet_page_pick(const struct maze__sheet *sheet, size_t *page)
{
    size_t want = sheet->so.page, pages = sheet->page_count;
    if (want == 0 && pages != 1) {
        return maze__fail(MAZE_ERR_RANGE,
                          "the sheet has %zu pages, and this format draws "
                          "one: ask for one of them (sheet page)",
                          pages);
    }
    if (want > pages) {
        return maze__fail(MAZE_ERR_RANGE,
                          "sheet page %zu: the document has %zu page%s", want,
                          pages, pages == 1 ? "" : "s");
    }
    *page = want == 0 ? 0 : want - 1;
    return MAZE_OK;
}

int
maze__sheet_plan_maze(const struct maze *maze,
                      const struct maze_export_options *opt, bool raster,
                      struct maze_puzzle *puzzle, struct maze__sheet *out)
{
    *puzzle = (struct maze_puzzle){.maze = maze, .solution = opt->solution};
    int rc = maze__sheet_plan(puzzle, 1, opt, opt->sheet, raster, out);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* A single maze shows what it is given: its solution, if any, is drawn
     * on the puzzle itself. */
    out->slots[0].solved = opt->solution != NULL;
    return MAZE_OK;
}

void
maze__sheet_finish(struct maze__sheet *sheet)
{
    free(sheet->text);
    free(sheet->heading);
    free(sheet->pages);
    free(sheet->slots);
    maze__type_destroy(sheet->type);
    sheet->type = NULL;
    sheet->text = NULL;
    sheet->heading = NULL;
    sheet->pages = NULL;
    sheet->slots = NULL;
}

/* The maze area of a puzzle slot of the sheet the options describe. */
static int
puzzle_area(const struct maze_export_options *opt,
            const struct maze_sheet_options *sheet, struct maze__box *area)
{
    struct maze__sheet sh = {0};
    struct maze__sheet_frame f;
    int rc = maze__sheet_frame_plan(opt, sheet, false, 1, &sh, &f);
    maze__sheet_finish(&sh);
    if (rc == MAZE_OK) {
        *area = maze__sheet_maze_area(
            maze__sheet_slot_box(f.puzzles, f.per_page, f.wide, 0), false);
    }
    return rc;
}

int
maze_sheet_fit(const struct maze_export_options *opt,
               const struct maze_sheet_options *sheet, double width,
               double height, double *cell_pt)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, &sheet);
    if (taken != MAZE_OK) {
        return taken;
    }
    if (cell_pt == NULL || !(width > 0 && height > 0)) {
        return MAZE_ERR_INVALID;
    }
    struct maze__box area;
    int rc = puzzle_area(opt, sheet, &area);
    if (rc != MAZE_OK) {
        return rc;
    }
    *cell_pt = maze__sheet_fit_cell(area, width, height, false);
    return *cell_pt >= MIN_CELL_PT ? MAZE_OK : MAZE_ERR_RANGE;
}

int
maze_sheet_key_fit(const struct maze_export_options *opt,
                   const struct maze_sheet_options *sheet, double width,
                   double height, double cell_pt, double *key_pt,
                   double *floor_pt)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, &sheet);
    if (taken != MAZE_OK) {
        return taken;
    }
    if (key_pt == NULL || floor_pt == NULL || sheet == NULL ||
        sheet->answers != MAZE_ANSWERS_SAME_PAGE || !(width > 0) ||
        !(height > 0) || !(cell_pt > 0) || !isfinite(cell_pt)) {
        return MAZE_ERR_INVALID;
    }
    struct maze__sheet sh = {0};
    struct maze__sheet_frame f;
    int rc = maze__sheet_frame_plan(opt, sheet, false, 1, &sh, &f);
    maze__sheet_finish(&sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    *key_pt = maze__sheet_fit_cell(
        maze__sheet_maze_area(strip_box(&f, 0), true), width, height, true);
    *floor_pt = key_floor(cell_pt);
    return *key_pt >= *floor_pt * (1 - 1e-9) ? MAZE_OK : MAZE_ERR_RANGE;
}

int
maze_sheet_capacity(const struct maze_export_options *opt,
                    const struct maze_sheet_options *sheet, double cell_pt,
                    uint32_t *width, uint32_t *height)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, &sheet);
    if (taken != MAZE_OK) {
        return taken;
    }
    if (width == NULL || height == NULL || !(cell_pt >= MIN_CELL_PT) ||
        !isfinite(cell_pt)) {
        return MAZE_ERR_INVALID;
    }
    struct maze__box area;
    int rc = puzzle_area(opt, sheet, &area);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* The tolerance lets a size that fits exactly count as fitting. */
    double room = 2 * maze__sheet_room(cell_pt, false);
    double w = floor((area.w - room) / cell_pt * (1 + 1e-9));
    double h = floor((area.h - room) / cell_pt * (1 + 1e-9));
    if (w < 1 || h < 1) {
        return MAZE_ERR_RANGE;
    }
    *width = w > MAZE_MAX_CELLS ? MAZE_MAX_CELLS : (uint32_t)w;
    *height = h > MAZE_MAX_CELLS ? MAZE_MAX_CELLS : (uint32_t)h;
    return MAZE_OK;
}

/* A slot of each kind the options make, with the widest label a book of
 * count puzzles has, fitted as planning would. */
static int
check_slots(struct maze__sheet *sh, const struct maze__sheet_frame *f,
            size_t count, const char *footer)
{
    struct maze_puzzle p = {.number = (unsigned)count};
    struct maze__slot s = {
        .puzzle = &p,
        .box = maze__sheet_slot_box(f->puzzles, f->per_page, f->wide, 0),
    };
    int rc = maze__sheet_fit_slot_text(sh, &s, footer);
    if (rc == MAZE_OK && sh->so.answers != MAZE_ANSWERS_NONE) {
        /* The narrowest key slot: a same-page key's column of the strip
         * or, on answer pages, six a page. */
        s.key = true;
        s.box = sh->so.answers == MAZE_ANSWERS_SAME_PAGE
                    ? strip_box(f, 0)
                    : maze__sheet_slot_box(f->keys, 6, f->wide, 0);
        rc = maze__sheet_fit_slot_text(sh, &s, NULL);
    }
    return rc;
}

/* The characters of the title (with its answers heading) or of the
 * instructions that fit, when they are what failed. */
static size_t
fitting_chars(struct maze__sheet *sh, double width)
{
    if (sh->failed == MAZE_SHEET_TEXT_INSTRUCTIONS) {
        return maze__text_fits_chars(sh->type, sh->text, "",
                                     &maze__sheet_text_rule, width);
    }
    if (sh->failed != MAZE_SHEET_TEXT_TITLE &&
        sh->failed != MAZE_SHEET_TEXT_HEADING) {
        return 0;
    }
    const struct maze__text_rule *r = &maze__sheet_title_rule;
    size_t n = maze__text_fits_chars(sh->type, sh->title, "", r, width);
    if (sh->so.answers == MAZE_ANSWERS_END ||
        sh->so.answers == MAZE_ANSWERS_ONLY) {
        /* The heading's words after the title. */
        char heading[320];
        maze__sheet_answers_heading(sh, "", heading, sizeof(heading));
        char suffix[400];
        snprintf(suffix, sizeof(suffix), MAZE__SHEET_DASH "%s", heading);
        size_t h = maze__text_fits_chars(sh->type, sh->title, suffix, r, width);
        n = h < n ? h : n;
    }
    return n;
}

int
maze_sheet_text_check(const struct maze_export_options *opt,
                      const struct maze_sheet_options *sheet, size_t count,
                      const char *footer, enum maze_sheet_text *what,
                      size_t *fits)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, &sheet);
    if (taken != MAZE_OK) {
        return taken;
    }
    if (what == NULL || count == 0) {
        return MAZE_ERR_INVALID;
    }
    *what = MAZE_SHEET_TEXT_FITS;
    if (fits != NULL) {
        *fits = 0;
    }
    struct maze__sheet sh = {0};
    struct maze__sheet_frame f = {0};
    int rc = maze__sheet_frame_plan(opt, sheet, false, count, &sh, &f);
    if (rc == MAZE_OK) {
        rc = check_slots(&sh, &f, count, footer);
    }
    if (rc == MAZE_ERR_INVALID && sh.failed != MAZE_SHEET_TEXT_FITS) {
        *what = sh.failed; /* a character in no font */
    }
    if (rc == MAZE_ERR_RANGE && sh.failed != MAZE_SHEET_TEXT_FITS) {
        *what = sh.failed;
        if (fits != NULL) {
            *fits = fitting_chars(&sh, f.width - 2 * f.margin);
        }
    }
    maze__sheet_finish(&sh);
    return rc;
}
