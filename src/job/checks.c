/* SPDX-License-Identifier: MIT */
/*
 * Checks that need every option at once: sizes against endpoints, which
 * catalogue options go together, and where the maze may be written. They
 * run before anything is generated, so a bad combination never leaves a
 * file behind.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "job/checks.h"
#include "core/status_impl.h"
#include "job/watch.h"

#include "job/console.h"
#include "job/difficulty.h"
#include "job/grid.h"
#include "job/load.h"
#include "job/sheets.h"
#include "job/stream.h"
#include "job/styles.h"
#include "export/common.h"
#include <mazegen/version.h>

/* Catalogue options that only make sense together, or not at all. */
static bool
check_catalogue(const struct maze_job *opt)
{
    const char *alg = maze__job_algorithm(opt);
    const char *why = NULL;
    if (opt->difficulty && opt->difficulty->algorithm && opt->algorithm) {
        why = "--difficulty: picks the algorithm itself; expected no "
              "-a/--algorithm";
    } else if (opt->difficulty && opt->difficulty->algorithm &&
               opt->braid_set) {
        why = "--braid: --difficulty sets its own braiding; expected no "
              "--braid";
    } else if (opt->growing_set && strcmp(alg, "growing-tree") != 0) {
        why = "--growing: applies only to -a growing-tree";
    } else if (opt->rooms_set && strcmp(alg, "division") != 0) {
        why = "--rooms: applies only to -a division";
    } else if (opt->unicursal && opt->braid_set) {
        why = "--unicursal: a unicursal maze has no dead ends to braid; "
              "expected no --braid";
    } else if (opt->unicursal && opt->difficulty) {
        why = "--unicursal: cannot be combined with --difficulty";
    } else if (opt->unicursal && opt->rooms > 1) {
        why = "--unicursal: needs a perfect maze; expected no --rooms";
    } else if (opt->unicursal && opt->openings_set) {
        why = "--openings: --unicursal places start and finish itself; "
              "expected no --openings";
    } else if (opt->start.set && opt->finish.set &&
               opt->start.count == opt->finish.count &&
               memcmp(opt->start.v, opt->finish.v,
                      opt->start.count * sizeof(opt->start.v[0])) == 0) {
        why = "--finish: is the --start cell; expected a different cell";
    } else if (opt->unicursal && (opt->start.set || opt->finish.set)) {
        why = "--unicursal: places start and finish itself; expected no "
              "--start or --finish";
    } else if (opt->unicursal &&
               (uint64_t)opt->width * opt->height * 4 > MAZE_MAX_CELLS) {
        why = "--unicursal: the doubled grid would exceed 2147483647 cells; "
              "expected a smaller -W/--width or -H/--height";
    }
    if (why != NULL) {
        maze__job_usage_error("%s", why);
        return false;
    }
    return true;
}

/* side^levels, or 0 past JOB_MAX_SIDE. */
static uint32_t
power(uint32_t side, uint32_t levels)
{
    uint64_t p = 1;
    for (uint32_t i = 0; i < levels; i++) {
        p *= side;
        if (p > JOB_MAX_SIDE) {
            return 0;
        }
    }
    return (uint32_t)p;
}

/* Whether levels of a w x h nesting fit the side and cell limits. */
static bool
nest_fits(uint32_t w, uint32_t h, uint32_t levels)
{
    uint32_t x = power(w, levels), y = power(h, levels);
    return x != 0 && y != 0 && (uint64_t)x * y <= MAZE_MAX_CELLS;
}

/*
 * --fractal K: a whole rectangle, a perfect maze, and X^K x Y^K cells
 * within the limits, checked before any work; then the sizes become the
 * whole maze's, so every later check (memory, paper) sees the real maze.
 */
static bool
check_fractal(struct maze_job *opt)
{
    if (!opt->fractal_set || opt->load != NULL) {
        return true;
    }
    const char *why = NULL;
    if (!maze__job_whole_rect(opt)) {
        why = "--fractal: nests rectangles only; expected --grid rect "
              "without --mask";
    } else if (opt->fractal < 2) {
        return true;
    } else if (opt->braid_set || opt->unicursal || opt->rooms > 1) {
        why = "--fractal: makes one perfect maze; expected no --braid, "
              "--unicursal or --rooms";
    } else if (opt->difficulty != NULL) {
        why = "--fractal: cannot be combined with --difficulty";
    }
    if (why != NULL) {
        maze__job_usage_error("%s", why);
        return false;
    }
    uint32_t w = opt->width, h = opt->height;
    if (!nest_fits(w, h, opt->fractal)) {
        uint32_t most = 1;
        while (most < JOB_MAX_FRACTAL && nest_fits(w, h, most + 1)) {
            most++;
        }
        maze__job_usage_error(
            "--fractal: %u levels of %ux%u exceed %u cells a "
            "side or %u cells in all; expected --fractal %u or "
            "less",
            (unsigned)opt->fractal, w, h, JOB_MAX_SIDE, MAZE_MAX_CELLS,
            (unsigned)most);
        return false;
    }
    opt->fractal_x = w;
    opt->fractal_y = h;
    opt->width = power(w, opt->fractal);
    opt->height = power(h, opt->fractal);
    return true;
}

/* Whether path means standard output. */
static bool
is_stdout(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0;
}

/* Why path cannot be written, or NULL: every problem of the path is found
 * here, before any work, and is a usage error. */
static const char *
output_check(const char *path)
{
    if (is_stdout(path) || maze_file_check(path) == MAZE_OK) {
        return NULL;
    }
    const char *why = maze_error_detail();
    return why[0] != '\0' ? why : maze_strerror(MAZE_ERR_NOMEM);
}

/* The output files can be created, and are two different files. */
static bool
check_files(const struct maze_job *opt)
{
    if (opt->no_files) {
        return true; /* the program writes through sinks of its own */
    }
    const char *files[2] = {opt->output, opt->answer_key};
    const char *flags[2] = {"-o/--output", "--answer-key"};
    for (int i = 0; i < 2; i++) {
        const char *why = files[i] ? output_check(files[i]) : NULL;
        if (why != NULL) {
            maze__job_usage_error("%s: cannot write '%s': %s", flags[i],
                                  files[i], why);
            return false;
        }
    }
    if (opt->answer_key && maze_file_same(opt->output, opt->answer_key)) {
        maze__job_usage_error(
            "--answer-key: '%s' is also the -o/--output file; "
            "expected a different file",
            opt->answer_key);
        return false;
    }
    return true;
}

/*
 * Whether path is an existing device or pipe (/dev/stdout, /dev/full, a
 * FIFO): it has no extension to go by, so it takes the default format, as
 * standard output does.
 */
static bool
is_stream(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 &&
           (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

/*
 * Whether path's extension, when it names a format, agrees with the -t
 * format (-t sheet writes PDF); an extension that names no format, or a
 * device, says nothing. Two text formats agree: -t blocks -o level.txt
 * is a block map in a text file, as asked.
 */
static bool
extension_fits(const struct maze_job *opt, const char *path, const char *option)
{
    if (path == NULL || strcmp(path, "-") == 0 ||
        (!opt->no_files && is_stream(path))) {
        return true;
    }
    const struct maze_format_info *f = maze_format_for_path(path);
    if (f == NULL || strcmp(f->name, opt->format) == 0) {
        return true;
    }
    if (strcmp(opt->format, "sheet") == 0 && strcmp(f->name, "pdf") == 0) {
        return true;
    }
    /* The extension the -t format writes (a sheet is PDF). */
    const struct maze_format_info *want = maze_format_find(opt->format);
    if (want != NULL && (want->flags & f->flags & MAZE_FORMAT_TEXT) != 0) {
        return true;
    }
    const char *ext = want && want->extensions[0] ? want->extensions[0] : "pdf";
    maze__job_usage_error(
        "-t/--format: %s contradicts %s '%s', whose extension "
        "means %s; expected -t %s, a name ending in .%s, or no -t",
        opt->format, option, path, f->name, f->name, ext);
    return false;
}

/* -t given: the output files' extensions may not name another format. */
static bool
check_extensions(const struct maze_job *opt)
{
    return extension_fits(opt, opt->output, "-o/--output") &&
           extension_fits(opt, opt->answer_key, "--answer-key");
}

/* Where the maze goes: the format, the files, and what may share stdout. */
static bool
check_outputs(struct maze_job *opt)
{
    bool to_stdout = opt->output == NULL || strcmp(opt->output, "-") == 0;
    if (opt->format && strcmp(opt->format, JOB_FORMAT_NONE) == 0) {
        if (opt->output || opt->answer_key) {
            maze__job_usage_error(
                "-t/--format: none writes no maze; expected no "
                "-o/--output or --answer-key");
            return false;
        }
        return true;
    }
    if (opt->stats == JOB_STATS_JSON && to_stdout) {
        maze__job_usage_error(
            "--stats=json: writes to standard output; expected "
            "-o FILE for the maze, or -t none");
        return false;
    }
    if (opt->format == NULL) {
        const struct maze_format_info *f =
            to_stdout ? NULL : maze_format_for_path(opt->output);
        if (!to_stdout && f == NULL &&
            (opt->no_files || !is_stream(opt->output))) {
            char exts[128] = "";
            for (size_t i = 0; i < maze_format_count(); i++) {
                const char *const *x = maze_format_at(i)->extensions;
                for (; *x; x++) {
                    size_t n = strlen(exts);
                    snprintf(exts + n, sizeof(exts) - n, "%s.%s", n ? " " : "",
                             *x);
                }
            }
            maze__job_usage_error(
                "-o/--output: cannot tell the format of '%s' from "
                "its extension; expected one of %s, or "
                "-t/--format",
                opt->output, exts);
            return false;
        }
        opt->format = f ? f->name : opt->sheet.on ? "sheet" : "text";
    } else if (!check_extensions(opt)) {
        return false;
    }
    if (!check_files(opt)) {
        return false;
    }
    return true;
}

/*
 * Walls that print and passages that stay open, for a lone maze drawn
 * (sheets check theirs against the cell they fit): a wall at least
 * MAZE_MIN_WALL_PT, and passages at least MAZE_MIN_PASSAGE_SHARE of the
 * cell. Lengths as the format draws them: points for svg and pdf, whole
 * pixels at the dpi for png.
 */
static bool
check_walls(const struct maze_job *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    if (opt->sheet.on || opt->wall_width.len.value <= 0 || fi == NULL ||
        (fi->reads & MAZE_READS_WALL_WIDTH) == 0) {
        return true;
    }
    /* Pixels at the dpi for a raster format, points otherwise. */
    bool png = fi->unit == MAZE_UNIT_PX;
    struct maze_export_options e = maze__job_export_options(opt);
    unsigned dpi = png ? (opt->dpi ? opt->dpi : fi->dpi) : 96;
    double per_in = png ? dpi : 72; /* device units: px or pt */
    double cell = e.cell_size.value > 0
                      ? maze__length_in(e.cell_size, dpi) * per_in
                      : fi->cell_size.value;
    double wall = maze__length_in(e.wall_width, dpi) * per_in;
    if (png) {
        cell = floor(cell + 0.5);
        wall = floor(wall + 0.5);
    }
    const char *unit = png ? "px" : "pt";
    double wall_pt = wall * 72 / per_in;
    if (wall_pt < MAZE_MIN_WALL_PT - 1e-9) {
        maze__job_usage_error(
            "--wall-width: a wall of %.3gpt is thinner than the "
            "%.2gpt that prints; expected --wall-width %.2gpt "
            "or thicker%s",
            wall_pt, MAZE_MIN_WALL_PT, MAZE_MIN_WALL_PT,
            png ? " (or a lower --dpi)" : "");
        return false;
    }
    double most = cell * (1 - MAZE_MIN_PASSAGE_SHARE);
    if (wall > most + 1e-9) {
        maze__job_usage_error(
            "--wall-width: walls of %g%s leave passages narrower "
            "than %g%% of the %g%s cell; expected --wall-width "
            "%g%s or thinner, or a larger -c/--cell-size",
            wall, unit, MAZE_MIN_PASSAGE_SHARE * 100, cell, unit,
            png ? floor(most) : floor(most * 1000) / 1000, unit);
        return false;
    }
    return true;
}

/*
 * The most pixels a PNG may have: 2^40, some 10^12. The largest streamed
 * maze, 10^10 cells at 2 px, has 4 x 10^10; past this a run would write
 * for hours (a 3000x3000 maze at 100000 px cells is 9 x 10^16 pixels).
 */
#define MAX_PNG_PIXELS ((uint64_t)1 << 40)

/* The PNG of grid (NULL: a width x height rectangle) drawn with e, in
 * pixels, with cells of cell_px pixels when positive: MAZE_OK, or
 * MAZE_ERR_RANGE. */
static int
png_size(const struct maze_grid *g, uint32_t width, uint32_t height,
         struct maze_export_options e, double cell_px, uint64_t *w, uint64_t *h)
{
    if (cell_px > 0) {
        e.cell_size = (struct maze_length){cell_px, MAZE_UNIT_PX};
    }
    int rc = maze_png_size(g, width, height, &e, w, h);
    if (rc == MAZE_OK && *w * *h > MAX_PNG_PIXELS) {
        rc = MAZE_ERR_RANGE;
    }
    return rc;
}

/* Whether the PNG of grid (NULL: a width x height rectangle) drawn with e
 * holds its walls and stays within bounds; when not, the usage error
 * names the cell size that works. */
static bool
png_fits(const struct maze_grid *g, uint32_t width, uint32_t height,
         const struct maze_export_options *e)
{
    uint64_t w, h;
    int rc = png_size(g, width, height, *e, 0, &w, &h);
    if (rc == MAZE_OK || rc == MAZE_ERR_UNSUPPORTED) {
        return true; /* unsupported: a core build; the export says so */
    }
    /* A cell too small for its walls fails at any size; else the image
     * is too large: the largest cell that fits, in pixels. */
    uint64_t least = 0, most = 0;
    for (uint64_t c = 1; c <= 64 && least == 0; c++) {
        least = png_size(NULL, 1, 1, *e, (double)c, &w, &h) == MAZE_OK ? c : 0;
    }
    bool small = png_size(NULL, 1, 1, *e, 0, &w, &h) != MAZE_OK;
    for (uint64_t lo = least, hi = 1000000; !small && lo <= hi && lo;) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (png_size(g, width, height, *e, (double)mid, &w, &h) == MAZE_OK) {
            most = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    if (small) {
        maze__job_usage_error("-c/--cell-size: a PNG cell of this size leaves "
                              "no passage between its walls; expected -c "
                              "%" PRIu64 "px or more (or a thinner "
                              "--wall-width)",
                              least);
    } else if (most > 0) {
        maze__job_usage_error("-c/--cell-size: the PNG would be past the "
                              "largest image mazegen writes (2^31 pixels a "
                              "side, 2^40 in all, 32767 wide for other kinds "
                              "than rectangles); expected -c %" PRIu64
                              "px or less, or a smaller maze",
                              most);
    } else {
        maze__job_usage_error("-W/--width x -H/--height: the PNG would be past "
                              "the largest image mazegen writes even with the "
                              "smallest cells; expected a smaller maze");
    }
    return false;
}

/* The formats whose size png_fits() bounds: raster images. */
static bool
is_png(const char *format)
{
    const struct maze_format_info *fi = maze_format_find(format);
    return fi != NULL && (fi->flags & MAZE_FORMAT_RASTER) != 0;
}

/* A PNG's cells hold their walls and its image stays within bounds, both
 * known from the options alone: refused before any maze is made, naming
 * the cell size that works. */
static bool
check_png(const struct maze_job *opt)
{
    if (!is_png(opt->format) || opt->sheet.on || opt->load) {
        return true;
    }
    struct maze_grid *g = NULL;
    if (!maze__job_whole_rect(opt) && !opt->stream &&
        maze__job_grid_create(opt, &g) != MAZE_OK) {
        return true; /* the grid's own check says why */
    }
    struct maze_export_options e = maze__job_export_options(opt);
    bool ok = png_fits(g, opt->width, opt->height, &e);
    maze_grid_destroy(g);
    return ok;
}

int
maze_job_check_export(const struct maze *maze, const char *format,
                      const struct maze_export_options *opt)
{
    maze__detail_clear();
    if (maze == NULL || format == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (!is_png(format)) {
        return MAZE_OK;
    }
    /* The caller's struct may be older (smaller) than ours. */
    struct maze_export_options e = MAZE_EXPORT_OPTIONS_INIT;
    if (opt != NULL) {
        size_t n = opt->struct_size < sizeof(e) ? opt->struct_size : sizeof(e);
        memcpy(&e, opt, n);
        e.struct_size = sizeof(e);
    }
    const struct maze_grid *g = maze_grid(maze);
    return png_fits(g, 0, 0, &e) ? MAZE_OK : maze__job_last_status();
}

/* Text draws whole rectangles and 3D mazes only. */
static bool
check_text(const struct maze_job *opt)
{
    if (strcmp(opt->format, "text") != 0 || maze__job_whole_rect(opt) ||
        opt->load != NULL ||
        (opt->mask_path == NULL && strcmp(opt->kind->name, "3d") == 0)) {
        return true;
    }
    maze__job_usage_error(
        "-t/--format: text draws only whole rectangles and 3d "
        "mazes, not %s; "
        "expected -o FILE ending .svg, .pdf, .png or .json (or "
        "-t svg, pdf, png or json for standard output)",
        opt->mask_path ? "a masked grid" : opt->kind->name);
    return false;
}

/*
 * A core build (-Ddrawing=disabled, MAZE_HAS_DRAWING 0) has no cairo or
 * Pango, and its formats say what that leaves them (their draws bits):
 * no PDF, no sheet, PNG of whole rectangles only. Asking for more is a
 * request this build cannot do, refused like any other before a maze is
 * made (the library would refuse it too, with MAZE_ERR_UNSUPPORTED, once
 * the maze was made).
 */
#if !MAZE_HAS_DRAWING
#define NO_DRAWING                                                             \
    "needs a build with drawing (cairo and Pango), and this one has none "     \
    "(-Ddrawing=disabled)"

/* The drawing formats (raster or vector) with all of the draws bits that
 * draw kind (NULL: any), "a or b", into buf. */
static const char *
drawers(unsigned draws, const struct maze_grid_kind *kind, bool masked,
        char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < maze_format_count() && used < size; i++) {
        const struct maze_format_info *f = maze_format_at(i);
        if ((f->flags & (MAZE_FORMAT_RASTER | MAZE_FORMAT_VECTOR)) == 0 ||
            (f->draws & draws) != draws ||
            (kind != NULL && !maze_format_supports(f, kind, masked))) {
            continue;
        }
        int w = snprintf(buf + used, size - used, "%s%s", used ? " or " : "",
                         f->name);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}
#endif

static bool
check_drawing(const struct maze_job *opt)
{
#if MAZE_HAS_DRAWING
    (void)opt;
    return true;
#else
    char others[128];
    /* A book is planned on paper, whatever it is written as (-t none
     * included): sheets are Pango's. */
    if (opt->sheet.on && drawers(MAZE_DRAWS_SHEET, NULL, false, others,
                                 sizeof(others))[0] == '\0') {
        maze__job_usage_error("%s: a puzzle sheet or book " NO_DRAWING
                              "; expected no %s",
                              opt->sheet.why, opt->sheet.why);
        return false;
    }
    const struct maze_format_info *fi = maze_format_find(opt->format);
    /* Text and data formats draw the same in every build. */
    if (fi == NULL ||
        (fi->flags & (MAZE_FORMAT_RASTER | MAZE_FORMAT_VECTOR)) == 0) {
        return true;
    }
    if (fi->draws == 0) {
        maze__job_usage_error(
            "-t/--format: %s " NO_DRAWING "; expected -t %s", fi->name,
            drawers(MAZE_DRAWS_LONE, NULL, false, others, sizeof(others)));
        return false;
    }
    if (opt->load != NULL) {
        return true; /* the kind is the file's: the library says */
    }
    const struct maze_grid_kind *kind = maze__job_grid_kind(opt);
    bool masked = opt->mask_path != NULL;
    if (!maze_format_supports(fi, kind, masked)) {
        maze__job_usage_error(
            "-t/--format: %s of a %s grid " NO_DRAWING "; expected -t %s",
            fi->name, masked ? "masked" : kind->name,
            drawers(MAZE_DRAWS_LONE, kind, masked, others, sizeof(others)));
        return false;
    }
    /* The row rasteriser draws walls of one width: a fractal maze's
     * heavier ones are cairo's. */
    if (opt->fractal_set && (fi->flags & MAZE_FORMAT_RASTER) != 0) {
        maze__job_usage_error("--fractal: %s of its heavier walls " NO_DRAWING
                              "; expected -t %s",
                              fi->name,
                              drawers(MAZE_DRAWS_LONE | MAZE_DRAWS_ANY_GRID,
                                      NULL, false, others, sizeof(others)));
        return false;
    }
    return true;
#endif
}

/* The SVG options shape SVG alone. */
static bool
check_svg(const struct maze_job *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    if (opt->svg_why == NULL || (fi && (fi->reads & MAZE_READS_SVG))) {
        return true;
    }
    maze__job_usage_error("%s: applies to svg only, not %s; expected -o FILE "
                          "ending .svg or -t svg",
                          opt->svg_why, opt->format);
    return false;
}

bool
maze__job_check_options(struct maze_job *opt)
{
    return maze__job_check_interactive(opt) && maze__job_check_load(opt) &&
           maze__job_check_grid(opt) && check_fractal(opt) &&
           check_catalogue(opt) && maze__job_check_play(opt) &&
           check_outputs(opt) && check_drawing(opt) && check_text(opt) &&
           check_svg(opt) && check_walls(opt) && check_png(opt) &&
           maze__job_check_sheet(opt) && maze__job_check_styles(opt) &&
           maze__job_check_stream(opt) && maze__job_check_watch(opt);
}
