/* SPDX-License-Identifier: MIT */
/*
 * --watch: the carve drawn live in the terminal. The library reports each
 * step of the algorithm (<mazegen/steps.h>); this keeps its own picture of
 * the maze (passages, cells reached, the cell at work, the frontier),
 * draws it as the text output draws a maze, and after each step that
 * moves the algorithm on sends only the characters that changed, then
 * waits --delay. Once carved, the solution is traced cell by cell.
 *
 * The terminal is left as it was found, whatever happens: the cursor
 * shown, colours reset and the terminal's modes restored on success, on
 * an error, and on Ctrl-C (SIGINT, SIGTERM, SIGHUP), whose handler only
 * sets a flag that the drawing checks; the run then ends with 128 plus
 * the signal's number (130 for Ctrl-C). Ctrl-Z (SIGTSTP) likewise sets a
 * flag: the drawing puts the terminal back, stops, and takes it again
 * and redraws when continued. Keys are never read, so they are thrown
 * away as the drawing goes (a full input queue would hold back Ctrl-C)
 * and at the end (nothing typed runs in the shell afterwards), and
 * Ctrl-S does not stop the output (IXON off).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/board.h"
#include "cli/watch.h"

static volatile sig_atomic_t stop_signal, suspend_asked;

static void
on_signal(int sig)
{
    stop_signal = sig;
}

static void
on_suspend(int sig)
{
    (void)sig;
    suspend_asked = 1;
}

struct screen;
static void check_terminal(struct screen *s);

/* What a screen position shows: a glyph and its colour. */
enum paint { PLAIN = 0, HEAD, FRONT, PATH, ENDS };

struct spot {
    const char *glyph;
    enum paint paint;
};

struct screen {
    const struct maze_grid *grid;
    uint32_t w, h;
    bool utf8, colour;
    /* Per edge slot: open; per cell: reached, on the frontier, on the
     * solution; the cell at work (MAZE_NONE: none). */
    unsigned char *open, *reached, *front, *path;
    uint32_t head;
    /* Per cell: its east and south edges (MAZE_NONE at the border). */
    uint32_t *east, *south;
    /* Start and finish once placed, and their openings' directions (0
     * east, 1 south, 2 west, 3 north); MAZE_NONE before. */
    uint32_t start, finish;
    unsigned start_side, finish_side;
    /* What is on the terminal, and what should be: rows x cols spots. */
    unsigned rows, cols;
    struct spot *shown, *want;
    bool first;
    uint32_t delay_ms;
    const char *status;
    unsigned long long steps;
};

/* Posts by the arms that carry a wall: up 1, right 2, down 4, left 8. */
static const char *const posts_utf8[16] = {
    " ",
    "\xe2\x95\xb5",
    "\xe2\x95\xb6",
    "\xe2\x94\x94",
    "\xe2\x95\xb7",
    "\xe2\x94\x82",
    "\xe2\x94\x8c",
    "\xe2\x94\x9c",
    "\xe2\x95\xb4",
    "\xe2\x94\x98",
    "\xe2\x94\x80",
    "\xe2\x94\xb4",
    "\xe2\x94\x90",
    "\xe2\x94\xa4",
    "\xe2\x94\xac",
    "\xe2\x94\xbc",
};
#define HWALL_UTF8 "\xe2\x94\x80"
#define VWALL_UTF8 "\xe2\x94\x82"
#define SHADE_UTF8 "\xe2\x96\x91"
#define DOT_UTF8 "\xe2\x80\xa2"

/* Whether the side `dir` of cell (x, y) carries a wall now. */
static bool
wall(const struct screen *s, uint32_t x, uint32_t y, unsigned dir)
{
    uint32_t c = y * s->w + x;
    if ((c == s->start && dir == s->start_side) ||
        (c == s->finish && dir == s->finish_side)) {
        return false;
    }
    switch (dir) {
    case 0:
        return x + 1 == s->w || !s->open[s->east[c]];
    case 1:
        return y + 1 == s->h || !s->open[s->south[c]];
    case 2:
        return x == 0 || !s->open[s->east[c - 1]];
    default:
        return y == 0 || !s->open[s->south[c - s->w]];
    }
}

static void
put(struct screen *s, unsigned row, unsigned col, const char *g, enum paint p)
{
    s->want[row * s->cols + col] = (struct spot){g, p};
}

/* The post at lattice point (x, y): which of its four arms are walls. */
static const char *
post(const struct screen *s, uint32_t x, uint32_t y)
{
    if (!s->utf8) {
        return "+";
    }
    unsigned arms = 0;
    /* Up: the wall west of cell (x, y - 1), i.e. east of (x - 1, y - 1). */
    if (y > 0 && ((x < s->w && wall(s, x, y - 1, 2)) ||
                  (x > 0 && wall(s, x - 1, y - 1, 0)))) {
        arms |= 1;
    }
    if (x < s->w &&
        ((y < s->h && wall(s, x, y, 3)) || (y > 0 && wall(s, x, y - 1, 1)))) {
        arms |= 2;
    }
    if (y < s->h &&
        ((x < s->w && wall(s, x, y, 2)) || (x > 0 && wall(s, x - 1, y, 0)))) {
        arms |= 4;
    }
    if (x > 0 && ((y < s->h && wall(s, x - 1, y, 3)) ||
                  (y > 0 && wall(s, x - 1, y - 1, 1)))) {
        arms |= 8;
    }
    return posts_utf8[arms];
}

/* The inside of cell c: two glyphs. */
static void
cell(struct screen *s, uint32_t x, uint32_t y)
{
    uint32_t c = y * s->w + x;
    unsigned row = 2 * y + 1, col = 3 * x + 1;
    const char *g = " ";
    enum paint p = PLAIN;
    if (c == s->start || c == s->finish) {
        put(s, row, col, c == s->start ? "S" : "F", ENDS);
        put(s, row, col + 1, s->path[c] ? (s->utf8 ? DOT_UTF8 : "*") : " ",
            s->path[c] ? PATH : PLAIN);
        return;
    }
    if (c == s->head) {
        g = s->colour ? " " : "@";
        p = HEAD;
    } else if (s->path[c]) {
        g = s->utf8 ? DOT_UTF8 : "*";
        p = PATH;
    } else if (s->front[c]) {
        g = s->colour ? " " : "?";
        p = FRONT;
    } else if (!s->reached[c]) {
        g = s->utf8 ? SHADE_UTF8 : ":";
    }
    put(s, row, col, g, p);
    put(s, row, col + 1, g, p);
}

/* Lays out the whole picture in s->want. */
static void
compose(struct screen *s)
{
    const char *hw = s->utf8 ? HWALL_UTF8 : "-";
    const char *vw = s->utf8 ? VWALL_UTF8 : "|";
    for (uint32_t y = 0; y <= s->h; y++) {
        for (uint32_t x = 0; x <= s->w; x++) {
            put(s, 2 * y, 3 * x, post(s, x, y), PLAIN);
            if (x < s->w) {
                bool on = y < s->h ? wall(s, x, y, 3) : wall(s, x, y - 1, 1);
                put(s, 2 * y, 3 * x + 1, on ? hw : " ", PLAIN);
                put(s, 2 * y, 3 * x + 2, on ? hw : " ", PLAIN);
            }
            if (y < s->h) {
                bool on = x < s->w ? wall(s, x, y, 2) : wall(s, x - 1, y, 0);
                put(s, 2 * y + 1, 3 * x, on ? vw : " ", PLAIN);
                if (x < s->w) {
                    cell(s, x, y);
                }
            }
        }
    }
}

static const char *
sgr(const struct screen *s, enum paint p)
{
    if (!s->colour) {
        return "";
    }
    switch (p) {
    case HEAD:
        return "\033[0;42m";
    case FRONT:
        return "\033[0;43m";
    case PATH:
        return "\033[0;1;34m";
    case ENDS:
        return "\033[0;1;31m";
    default:
        return "\033[0m";
    }
}

/* Sends what changed since the last frame, and the status line. */
static void
flush_frame(struct screen *s)
{
    check_terminal(s);
    compose(s);
    enum paint cur = PLAIN;
    bool moved = false;
    for (unsigned r = 0; r < s->rows; r++) {
        for (unsigned c = 0; c < s->cols; c++) {
            struct spot *a = &s->shown[r * s->cols + c];
            const struct spot *b = &s->want[r * s->cols + c];
            if (!s->first && a->glyph == b->glyph && a->paint == b->paint) {
                moved = false;
                continue;
            }
            if (!moved) {
                printf("\033[%u;%uH", r + 1, c + 1);
            }
            if (b->paint != cur) {
                fputs(sgr(s, b->paint), stdout);
                cur = b->paint;
            }
            fputs(b->glyph, stdout);
            *a = *b;
            moved = true;
        }
        moved = false;
    }
    if (cur != PLAIN) {
        fputs(sgr(s, PLAIN), stdout);
    }
    printf("\033[%u;1H%s, step %llu\033[K", s->rows + 1, s->status, s->steps);
    s->first = false;
    fflush(stdout);
}

/* Waits ms milliseconds, or less if an ending signal came, in slices of
 * at most 50 ms between which the terminal is seen to (check_terminal():
 * keys thrown away, a suspension served). */
static void
pause_ms(struct screen *s, uint32_t ms)
{
    while (ms > 0 && !stop_signal) {
        uint32_t slice = ms < 50 ? ms : 50;
        struct timespec t = {0, (long)slice * 1000000L};
        while (!stop_signal && nanosleep(&t, &t) != 0 && errno == EINTR) {
            check_terminal(s);
        }
        ms -= slice;
        check_terminal(s);
    }
}

static void
on_step(void *ctx, const struct maze_step *st)
{
    struct screen *s = ctx;
    if (stop_signal) {
        return;
    }
    uint32_t slots = maze_grid_edge_slots(s->grid);
    uint32_t cells = s->w * s->h;
    bool draw = true;
    switch (st->kind) {
    case MAZE_STEP_OPEN:
    case MAZE_STEP_CLOSE: {
        s->open[st->edge] = st->kind == MAZE_STEP_OPEN;
        uint32_t a, b;
        maze_grid_edge_cells(s->grid, st->edge, &a, &b);
        s->reached[a] = s->reached[b] = 1;
        /* An opening into a cell is followed by its visit: one step. */
        draw = st->cell == MAZE_NONE;
        break;
    }
    case MAZE_STEP_OPEN_ALL:
    case MAZE_STEP_RESET:
        for (uint32_t e = 0; e < slots; e++) {
            s->open[e] = st->kind == MAZE_STEP_OPEN_ALL &&
                         maze_grid_edge_exists(s->grid, e);
        }
        memset(s->reached, st->kind == MAZE_STEP_OPEN_ALL, cells);
        break;
    case MAZE_STEP_FRONTIER:
        s->front[st->cell] = 1;
        draw = false;
        break;
    case MAZE_STEP_ROW:
        draw = false;
        break;
    default: /* VISIT, CURRENT, BACKTRACK: the algorithm is at cell */
        s->head = st->cell;
        s->front[st->cell] = 0;
        if (st->kind == MAZE_STEP_VISIT) {
            s->reached[st->cell] = 1;
        }
        break;
    }
    if (draw) {
        s->steps++;
        flush_frame(s);
        pause_ms(s, s->delay_ms);
    }
}

/* Terminal modes as found, restored by leave(). */
static struct termios saved;
static bool saved_ok;

static void
enter(void)
{
    /* Keys typed while it draws would scribble on the maze: no echo; and
     * Ctrl-S is a key like any other, not a stop of the output that
     * would block the drawing, and its end, until Ctrl-Q. */
    if (tcgetattr(STDOUT_FILENO, &saved) == 0) {
        saved_ok = true;
        struct termios t = saved;
        t.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
        t.c_iflag &= ~(tcflag_t)IXON;
        tcsetattr(STDOUT_FILENO, TCSANOW, &t);
    }
    /* Output stopped by a Ctrl-S before the start would block at once. */
    tcflow(STDOUT_FILENO, TCOON);
    fputs("\033[?25l\033[H\033[2J", stdout);
    fflush(stdout);
}

static void
leave(const struct screen *s)
{
    /* Stdio may hold an error from a write a signal cut short. */
    clearerr(stdout);
    printf("\033[0m\033[%u;1H\n\033[?25h", s->rows + 1);
    fflush(stdout);
    if (saved_ok) {
        /* Keys typed during the watch go with it, not to the shell. */
        tcflush(STDOUT_FILENO, TCIFLUSH);
        tcsetattr(STDOUT_FILENO, TCSANOW, &saved);
    }
}

/*
 * Between frames: throws away the keys typed so far, so the input queue
 * never fills (the terminal stops reading, Ctrl-C included, once 4 KiB
 * wait), and serves a Ctrl-Z: the terminal put back, the process stopped
 * as SIGTSTP's default action stops it, and on SIGCONT the modes (which
 * the shell may have changed meanwhile) read again, set again, and the
 * whole screen redrawn.
 */
static void
check_terminal(struct screen *s)
{
    if (saved_ok) {
        tcflush(STDOUT_FILENO, TCIFLUSH);
    }
    if (!suspend_asked) {
        return;
    }
    suspend_asked = 0;
    leave(s);
    struct sigaction dfl = {.sa_handler = SIG_DFL}, ours = {0};
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    raise(SIGTSTP);
    /* Continued. */
    sigaction(SIGTSTP, &ours, NULL);
    saved_ok = false;
    enter();
    s->first = true;
}

static void
install(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = on_suspend;
    sigaction(SIGTSTP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

static int
screen_init(struct screen *s, const struct maze_job *job,
            const struct maze_grid *g)
{
    *s = (struct screen){
        .grid = g,
        .w = maze_grid_width(g),
        .h = maze_grid_height(g),
        .utf8 = cli_number(job, MAZE_OPT_CHARSET) == MAZE_CHARSET_UTF8,
        .head = MAZE_NONE,
        .start = MAZE_NONE,
        .finish = MAZE_NONE,
        .start_side = 4,
        .finish_side = 4,
        .first = true,
        .delay_ms = (uint32_t)cli_number(job, MAZE_OPT_DELAY),
        .status = "carving",
    };
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    s->colour = (nc == NULL || nc[0] == '\0') && term != NULL &&
                term[0] != '\0' && strcmp(term, "dumb") != 0;
    uint32_t cells = s->w * s->h, slots = maze_grid_edge_slots(g);
    s->rows = 2 * s->h + 1;
    s->cols = 3 * s->w + 1;
    s->open = calloc(slots, 1);
    s->reached = calloc(cells, 1);
    s->front = calloc(cells, 1);
    s->path = calloc(cells, 1);
    s->east = calloc(cells, sizeof(uint32_t));
    s->south = calloc(cells, sizeof(uint32_t));
    s->shown = calloc((size_t)s->rows * s->cols, sizeof(struct spot));
    s->want = calloc((size_t)s->rows * s->cols, sizeof(struct spot));
    if (!s->open || !s->reached || !s->front || !s->path || !s->east ||
        !s->south || !s->shown || !s->want) {
        return MAZE_ERR_NOMEM;
    }
    for (uint32_t c = 0; c < cells; c++) {
        uint32_t x = c % s->w, y = c / s->w;
        s->east[c] =
            x + 1 < s->w ? maze_grid_edge_between(g, c, c + 1) : MAZE_NONE;
        s->south[c] =
            y + 1 < s->h ? maze_grid_edge_between(g, c, c + s->w) : MAZE_NONE;
    }
    return MAZE_OK;
}

static void
screen_finish(struct screen *s)
{
    free(s->open);
    free(s->reached);
    free(s->front);
    free(s->path);
    free(s->east);
    free(s->south);
    free(s->shown);
    free(s->want);
}

/* Shows the carved maze with its ends, then traces its solution. */
static int
trace(struct screen *s, const struct maze *m)
{
    struct maze_path *path;
    int rc = maze_solve(m, &path);
    if (rc != MAZE_OK) {
        return rc;
    }
    s->head = MAZE_NONE;
    memset(s->front, 0, (size_t)s->w * s->h);
    s->start = maze_start(m);
    s->finish = maze_finish(m);
    s->start_side =
        cli_side_direction(s->grid, s->start, maze_start_opening(m));
    s->finish_side =
        cli_side_direction(s->grid, s->finish, maze_finish_opening(m));
    for (size_t i = 0; i < path->length && !stop_signal; i++) {
        s->path[path->cells[i]] = 1;
        s->steps++;
        flush_frame(s);
        pause_ms(s, s->delay_ms);
    }
    maze_path_destroy(path);
    return MAZE_OK;
}

/* The terminal's size in characters (80 x 24 when it does not say). */
static void
terminal_size(unsigned *cols, unsigned *rows)
{
    struct winsize ws;
    *cols = 80;
    *rows = 24;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
        ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
}

/* The largest maze the terminal shows: 3 columns a cell and a post, 2
 * rows a cell and a wall, and a line of status under the maze. */
static void
terminal_fit(uint64_t *fit_w, uint64_t *fit_h)
{
    unsigned cols, rows;
    terminal_size(&cols, &rows);
    *fit_w = cols >= 4 ? (cols - 1) / 3 : 0;
    *fit_h = rows >= 4 ? (rows - 2) / 2 : 0;
}

void
cli_watch_fit(struct maze_job *job)
{
    uint64_t fit_w, fit_h;
    terminal_fit(&fit_w, &fit_h);
    /* A side not given fits the terminal, and is small enough to watch (a
     * fractal's sides are powers, fixed by -W and -H). */
    if (maze_job_given(job, MAZE_OPT_FRACTAL)) {
        return;
    }
    char side[16];
    if (!maze_job_given(job, MAZE_OPT_WIDTH) && fit_w > 0) {
        snprintf(side, sizeof(side), "%u", (unsigned)(fit_w < 40 ? fit_w : 40));
        (void)maze_job_set(job, "width", side);
    }
    if (!maze_job_given(job, MAZE_OPT_HEIGHT) && fit_h > 0) {
        snprintf(side, sizeof(side), "%u", (unsigned)(fit_h < 20 ? fit_h : 20));
        (void)maze_job_set(job, "height", side);
    }
}

bool
cli_check_watch(const struct maze_job *job)
{
    if (!isatty(STDOUT_FILENO)) {
        cli_usage_error("--watch: standard output is not a terminal; expected "
                        "to run in one (or --animate -o FILE.svg to keep the "
                        "carve)");
        return false;
    }
    const char *term = getenv("TERM");
    if (term != NULL && strcmp(term, "dumb") == 0) {
        cli_usage_error("--watch: TERM=dumb cannot move the cursor; expected "
                        "a terminal such as xterm");
        return false;
    }
    unsigned cols, rows;
    uint64_t fit_w, fit_h;
    terminal_size(&cols, &rows);
    terminal_fit(&fit_w, &fit_h);
    uint64_t w = cli_number(job, MAZE_OPT_WIDTH);
    uint64_t h = cli_number(job, MAZE_OPT_HEIGHT);
    if (w < 1 || h < 1 || w > fit_w || h > fit_h) {
        cli_usage_error("--watch: a %ux%u maze needs %llu columns and %llu "
                        "rows; this terminal has %ux%u, which fits "
                        "-W %llu -H %llu at most",
                        (unsigned)w, (unsigned)h, 3ull * w + 1, 2ull * h + 2,
                        cols, rows, (unsigned long long)fit_w,
                        (unsigned long long)fit_h);
        return false;
    }
    return true;
}

int
cli_watch_run(struct maze_job *job)
{
    struct maze_grid *g = NULL;
    struct screen s = {0};
    uint32_t w = (uint32_t)cli_number(job, MAZE_OPT_WIDTH);
    uint32_t h = (uint32_t)cli_number(job, MAZE_OPT_HEIGHT);
    const char *alg = cli_text(job, MAZE_OPT_ALGORITHM);
    unsigned long long seed = cli_number(job, MAZE_OPT_SEED);
    /* The screen's own picture of the grid: a whole rectangle numbers its
     * cells and passages as the job's does. */
    int rc = maze_grid_create_rect(w, h, &g);
    if (rc == MAZE_OK) {
        rc = screen_init(&s, job, g);
    }
    if (rc != MAZE_OK) {
        fprintf(stderr, "mazegen: cannot watch the maze: %s\n",
                maze_strerror(rc));
        screen_finish(&s);
        maze_grid_destroy(g);
        return CLI_STATUS_RUNTIME;
    }
    install();
    enter();
    char status[160];
    snprintf(status, sizeof(status), "%ux%u %s, seed %llu: carving",
             (unsigned)s.w, (unsigned)s.h, alg, seed);
    s.status = status;
    struct maze_steps steps = {on_step, &s};
    struct maze_job_hooks hooks = {
        .struct_size = sizeof(struct maze_job_hooks),
        .steps = &steps,
    };
    flush_frame(&s);
    rc = maze_job_make(job, &hooks);
    const struct maze *m = maze_job_maze(job, 0, NULL, NULL);
    if (rc == MAZE_OK && !stop_signal) {
        snprintf(status, sizeof(status), "%ux%u %s, seed %llu: solving",
                 (unsigned)s.w, (unsigned)s.h, alg, seed);
        rc = trace(&s, m);
    }
    if (rc == MAZE_OK && !stop_signal) {
        snprintf(status, sizeof(status), "%ux%u %s, seed %llu: done",
                 (unsigned)s.w, (unsigned)s.h, alg, seed);
        flush_frame(&s);
    }
    leave(&s);
    screen_finish(&s);
    maze_grid_destroy(g);
    if (stop_signal) {
        return 128 + stop_signal;
    }
    if (rc != MAZE_OK) {
        fprintf(stderr, "mazegen: cannot watch the maze: %s\n",
                maze_strerror(rc));
        return CLI_STATUS_RUNTIME;
    }
    return fflush(stdout) == 0 ? 0 : CLI_STATUS_RUNTIME;
}
