/* SPDX-License-Identifier: MIT */
/*
 * The board of --play (board.h). It is read from the library once (walls
 * through maze_grid_neighbors() and maze_is_open(), the shortest path
 * through maze_solve()), then lives in two bytes a cell. Drawing goes
 * lattice line by cell line as the text exporter does; what fills an
 * open passage or a cell follows one order: the player, then start and
 * finish, then the solution when shown, then the path walked.
 */
#include "cli/board.h"

#include <stdlib.h>
#include <string.h>

unsigned
cli_side_direction(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, cell, sides);
    if (side >= n) {
        return 4;
    }
    struct maze_point c = maze_grid_cell_center(g, cell);
    double dx = (sides[side].a.x + sides[side].b.x) / 2 - c.x;
    double dy = (sides[side].a.y + sides[side].b.y) / 2 - c.y;
    if (dx * dx > dy * dy) {
        return dx > 0 ? 0 : 2;
    }
    return dy > 0 ? 1 : 3;
}

/* Marks: the cell was walked, the passage to its east or south was
 * walked, and the same three for the shortest path. */
enum {
    WALKED = 1,
    WALKED_E = 2,
    WALKED_S = 4,
    SOLVED = 8,
    SOLVED_E = 16,
    SOLVED_S = 32,
};

/* Box-drawing posts by the walls that meet there: up 1, right 2, down 4,
 * left 8. */
static const char *const posts[16] = {
    " ", "╵", "╶", "└", "╷", "│", "┌", "├",
    "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};

/* Colours (SGR) of the player, start and finish, solution, path walked. */
static const char sgr_player[] = "\033[1;33m";
static const char sgr_end[] = "\033[1m";
static const char sgr_solution[] = "\033[32m";
static const char sgr_walked[] = "\033[36m";
static const char sgr_off[] = "\033[0m";

void
board_put(struct board_text *t, const char *s, size_t n)
{
    if (t->failed) {
        return;
    }
    if (n > t->cap - t->len) {
        size_t cap = t->cap ? t->cap : 4096;
        while (n > cap - t->len) {
            if (cap > SIZE_MAX / 2) {
                t->failed = true;
                return;
            }
            cap *= 2;
        }
        char *s2 = realloc(t->s, cap);
        if (s2 == NULL) {
            t->failed = true;
            return;
        }
        t->s = s2;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
}

void
board_puts(struct board_text *t, const char *s)
{
    board_put(t, s, strlen(s));
}

/* The board_dir bit of a cell's side (0 for none). */
static unsigned
side_dir(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    unsigned d = cli_side_direction(g, cell, side);
    return d < 4 ? 1u << d : 0; /* BOARD_E, _S, _W, _N */
}

/* The board's number of a library cell. */
static uint32_t
index_of(const struct board *b, const struct maze_grid *g, uint32_t cell)
{
    uint32_t xy[MAZE_MAX_COORDS];
    maze_grid_cell_coords(g, cell, xy);
    return xy[1] * b->width + xy[0];
}

/* The direction from board cell a to its neighbour c. */
static unsigned
dir_to(const struct board *b, uint32_t a, uint32_t c)
{
    /* By rows, not by a difference of 1: one cell wide, that is south. */
    if (a / b->width == c / b->width) {
        return c > a ? BOARD_E : BOARD_W;
    }
    return c > a ? BOARD_S : BOARD_N;
}

static void
mark_solution(struct board *b, const struct maze_grid *g,
              const struct maze_path *p)
{
    for (size_t i = 0; i < p->length; i++) {
        uint32_t c = index_of(b, g, p->cells[i]);
        b->mark[c] |= SOLVED;
        if (i + 1 < p->length) {
            uint32_t n = index_of(b, g, p->cells[i + 1]);
            unsigned d = dir_to(b, c, n);
            if (d == BOARD_E || d == BOARD_S) {
                b->mark[c] |= d == BOARD_E ? SOLVED_E : SOLVED_S;
            } else {
                b->mark[n] |= d == BOARD_W ? SOLVED_E : SOLVED_S;
            }
        }
    }
    b->shortest = p->length > 0 ? p->length - 1 : 0;
}

int
board_init(struct board *b, const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    *b = (struct board){0};
    if (strcmp(maze_grid_kind_name(g), "rect") != 0 || maze_grid_masked(g)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    b->width = maze_grid_width(g);
    b->height = maze_grid_height(g);
    uint32_t n = maze_grid_cell_count(g);
    struct maze_path *path = NULL;
    b->open = calloc(n, 1);
    b->mark = calloc(n, 1);
    int rc = b->open && b->mark ? maze_solve(m, &path) : MAZE_ERR_NOMEM;
    if (rc != MAZE_OK) {
        board_finish(b);
        return rc;
    }
    for (uint32_t cell = 0; cell < n; cell++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze_grid_neighbors(g, cell, links);
        uint32_t c = index_of(b, g, cell);
        for (unsigned i = 0; i < k; i++) {
            if (maze_is_open(m, links[i].edge)) {
                b->open[c] |=
                    (uint8_t)dir_to(b, c, index_of(b, g, links[i].cell));
            }
        }
    }
    mark_solution(b, g, path);
    maze_path_destroy(path);
    b->start = index_of(b, g, maze_start(m));
    b->finish = index_of(b, g, maze_finish(m));
    unsigned so = maze_start_opening(m), fo = maze_finish_opening(m);
    b->start_door = so == MAZE_NONE ? 0 : side_dir(g, maze_start(m), so);
    b->finish_door = fo == MAZE_NONE ? 0 : side_dir(g, maze_finish(m), fo);
    b->player = b->start;
    b->mark[b->start] |= WALKED;
    return MAZE_OK;
}

void
board_finish(struct board *b)
{
    free(b->open);
    free(b->mark);
    b->open = NULL;
    b->mark = NULL;
}

bool
board_move(struct board *b, enum board_dir d)
{
    uint32_t p = b->player;
    if (!(b->open[p] & d)) {
        return false;
    }
    uint32_t n = d == BOARD_E   ? p + 1
                 : d == BOARD_W ? p - 1
                 : d == BOARD_S ? p + b->width
                                : p - b->width;
    uint32_t low = d == BOARD_E || d == BOARD_S ? p : n;
    b->mark[low] |= d == BOARD_E || d == BOARD_W ? WALKED_E : WALKED_S;
    b->mark[n] |= WALKED;
    b->player = n;
    b->moves++;
    return true;
}

/* Whether the side d of cell (x, y) is a wall: inner sides by the
 * passages, outer ones but for the doors of start and finish. */
static bool
wall(const struct board *b, uint32_t x, uint32_t y, unsigned d)
{
    uint32_t c = y * b->width + x;
    if (b->open[c] & d) {
        return false;
    }
    return !((c == b->start && b->start_door == d) ||
             (c == b->finish && b->finish_door == d));
}

/* Wall above cell column x on lattice line y (0 to height). */
static bool
hwall(const struct board *b, uint32_t x, uint32_t y)
{
    return y < b->height ? wall(b, x, y, BOARD_N) : wall(b, x, y - 1, BOARD_S);
}

/* Wall left of cell row y at lattice column x (0 to width). */
static bool
vwall(const struct board *b, uint32_t x, uint32_t y)
{
    return x < b->width ? wall(b, x, y, BOARD_W) : wall(b, x - 1, y, BOARD_E);
}

/* Appends glyph s, in colour sgr when the style has colours. */
static void
glyph(struct board_text *t, const struct board_style *st, const char *sgr,
      const char *s)
{
    if (st->colour && sgr != NULL) {
        board_puts(t, sgr);
        board_puts(t, s);
        board_puts(t, sgr_off);
    } else {
        board_puts(t, s);
    }
}

/* A gap in a wall: on the solution shown, walked, or empty. */
static void
gap(struct board_text *t, const struct board_style *st, uint8_t mark,
    unsigned solved, unsigned walked, bool wide)
{
    if (st->solution && (mark & solved)) {
        glyph(t, st, sgr_solution,
              st->utf8 ? (wide ? "••" : "•") : (wide ? "**" : "*"));
    } else if (mark & walked) {
        glyph(t, st, sgr_walked,
              st->utf8 ? (wide ? "··" : "·") : (wide ? ".." : "."));
    } else {
        board_puts(t, wide ? "  " : " ");
    }
}

static void
lattice_line(const struct board *b, const struct board_style *st, uint32_t y,
             struct board_text *t)
{
    for (uint32_t x = 0; x <= b->width; x++) {
        unsigned arms = 0;
        arms |= y > 0 && vwall(b, x, y - 1) ? 1 : 0;
        arms |= x < b->width && hwall(b, x, y) ? 2 : 0;
        arms |= y < b->height && vwall(b, x, y) ? 4 : 0;
        arms |= x > 0 && hwall(b, x - 1, y) ? 8 : 0;
        board_puts(t, st->utf8 ? posts[arms] : "+");
        if (x == b->width) {
            break;
        }
        if (hwall(b, x, y)) {
            board_puts(t, st->utf8 ? "──" : "--");
        } else {
            uint8_t mark =
                y > 0 && y < b->height ? b->mark[(y - 1) * b->width + x] : 0;
            gap(t, st, mark, SOLVED_S, WALKED_S, true);
        }
    }
}

static void
cell_line(const struct board *b, const struct board_style *st, uint32_t y,
          struct board_text *t)
{
    for (uint32_t x = 0; x <= b->width; x++) {
        uint32_t c = y * b->width + x;
        if (vwall(b, x, y)) {
            board_puts(t, st->utf8 ? "│" : "|");
        } else {
            uint8_t mark = x > 0 && x < b->width ? b->mark[c - 1] : 0;
            gap(t, st, mark, SOLVED_E, WALKED_E, false);
        }
        if (x == b->width) {
            break;
        }
        if (st->player && c == b->player) {
            glyph(t, st, sgr_player, "@ ");
        } else if (c == b->start || c == b->finish) {
            glyph(t, st, sgr_end, c == b->start ? "S " : "F ");
        } else {
            gap(t, st, b->mark[c], SOLVED, WALKED, true);
        }
    }
}

void
board_draw(const struct board *b, const struct board_style *st, const char *eol,
           struct board_text *t)
{
    for (uint32_t y = 0; y <= b->height; y++) {
        lattice_line(b, st, y, t);
        board_puts(t, eol);
        if (y < b->height) {
            cell_line(b, st, y, t);
            board_puts(t, eol);
        }
    }
}
