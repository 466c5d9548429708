/* SPDX-License-Identifier: MIT */
/*
 * --play (play.h). The game is a loop round poll(): a key, a signal or
 * the next second of the clock wakes it, and the whole screen is drawn
 * again into one buffer written at once, which for any maze that fits a
 * terminal is a few kilobytes. Every way out goes through one place that
 * restores the terminal (term.h) before anything is printed, so the
 * result (the maze with the path walked and the solution, and the moves
 * against the shortest path) lands on the ordinary screen and stays.
 */
#include "cli/play.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/board.h"
#include "cli/term.h"

/* Lines around the maze: the status line above, the keys below. */
#define EXTRA_ROWS 3u

/* Columns and rows a maze of w x h cells takes on screen. */
static unsigned long
need_cols(uint32_t w)
{
    return 3ul * w + 1;
}

static unsigned long
need_rows(uint32_t h)
{
    return 2ul * h + EXTRA_ROWS;
}

/* The terminal is big enough for w x h cells; else the message. */
static bool
check_fit(const struct maze_job *job, uint32_t w, uint32_t h)
{
    unsigned cols, rows;
    if (!cli_term_size(&cols, &rows)) {
        cli_usage_error("--play: the terminal does not tell its size; "
                        "expected a terminal that does (COLUMNS x LINES)");
        return false;
    }
    if (need_cols(w) <= cols && need_rows(h) <= rows) {
        return true;
    }
    unsigned fit_w = (cols - 1) / 3, fit_h = rows > 3 ? (rows - 3) / 2 : 0;
    /* A unicursal maze is twice the size asked for. */
    unsigned k = cli_number(job, MAZE_OPT_UNICURSAL) ? 2 : 1;
    if (fit_w / k == 0 || fit_h / k == 0) {
        cli_usage_error("--play: the terminal (%ux%u) is too small for any "
                        "maze; expected at least %lux%lu characters",
                        cols, rows, need_cols(k), need_rows(k));
    } else if (maze_job_given(job, MAZE_OPT_FRACTAL)) {
        cli_usage_error("--play: a %ux%u maze needs %lux%lu characters, the "
                        "terminal has %ux%u; expected a smaller -W/-H or "
                        "--fractal (at most %ux%u cells)",
                        w, h, need_cols(w), need_rows(h), cols, rows, fit_w,
                        fit_h);
    } else {
        cli_usage_error("--play: a %ux%u maze needs %lux%lu characters, the "
                        "terminal has %ux%u; expected -W %u -H %u or less",
                        w, h, need_cols(w), need_rows(h), cols, rows, fit_w / k,
                        fit_h / k);
    }
    return false;
}

bool
cli_check_play(const struct maze_job *job)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        cli_usage_error("--play: standard %s is not a terminal; expected to "
                        "run in one, as it reads keys and draws the screen",
                        isatty(STDIN_FILENO) ? "output" : "input");
        return false;
    }
    /* The job's sides are the maze's: a fractal's powers, a unicursal
     * maze's doubled ones. */
    uint32_t k = cli_number(job, MAZE_OPT_UNICURSAL) ? 2 : 1;
    uint64_t w = cli_number(job, MAZE_OPT_WIDTH) * k;
    uint64_t h = cli_number(job, MAZE_OPT_HEIGHT) * k;
    return check_fit(job, w > UINT32_MAX / 4 ? UINT32_MAX / 4 : (uint32_t)w,
                     h > UINT32_MAX / 4 ? UINT32_MAX / 4 : (uint32_t)h);
}

enum outcome { PLAYING, WON, GAVE_UP, ENDED, FAILED };

struct game {
    struct board b;
    struct board_style st;
    struct board_text t;
    uint64_t seed;
    /* The clock runs from the first key that moves (or tries to). */
    bool started;
    struct timespec t0;
    /* Whether the solution was ever shown. */
    bool peeked;
    /* A word on the status line until the next move, such as "Wall!". */
    const char *notice;
    /* The terminal's size, and whether the maze fits it. */
    unsigned cols, rows;
    bool fits;
    /* ENDED: the signal. */
    int sig;
};

static double
elapsed(const struct game *g)
{
    if (!g->started) {
        return 0;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - g->t0.tv_sec) +
           (double)(now.tv_nsec - g->t0.tv_nsec) / 1e9;
}

/* m:ss (h:mm:ss past the hour), with tenths when asked. */
static void
format_time(double s, bool tenths, char *buf, size_t size)
{
    unsigned long t = (unsigned long)(s * 10);
    unsigned long whole = t / 10, h = whole / 3600, m = whole / 60 % 60;
    int n = h ? snprintf(buf, size, "%lu:%02lu:%02lu", h, m, whole % 60)
              : snprintf(buf, size, "%lu:%02lu", whole / 60, whole % 60);
    if (tenths && n > 0 && (size_t)n < size) {
        snprintf(buf + n, size - (size_t)n, ".%lu", t % 10);
    }
}

/* Appends a line of text cut to the terminal's width. */
static void
text_line(struct game *g, const char *s, const char *eol)
{
    size_t n = strlen(s);
    board_put(&g->t, s, n < g->cols ? n : g->cols);
    board_puts(&g->t, eol);
}

static void
draw_status(struct game *g)
{
    char clock[32], line[160];
    format_time(elapsed(g), false, clock, sizeof(clock));
    snprintf(line, sizeof(line), "Moves: %zu  Time: %s%s", g->b.moves, clock,
             g->st.solution ? "  Solution shown" : "");
    text_line(g, line, "");
    if (g->notice != NULL) {
        /* The cue for a wall: reverse video, or brackets without
         * colours; never the bell. */
        board_puts(&g->t, "  ");
        board_puts(&g->t, g->st.colour ? "\033[7m" : "[");
        board_puts(&g->t, g->notice);
        board_puts(&g->t, g->st.colour ? "\033[0m" : "]");
    }
    board_puts(&g->t, "\033[K\n");
}

/* Draws the whole screen (cleared first when `clear`); false when the
 * terminal cannot be written. */
static bool
draw(struct game *g, bool clear)
{
    g->t.len = 0;
    board_puts(&g->t, clear ? "\033[2J\033[H" : "\033[H");
    if (!g->fits) {
        char line[200];
        snprintf(line, sizeof(line),
                 "The terminal is %ux%u; this maze needs %lux%lu. "
                 "Enlarge it, or q to give up.",
                 g->cols, g->rows, need_cols(g->b.width),
                 need_rows(g->b.height));
        /* Whole, wrapped by the terminal: it is too narrow anyway. */
        board_puts(&g->t, line);
        board_puts(&g->t, "\033[J");
    } else {
        draw_status(g);
        board_draw(&g->b, &g->st, "\n", &g->t);
        /* No newline after the last line: it would scroll the screen. */
        text_line(g, "Move: arrows, WASD or hjkl   ?: solution   q: give up",
                  "\033[K");
    }
    if (g->t.failed) {
        errno = ENOMEM;
        return false;
    }
    return cli_term_write(g->t.s, g->t.len);
}

/* The size again, after SIGWINCH. */
static void
refit(struct game *g)
{
    if (!cli_term_size(&g->cols, &g->rows)) {
        g->cols = g->rows = 0;
    }
    g->fits =
        need_cols(g->b.width) <= g->cols && need_rows(g->b.height) <= g->rows;
}

static enum outcome
move(struct game *g, enum board_dir d)
{
    if (!g->fits) {
        return PLAYING;
    }
    if (!g->started) {
        g->started = true;
        clock_gettime(CLOCK_MONOTONIC, &g->t0);
    }
    g->notice = board_move(&g->b, d) ? NULL : "Wall!";
    return g->b.player == g->b.finish ? WON : PLAYING;
}

/* The direction of an arrow key's final byte (ESC [ A or ESC O A). */
static enum board_dir
arrow(char c)
{
    return c == 'A'   ? BOARD_N
           : c == 'B' ? BOARD_S
           : c == 'C' ? BOARD_E
           : c == 'D' ? BOARD_W
                      : 0;
}

/* The direction of a letter key, or 0. */
static enum board_dir
letter(char c)
{
    switch (c) {
    case 'w':
    case 'W':
    case 'k':
    case 'K':
        return BOARD_N;
    case 's':
    case 'S':
    case 'j':
    case 'J':
        return BOARD_S;
    case 'a':
    case 'A':
    case 'h':
    case 'H':
        return BOARD_W;
    case 'd':
    case 'D':
    case 'l':
    case 'L':
        return BOARD_E;
    default:
        return 0;
    }
}

/* Reads more input for an escape sequence cut short: its rest comes at
 * once from a real terminal, so a lone ESC waits only briefly. */
static size_t
read_more(char *buf, size_t n, size_t size)
{
    struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
    if (n < size && poll(&p, 1, 50) == 1) {
        ssize_t k = read(STDIN_FILENO, buf + n, size - n);
        if (k > 0) {
            n += (size_t)k;
        }
    }
    return n;
}

/* Where the escape sequence at buf[i] ends: the index of its final
 * byte, i for a lone ESC, or n when it is cut short. */
static size_t
sequence_end(const char *buf, size_t i, size_t n)
{
    if (i + 1 >= n) {
        return n;
    }
    if (buf[i + 1] != '[' && buf[i + 1] != 'O') {
        return i;
    }
    /* CSI or SS3: parameters (modifiers such as 1;5), then the final
     * byte. */
    size_t j = i + 2;
    while (j < n && buf[j] >= 0x30 && buf[j] <= 0x3f) {
        j++;
    }
    return j;
}

/* Acts on the keys in buf (size bytes of room, n read); *clear set when
 * the screen is to be cleared. */
static enum outcome
keys(struct game *g, char *buf, size_t n, size_t size, bool *clear)
{
    enum outcome o = PLAYING;
    for (size_t i = 0; i < n && o == PLAYING; i++) {
        char c = buf[i];
        if (c == '\033') {
            size_t j = sequence_end(buf, i, n);
            if (j >= n) {
                /* The rest of it is in the next read: keep the start. */
                memmove(buf, buf + i, n - i);
                n -= i;
                i = 0;
                n = read_more(buf, n, size);
                j = sequence_end(buf, 0, n);
            }
            if (j >= n) {
                break; /* never completed: dropped */
            }
            if (j > i && arrow(buf[j])) {
                o = move(g, arrow(buf[j]));
            }
            i = j;
        } else if (letter(c)) {
            o = move(g, letter(c));
        } else if (c == '?') {
            g->st.solution = !g->st.solution;
            g->peeked = g->peeked || g->st.solution;
        } else if (c == 'q' || c == 'Q') {
            o = GAVE_UP;
        } else if (c == 3) {
            /* Ctrl-C, read as a byte (ISIG is off). */
            g->sig = SIGINT;
            o = ENDED;
        } else if (c == 12) {
            *clear = true; /* Ctrl-L */
        } else if (c == 26) {
            /* Ctrl-Z, read as a byte: suspended, then redrawn whole. */
            if (!cli_term_suspend()) {
                return FAILED;
            }
            refit(g); /* the terminal may have changed size meanwhile */
            *clear = true;
            return PLAYING;
        }
    }
    return o;
}

/* Milliseconds until the clock shown changes, or -1 when it is still. */
static int
tick(const struct game *g)
{
    if (!g->started || !g->fits) {
        return -1;
    }
    double s = elapsed(g);
    return (int)((1.0 - (s - (double)(unsigned long)s)) * 1000) + 5;
}

static enum outcome
loop(struct game *g)
{
    bool dirty = true, clear = true;
    for (;;) {
        if (cli_term_ended()) {
            g->sig = cli_term_ended();
            return ENDED;
        }
        if (cli_term_resized()) {
            refit(g);
            dirty = clear = true;
        }
        if (dirty && !draw(g, clear)) {
            return FAILED;
        }
        dirty = clear = false;
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int r = poll(&p, 1, tick(g));
        if (r < 0 && errno != EINTR) {
            return FAILED;
        }
        dirty = true;
        if (r <= 0) {
            continue; /* a signal, or the clock */
        }
        char buf[64];
        ssize_t k = read(STDIN_FILENO, buf, sizeof(buf));
        if (k < 0 && errno == EINTR) {
            continue;
        }
        if (k <= 0) {
            /* The terminal went away: as if it had hung up. */
            g->sig = SIGHUP;
            return ENDED;
        }
        enum outcome o = keys(g, buf, (size_t)k, sizeof(buf), &clear);
        if (o != PLAYING) {
            return o;
        }
    }
}

/* The maze as it ends, on the ordinary screen, and the result. */
static bool
show_result(struct game *g, enum outcome o, const struct maze_job *job)
{
    char clock[32], line[400];
    format_time(elapsed(g), true, clock, sizeof(clock));
    g->t.len = 0;
    g->st.player = o != WON;
    g->st.solution = g->st.solution || o == GAVE_UP;
    board_draw(&g->b, &g->st, "\n", &g->t);
    if (o == WON) {
        snprintf(line, sizeof(line),
                 "Solved in %zu %s (shortest %zu) and %s%s.\n", g->b.moves,
                 g->b.moves == 1 ? "move" : "moves", g->b.shortest, clock,
                 g->peeked ? ", with a look at the solution" : "");
    } else {
        snprintf(line, sizeof(line),
                 "Gave up after %zu %s and %s; the shortest path (%zu "
                 "%s) is drawn.\n",
                 g->b.moves, g->b.moves == 1 ? "move" : "moves", clock,
                 g->b.shortest, g->b.shortest == 1 ? "move" : "moves");
    }
    board_puts(&g->t, line);
    snprintf(line, sizeof(line),
             "Play it again: mazegen --play -W %u -H %u -s %llu\n",
             (unsigned)cli_number(job, MAZE_OPT_WIDTH),
             (unsigned)cli_number(job, MAZE_OPT_HEIGHT),
             (unsigned long long)g->seed);
    board_puts(&g->t, line);
    return !g->t.failed && cli_term_write(g->t.s, g->t.len);
}

static int
play(struct game *g, const struct maze_job *job)
{
    if (!cli_term_enter()) {
        fprintf(stderr,
                "mazegen: --play: cannot set the terminal's modes: "
                "%s\n",
                strerror(errno));
        return CLI_STATUS_RUNTIME;
    }
    refit(g);
    enum outcome o = loop(g);
    int err = errno;
    cli_term_leave();
    if (o == ENDED) {
        return cli_term_die(g->sig);
    }
    if (o == FAILED || !show_result(g, o, job)) {
        fprintf(stderr, "mazegen: --play: cannot use the terminal: %s\n",
                strerror(o == FAILED ? err : errno));
        return CLI_STATUS_RUNTIME;
    }
    return 0;
}

int
cli_play(struct maze_job *job)
{
    int rc = maze_job_make(job, NULL);
    if (rc != MAZE_OK) {
        return cli_report(rc, "cannot generate the maze");
    }
    const struct maze *maze = maze_job_maze(job, 0, NULL, NULL);
    struct game g = {
        .seed = cli_number(job, MAZE_OPT_SEED),
        .st = {.utf8 = cli_number(job, MAZE_OPT_CHARSET) == MAZE_CHARSET_UTF8,
               .colour = cli_term_colour(),
               .player = true},
    };
    int status;
    rc = board_init(&g.b, maze);
    if (rc != MAZE_OK) {
        fprintf(stderr, "mazegen: --play: cannot set up the maze: %s\n",
                maze_strerror(rc));
        status = CLI_STATUS_RUNTIME;
    } else {
        status = play(&g, job);
    }
    board_finish(&g.b);
    free(g.t.s);
    return status;
}
