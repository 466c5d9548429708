/* SPDX-License-Identifier: MIT */
/*
 * The board of --play: a rectangular maze as the walls around each cell,
 * the player, the cells and passages walked, and the shortest path, drawn
 * as text in the style of the text exporter (each cell two columns wide,
 * "+--+" or box drawing). Cells are numbered y * width + x here, whatever
 * the library's numbering, so moving is arithmetic.
 */
#ifndef MAZEGEN_CLI_BOARD_H
#define MAZEGEN_CLI_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

/* Directions, as bits of a cell's open sides. */
enum board_dir {
    BOARD_E = 1,
    BOARD_S = 2,
    BOARD_W = 4,
    BOARD_N = 8,
};

struct board {
    uint32_t width, height;
    /* Per cell: the enum board_dir sides open to a neighbour. */
    uint8_t *open;
    /* Per cell: walked and solution marks (board.c). */
    uint8_t *mark;
    uint32_t start, finish, player;
    /* The side of start and of finish open to the outside, or 0. */
    unsigned start_door, finish_door;
    /* Steps of the shortest path, and of the player so far. */
    size_t shortest, moves;
};

/* A text being drawn; grows as needed. */
struct board_text {
    char *s;
    size_t len, cap;
    bool failed; /* out of memory: the text is incomplete */
};

/* How the board is drawn. */
struct board_style {
    bool utf8;
    bool colour;
    bool player;   /* mark the player's cell */
    bool solution; /* show the shortest path */
};

/* Reads maze m (a whole rectangle) into b and solves it.
 * Errors: those of maze_solve(), MAZE_ERR_UNSUPPORTED (another kind),
 * MAZE_ERR_NOMEM. */
int board_init(struct board *b, const struct maze *m);

/* The direction (0 east, 1 south, 2 west, 3 north) side `side` of a
 * cell faces, from the grid's geometry; 4 for none. */
unsigned cli_side_direction(const struct maze_grid *g, uint32_t cell,
                            unsigned side);
void board_finish(struct board *b);

/* Moves the player one cell in direction d: false, nothing changed, when
 * a wall is in the way. */
bool board_move(struct board *b, enum board_dir d);

/* Appends s (n bytes) to t. */
void board_put(struct board_text *t, const char *s, size_t n);
void board_puts(struct board_text *t, const char *s);

/* Appends the board's 2 * height + 1 lines, each ending in eol. */
void board_draw(const struct board *b, const struct board_style *st,
                const char *eol, struct board_text *t);

#endif
