/* SPDX-License-Identifier: MIT */
/*
 * The memory estimate (estimate.h). A run goes through phases that free
 * what the one before allocated, so its peak is the largest phase plus
 * what lives through all of them (the maze, the solution path). The
 * library estimates the carve (maze_generate_estimate()); the rest is
 * counted here from what each step allocates, per cell:
 *
 *   solving (--solution, --answer-key): on a perfect maze a walk whose
 *     stack holds up to a byte, on one with loops (--braid, --rooms) a
 *     breadth-first search of up to 4.25, then a path of up to 4;
 *     measuring (--stats, --difficulty): the metrics' own breadth-first
 *     search, 8;
 *   braid: a list of dead ends, up to 4; unicursal: a maze on four times
 *     the cells, a copy of the original, and a queue (or a union-find)
 *     of 4;
 *   text, json, blocks and a rectangle's png: a byte per cell of path
 *     bits when a solution is drawn, else a few rows;
 *   svg, pdf and sheets: the layout's wall runs and what cairo builds
 *     from them (an svg surface keeps the page's text, a pdf surface
 *     records every stroke), per wall drawn;
 *   png of any other kind: cairo strokes one band of a megabyte of
 *     pixels at a time, and holds a few kilobytes per wall in the band.
 *
 * How many walls a cell draws comes from the kind's own geometry (its
 * sides, which of them its neighbours share, whether passages tunnel), a
 * sample of cells of the grid being measured, never from its name. The
 * bytes per wall were measured (docs/performance.md) and rounded up.
 *
 * A png also holds its deflater's blocks, libdeflate's and zlib's state:
 * the format's per_thread, 2 MiB a thread (-j).
 *
 * A streamed run holds a few rows at a time. What is available is the
 * smallest of the system's available memory and swap, the address-space
 * and data limits, the cgroup's limit, and --max-memory.
 */
#include "job/estimate.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "job/difficulty.h"
#include "job/grid.h"
#include "job/stream.h"

/* The program itself, its libraries and buffers (about 7.5 MB measured),
 * and with Pango and fontconfig loaded for a sheet's text (about 13). */
#define BASE ((uint64_t)9 << 20)
#define SHEET_BASE ((uint64_t)16 << 20)
/* Bytes per wall of a layout built by the generic path (any kind but a
 * whole rectangle), by format; a sheet's pdf is drawn like pdf. */
#define SVG_PER_WALL 230
#define PDF_PER_WALL 800
/* A whole rectangle's layout merges walls along its lattice lines. */
#define RECT_SVG_PER_CELL 60
#define RECT_PDF_PER_CELL 130
/* What cairo holds per wall of one png band (an arc, flattened, about
 * twice as much), and the band's pixels
 * (maze__png_band_bytes). */
#define PNG_PER_WALL 2300
#define PNG_BAND_BYTES ((double)(1 << 20))

static uint64_t
max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* A length in pixels at the run's dpi (10, the PNG default, for none). */
static double
pixels(const struct maze__job_length *l, unsigned dpi)
{
    double v = l->len.value, d = dpi ? dpi : 96;
    if (!(v > 0)) {
        return 10;
    }
    switch (l->bare ? MAZE_UNIT_PX : l->len.unit) {
    case MAZE_UNIT_PT:
        return v * d / 72;
    case MAZE_UNIT_MM:
        return v * d / 25.4;
    case MAZE_UNIT_IN:
        return v * d;
    case MAZE_UNIT_PX:
    default:
        return v;
    }
}

/* What a streamed run holds: a few rows of passage bits, the carver's
 * state (Eller's is the largest, 9 bytes a column), the exporter's window
 * and two rows of text or of 1-bit pixels (a row, and its copy with an
 * arrow painted on), with the margin for the arrows: 24pt each side at
 * most, plus their coverage, 4 bytes a pixel of an arrow's width (24pt
 * at most). */
static uint64_t
stream_estimate(const struct maze_job *opt)
{
    uint64_t w = opt->width;
    double dpi = opt->dpi ? opt->dpi : 96;
    double px = pixels(&opt->cell_size, opt->dpi) + 1;
    double arrow = 24 * dpi / 72;
    double row = px < 1e9 ? (px * (double)w + 2 * (px + arrow)) / 8 : 1e18;
    return BASE + 64 * w + 2 * (uint64_t)row + 4 * (uint64_t)arrow;
}

/* What drawing a grid kind costs: walls drawn per cell, and the maze's
 * extent in grid units. */
struct shape {
    double walls;     /* in svg and pdf: both sides of a tunnel's corridor */
    double png_walls; /* in a png band: cairo strokes a corridor as one */
    double curved;    /* the share of sides that are arcs */
    double straight;  /* the share along the axes, which cairo merges */
    double width, height;
    bool sorted; /* cells come top to bottom (a png band's window) */
};

/* The shape of the run's grid, from a sample of its cells: a side on the
 * boundary, or one a cell draws apart from its neighbour's (an edge with
 * a conflicting partner: zeta's diagonals), is a wall of its own; a shared
 * side is half of one; a perfect maze opens about one per cell. Corridors
 * that tunnel are walled on both sides whether open or not. The grid is
 * made without its mask, which needs no table per cell. */
static struct shape
grid_shape(const struct maze_job *opt)
{
    struct shape s = {1, 1, 0, 1, opt->width, opt->height, true};
    if (maze__job_whole_rect(opt)) {
        return s;
    }
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    struct maze_grid_params p = maze__job_grid_params(opt);
    if (p.mask != NULL) {
        p.size[MAZE_SIZE_WIDTH] = maze_mask_width(p.mask);
        p.size[MAZE_SIZE_HEIGHT] = maze_mask_height(p.mask);
        p.mask = NULL;
    }
    struct maze_grid *g;
    if (k->table_bytes_per_cell > 0 || maze_grid_create(k, &p, &g) != MAZE_OK) {
        s.walls = s.png_walls = 4; /* the most a cell of any kind draws */
        s.straight = 0;
        s.sorted = false;
        return s;
    }
    maze_grid_extent(g, &s.width, &s.height);
    uint32_t cells = maze_grid_cell_count(g);
    uint32_t step = cells > 4096 ? cells / 4096 : 1;
    double sum = 0, shared = 0, arcs = 0, axes = 0, all = 0;
    uint32_t seen = 0;
    double last = -INFINITY;
    for (uint32_t c = 0; c < cells; c += step, seen++) {
        struct maze_side sides[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_cell_sides(g, c, sides);
        double y = maze_grid_cell_center(g, c).y;
        s.sorted = s.sorted && y >= last - 1e-9;
        last = y;
        for (unsigned i = 0; i < n; i++) {
            uint32_t e = sides[i].edge;
            bool apart = e == MAZE_NONE || k->tunnels ||
                         maze_grid_edge_conflict(g, e) != MAZE_NONE;
            const struct maze_side *d = &sides[i];
            bool own =
                e == MAZE_NONE || maze_grid_edge_conflict(g, e) != MAZE_NONE;
            sum += apart ? 1 : 0.5;
            shared += own ? 1 : 0.5;
            arcs += d->shape == MAZE_SIDE_ARC;
            axes += d->shape != MAZE_SIDE_ARC &&
                    (d->a.x == d->b.x || d->a.y == d->b.y);
            all++;
        }
    }
    maze_grid_destroy(g);
    s.walls = seen ? sum / seen : 4;
    s.png_walls = seen ? shared / seen - 1 : 4;
    if (!k->tunnels) {
        s.walls -= 1;
    } else {
        s.png_walls += 1; /* a corridor crossing over draws its own sides */
    }
    s.walls = s.walls < 0.5 ? 0.5 : s.walls;
    s.png_walls = s.png_walls < 0.5 ? 0.5 : s.png_walls;
    s.curved = all > 0 ? arcs / all : 0;
    s.straight = all > 0 ? axes / all : 0;
    return s;
}

/* What writing `cells` cells of the maze in the run's format holds at
 * once, beside the maze and its solution path. */
static uint64_t
draw_estimate(const struct maze_job *opt, uint64_t cells, bool solve)
{
    const char *f = opt->format;
    bool rect = maze__job_whole_rect(opt);
    bool vector =
        opt->sheet.on || strcmp(f, "svg") == 0 || strcmp(f, "pdf") == 0;
    bool band = !rect && strcmp(f, "png") == 0;
    if (!vector && !band) {
        /* text, json, blocks, a rectangle's png: rows, and path bits */
        return solve ? cells : 0;
    }
    if (vector && rect) {
        bool svg = strcmp(f, "svg") == 0;
        return (svg ? RECT_SVG_PER_CELL : RECT_PDF_PER_CELL) * cells;
    }
    struct shape s = grid_shape(opt);
    double walls = s.walls * (double)cells;
    if (vector) {
        bool svg = strcmp(f, "svg") == 0;
        /* pdf records runs, fewer than walls where sides line up or
         * curve as one arc. */
        double b = svg ? SVG_PER_WALL * walls
                       : PDF_PER_WALL * walls *
                             (1 - 0.6 * pow(s.straight, 4) - 0.3 * s.curved);
        return b < 1e18 ? (uint64_t)b : UINT64_MAX / 4;
    }
    /* A band is a megabyte of pixels across the image; it reaches the
     * cells whose walls come within a couple of cells of it. */
    double px = pixels(&opt->cell_size, opt->dpi);
    double wide = s.width * px + 2 * px, high = s.height > 0 ? s.height : 1;
    double rows = PNG_BAND_BYTES / (4 * wide);
    double part = (rows / px + 3) / high;
    part = part < 1 ? part : 1;
    /* Kinds whose cells do not come top to bottom list each band's
     * cells: 4 bytes a cell, some in two bands. Walls along the axes
     * cost cairo less, and their images are drawn once more to count
     * their colours, which the writing then reuses instead of drawing
     * again (png_band.c). */
    double b = PNG_PER_WALL * (1 + s.curved) * (1 - 0.4 * s.straight) *
                   s.png_walls * (double)cells * part +
               (s.sorted ? 0 : 8 * (double)cells);
    return b < 1e18 ? (uint64_t)b : UINT64_MAX / 4;
}

/* The PNG exporter's deflater (png_deflate.c): the format's per_thread
 * (blocks, libdeflate's and zlib's state) a thread; one thread's worth
 * when it starts none. It starts no more threads than the image has
 * blocks: a rectangle's image is sized as the exporter sizes it, any
 * other as RGB cells, a sheet as a letter page. */
static uint64_t
deflate_estimate(const struct maze_job *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    if (fi == NULL || fi->memory.per_thread == 0) {
        return 0;
    }
    double dpi = opt->dpi ? opt->dpi : 96;
    double px = pixels(&opt->cell_size, opt->dpi) + 1;
    double bytes = 3 * px * px * (double)opt->width * opt->height;
    struct maze_export_options e = maze__job_export_options(opt);
    uint64_t pw, ph;
    if (opt->sheet.on) {
        bytes = 3 * 8.5 * 11 * dpi * dpi;
    } else if (maze__job_whole_rect(opt) &&
               maze_png_size(NULL, opt->width, opt->height, &e, &pw, &ph) ==
                   MAZE_OK) {
        bytes = (double)ph *
                ((double)pw * (maze__job_needs_solution(opt) ? 4 : 1) / 8 + 2);
    }
    double blocks = bytes / (256 * 1024) + 1;
    double t = opt->threads > 1 ? opt->threads : 1;
    return (uint64_t)(t < blocks ? t : blocks) * fi->memory.per_thread;
}

/* The run's peak memory in bytes, an upper bound. */
static uint64_t
peak_estimate(const struct maze_job *opt)
{
    if (opt->stream) {
        return stream_estimate(opt) + deflate_estimate(opt);
    }
    const struct maze__job_difficulty *d = opt->difficulty;
    uint64_t cells = (uint64_t)opt->width * opt->height, slots = 2 * cells;
    struct maze_generate_options g = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = d && d->algorithm ? d->algorithm : opt->algorithm,
        .fractal = opt->fractal,
        .endpoints = maze__job_endpoints(opt)};
    uint64_t carve;
    int rc;
    if (maze__job_whole_rect(opt)) {
        rc = maze_generate_estimate(opt->width, opt->height, &g, &carve);
    } else {
        const struct maze_grid_kind *k = maze__job_grid_kind(opt);
        struct maze_grid_params p = maze__job_grid_params(opt);
        rc = maze_grid_measure(k, &p, &cells, &slots, NULL);
        if (rc == MAZE_OK) {
            rc = maze_generate_estimate_grid(k, &p, &g, &carve);
        }
    }
    if (rc != MAZE_OK) {
        carve = 16 * cells;
    }
    uint64_t maze = (slots + 63) / 64 * 8;
    bool measure = d != NULL || opt->stats != JOB_STATS_NONE;
    bool solve = measure || maze__job_needs_solution(opt);
    uint64_t peak = carve;
    if (d ? d->braid > 0 : opt->braid > 0) {
        peak = max64(peak, maze + 4 * cells);
    }
    uint64_t drawn = cells; /* cells of the maze that is written */
    if (opt->unicursal) {
        peak = max64(peak, 2 * maze + 4 * maze + 4 * cells + cells / 8);
        maze *= 4;
        drawn = 4 * cells;
    }
    /* A solution path outlives the search that found it. */
    uint64_t path = solve ? 4 * drawn : 0;
    if (solve) {
        bool loops = (d ? d->braid > 0 : opt->braid > 0) || opt->rooms >= 2;
        uint64_t search = measure ? 8 * drawn
                          : loops ? 4 * drawn + drawn / 4
                                  : drawn + ((uint64_t)1 << 19);
        peak = max64(peak, maze + search + path);
    }
    if (strcmp(opt->format, JOB_FORMAT_NONE) != 0) {
        peak = max64(peak, maze + path + draw_estimate(opt, drawn, solve) +
                               deflate_estimate(opt));
    }
    /* A book keeps every puzzle and its solution until it is written. */
    uint64_t held = (uint64_t)maze__job_maze_count(opt) - 1;
    return (opt->sheet.on ? SHEET_BASE : BASE) + peak + held * (maze + path);
}

/* A "Field:   N kB" line of a /proc file (meminfo, status) in bytes, or
 * UINT64_MAX when missing. */
static uint64_t
proc_kb(const char *path, const char *field)
{
    FILE *f = fopen(path, "r");
    uint64_t v = UINT64_MAX;
    char line[256];
    size_t n = strlen(field);
    while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, field, n) == 0 && line[n] == ':') {
            v = strtoull(line + n + 1, NULL, 10) * 1024;
            break;
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return v;
}

/* The first number in a file (a cgroup limit), or UINT64_MAX ("max"). */
static uint64_t
file_number(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[64] = "";
    if (f == NULL) {
        return UINT64_MAX;
    }
    if (fgets(buf, sizeof(buf), f) == NULL) {
        buf[0] = '\0';
    }
    fclose(f);
    return buf[0] >= '0' && buf[0] <= '9' ? strtoull(buf, NULL, 10)
                                          : UINT64_MAX;
}

/* The cgroup v2 limit of this process less what the group uses. */
static uint64_t
cgroup_room(void)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    char line[512], path[700];
    uint64_t room = UINT64_MAX;
    while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, "0::", 3) != 0) {
            continue;
        }
        line[strcspn(line, "\n")] = '\0';
        snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.max", line + 3);
        uint64_t max = file_number(path);
        snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.current",
                 line + 3);
        uint64_t cur = file_number(path);
        if (max != UINT64_MAX) {
            room = cur != UINT64_MAX && cur < max ? max - cur : max;
        }
        break;
    }
    if (f != NULL) {
        fclose(f);
    }
    return room;
}

/* A resource limit less what this process already has of it. */
static uint64_t
limit_room(int resource, const char *status_field)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) {
        return UINT64_MAX;
    }
    uint64_t used = proc_kb("/proc/self/status", status_field);
    if (used == UINT64_MAX) {
        used = 0;
    }
    uint64_t cur = (uint64_t)rl.rlim_cur;
    return cur > used ? cur - used : 0;
}

/* Bytes this process can still allocate: what the system, the resource
 * limits and the cgroup allow; UINT64_MAX when nothing says. */
uint64_t
maze__job_memory_available(void)
{
    uint64_t avail = proc_kb("/proc/meminfo", "MemAvailable");
    uint64_t swap = proc_kb("/proc/meminfo", "SwapFree");
    if (avail != UINT64_MAX && swap != UINT64_MAX) {
        avail += swap;
    }
    uint64_t limits[3] = {limit_room(RLIMIT_AS, "VmSize"),
                          limit_room(RLIMIT_DATA, "VmData"), cgroup_room()};
    for (int i = 0; i < 3; i++) {
        avail = avail < limits[i] ? avail : limits[i];
    }
    return avail;
}

/* n bytes for people: "1.5 GiB". */
static void
human(uint64_t n, char *buf, size_t size)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)n;
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

bool
maze__job_check_memory(const struct maze_job *opt)
{
    uint64_t need = peak_estimate(opt);
    uint64_t have = maze__job_memory_available();
    bool capped = opt->max_memory > 0 && opt->max_memory < have;
    if (capped) {
        have = opt->max_memory;
    }
    if (need <= have) {
        return true;
    }
    char n[32], h[32];
    human(need, n, sizeof(n));
    human(have, h, sizeof(h));
    const struct maze__job_difficulty *d = opt->difficulty;
    const char *alg =
        d && d->algorithm ? d->algorithm : maze__job_algorithm(opt);
    uint32_t count = maze__job_maze_count(opt);
    if (count > 1) {
        (void)maze__job_fail(
            MAZE_ERR_NOMEM,
            "%" PRIu32 " puzzles of %" PRIu32 "x%" PRIu32
            " by %s need about %s of memory, more than the %s %s; "
            "nothing was generated (expected a smaller --count or "
            "-W/--width x -H/--height)",
            count, opt->width, opt->height, alg, n, h,
            capped ? "that --max-memory allows" : "available");
        return false;
    }
    if (opt->fractal > 1) {
        /* The largest nesting that fits, before any work. */
        struct maze_job less = *opt;
        uint32_t most = opt->fractal - 1;
        for (; most > 1; most--) {
            less.fractal = most;
            less.width = less.height = 1;
            for (uint32_t i = 0; i < most; i++) {
                less.width *= opt->fractal_x;
                less.height *= opt->fractal_y;
            }
            if (peak_estimate(&less) <= have) {
                break;
            }
        }
        maze__job_usage_error(
            "--fractal: %u levels of %ux%u (%ux%u cells) need "
            "about %s of memory, more than the %s %s; expected "
            "--fractal %u or less",
            (unsigned)opt->fractal, opt->fractal_x, opt->fractal_y, opt->width,
            opt->height, n, h,
            capped ? "that --max-memory allows" : "available", (unsigned)most);
        return false;
    }
    struct maze_job streamed = *opt;
    streamed.stream = true;
    uint64_t rows = peak_estimate(&streamed);
    if (maze__job_can_stream(opt) && rows <= have) {
        /* Only said, never done: whether a run streams must not depend
         * on the machine's memory, and a streamed maze's ends are its
         * corners, where this one's are the longest path's. */
        char r[32];
        human(rows, r, sizeof(r));
        (void)maze__job_fail(
            MAZE_ERR_NOMEM,
            "a %" PRIu32 "x%" PRIu32 " maze by %s needs about "
            "%s of memory, more than the %s %s; nothing was generated "
            "(--stream fits: it carves the same maze row by row in "
            "about %s, with start and finish in the corners unless "
            "--start and --finish say otherwise)",
            opt->width, opt->height, alg, n, h,
            capped ? "that --max-memory allows" : "available", r);
        return false;
    }
    char names[128];
    maze__job_streamable_names(names, sizeof(names));
    (void)maze__job_fail(
        MAZE_ERR_NOMEM,
        "a %" PRIu32 "x%" PRIu32 " maze by %s needs about %s "
        "of memory, more than the %s %s; nothing was generated "
        "(expected a smaller -W/--width x -H/--height, or --stream with "
        "-a %s to png or text)",
        opt->width, opt->height, alg, n, h,
        capped ? "that --max-memory allows" : "available", names);
    return false;
}
