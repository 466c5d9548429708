/* SPDX-License-Identifier: MIT */
/*
 * The memory estimate (estimate.h). A run goes through phases that free
 * what the one before allocated, so its peak is the largest phase plus
 * what lives through all of them (the maze, the solution path). The
 * library estimates the carve (maze_generate_estimate()); the rest is
 * counted here from what each step allocates, per cell:
 *
 *   solving (--solution, --answer-key, --stats, --difficulty): a
 *     breadth-first search, 8 bytes, then a path of up to 4;
 *   braid: a list of dead ends, up to 4; unicursal: a maze on four times
 *     the cells, and a queue of 4;
 *   text and png: a byte per cell of path bits when a solution is drawn,
 *     else a few rows (and the arrows' coverage, a few kilobytes);
 *   svg, pdf and any other format: the layout's wall runs and what cairo
 *     builds from them, measured by the bench program at about 85 bytes
 *     per cell and counted as VECTOR_PER_CELL.
 *
 * A streamed run holds a few rows at a time. What is available is the
 * smallest of the system's available memory and swap, the address-space
 * and data limits, the cgroup's limit, and --max-memory.
 */
#include "cli/estimate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/difficulty.h"
#include "cli/grid.h"
#include "cli/stream.h"

/* Bytes per cell that drawing a vector file takes (see above), with room
 * to spare. */
#define VECTOR_PER_CELL 120
/* The program itself, its libraries, buffers: a fixed allowance. */
#define BASE ((uint64_t)32 << 20)

static uint64_t
max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* A length in pixels at the run's dpi (10, the PNG default, for none). */
static double
pixels(const struct cli_length *l, unsigned dpi)
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
stream_estimate(const struct cli_options *opt)
{
    uint64_t w = opt->width;
    double dpi = opt->dpi ? opt->dpi : 96;
    double px = pixels(&opt->cell_size, opt->dpi) + 1;
    double arrow = 24 * dpi / 72;
    double row = px < 1e9 ? (px * (double)w + 2 * (px + arrow)) / 8 : 1e18;
    return BASE + 64 * w + 2 * (uint64_t)row + 4 * (uint64_t)arrow;
}

/* The run's peak memory in bytes, an upper bound. */
static uint64_t
peak_estimate(const struct cli_options *opt)
{
    if (opt->stream) {
        return stream_estimate(opt);
    }
    const struct cli_difficulty *d = opt->difficulty;
    uint64_t cells = (uint64_t)opt->width * opt->height, slots = 2 * cells;
    struct maze_generate_options g = {
        .algorithm = d && d->algorithm ? d->algorithm : opt->algorithm,
        .fractal = opt->fractal,
        .endpoints = cli_endpoints(opt)};
    uint64_t carve;
    int rc;
    if (cli_whole_rect(opt)) {
        rc = maze_generate_estimate(opt->width, opt->height, &g, &carve);
    } else {
        const struct maze_grid_kind *k = cli_grid_kind(opt);
        struct maze_grid_params p = cli_grid_params(opt);
        rc = maze_grid_measure(k, &p, &cells, &slots, NULL);
        if (rc == MAZE_OK) {
            rc = maze_generate_estimate_grid(k, &p, &g, &carve);
        }
    }
    if (rc != MAZE_OK) {
        carve = 16 * cells;
    }
    uint64_t maze = (slots + 63) / 64 * 8;
    bool measure = d != NULL || opt->stats != CLI_STATS_NONE;
    bool solve = measure || cli_needs_solution(opt);
    uint64_t peak = carve;
    if (d ? d->braid > 0 : opt->braid > 0) {
        peak = max64(peak, maze + 4 * cells);
    }
    uint64_t drawn = cells; /* cells of the maze that is written */
    if (opt->unicursal) {
        peak = max64(peak, maze + 4 * maze + 4 * cells + cells / 8);
        maze *= 4;
        drawn = 4 * cells;
    }
    /* A solution path outlives the search that found it. */
    uint64_t path = solve ? 4 * drawn : 0;
    if (solve) {
        peak = max64(peak, maze + 8 * drawn + path);
    }
    const char *f = opt->format;
    if (strcmp(f, CLI_FORMAT_NONE) != 0) {
        uint64_t draw;
        if (strcmp(f, "text") == 0 || strcmp(f, "png") == 0 ||
            strncmp(f, "blocks", 6) == 0) {
            draw = solve ? drawn : 0;
        } else {
            draw = VECTOR_PER_CELL * drawn;
        }
        peak = max64(peak, maze + path + draw);
    }
    /* A book keeps every puzzle and its solution until it is written. */
    uint64_t held = (uint64_t)cli_maze_count(opt) - 1;
    return BASE + peak + held * (maze + path);
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
cli_memory_available(void)
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
cli_check_memory(const struct cli_options *opt)
{
    uint64_t need = peak_estimate(opt);
    uint64_t have = cli_memory_available();
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
    const struct cli_difficulty *d = opt->difficulty;
    const char *alg = d && d->algorithm ? d->algorithm : cli_algorithm(opt);
    uint32_t count = cli_maze_count(opt);
    if (count > 1) {
        fprintf(stderr,
                "mazegen: %" PRIu32 " puzzles of %" PRIu32 "x%" PRIu32
                " by %s need about %s of memory, more than the %s %s; "
                "nothing was generated (expected a smaller --count or "
                "-W/--width x -H/--height)\n",
                count, opt->width, opt->height, alg, n, h,
                capped ? "that --max-memory allows" : "available");
        return false;
    }
    if (opt->fractal > 1) {
        /* The largest nesting that fits, before any work. */
        struct cli_options less = *opt;
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
        cli_usage_error("--fractal: %u levels of %ux%u (%ux%u cells) need "
                        "about %s of memory, more than the %s %s; expected "
                        "--fractal %u or less",
                        (unsigned)opt->fractal, opt->fractal_x, opt->fractal_y,
                        opt->width, opt->height, n, h,
                        capped ? "that --max-memory allows" : "available",
                        (unsigned)most);
        return false;
    }
    char names[128];
    cli_streamable_names(names, sizeof(names));
    fprintf(stderr,
            "mazegen: a %" PRIu32 "x%" PRIu32 " maze by %s needs about %s "
            "of memory, more than the %s %s; nothing was generated "
            "(expected a smaller -W/--width x -H/--height, or --stream with "
            "-a %s to png or text)\n",
            opt->width, opt->height, alg, n, h,
            capped ? "that --max-memory allows" : "available", names);
    return false;
}
