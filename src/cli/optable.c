/* SPDX-License-Identifier: MIT */
/*
 * The option table (optable.h). The word lists are the parsers' own: an
 * option that takes one of a few words is checked against the array its
 * completion offers.
 */
#include "cli/optable.h"
#include "cli/watch.h"

#include <getopt.h>

/* In enum maze_charset's order. */
const char *const cli_words_charset[] = {"ascii", "utf8", "underscore", NULL};
const char *const cli_words_stats[] = {"text", "json", NULL};
const char *const cli_words_openings[] = {"longest", "left-right", "top-bottom",
                                          NULL};
const char *const cli_words_background[] = {"white", "none", NULL};
const char *const cli_words_orientation[] = {"portrait", "landscape", NULL};
const char *const cli_words_answers[] = {"none", "end", "same-page", NULL};
/* The growing-tree policies alone; mixes (newest:75,random:25) are typed. */
const char *const cli_words_growing[] = {"newest", "random", "oldest", "middle",
                                         NULL};
const char *const cli_words_shells[] = {"bash", "zsh", "fish", NULL};
/* What --per-page checks by number, offered as words. */
static const char *const per_page[] = {"1", "2", "4", "6", NULL};

#define NONE no_argument
#define REQ required_argument
#define OPT optional_argument

static const struct cli_option_spec table[] = {
    {"grid", 'g', REQ, 'g', CLI_VALUE_GRID, NULL, "grid kind", false},
    {"width", 'W', REQ, 'W', CLI_VALUE_FREE, NULL, "width in cells", false},
    {"height", 'H', REQ, 'H', CLI_VALUE_FREE, NULL, "height in cells", false},
    {"mask", 0, REQ, OPT_MASK, CLI_VALUE_FILE, NULL,
     "shape picture (PNG or text)", false},
    {"mask-invert", 0, NONE, OPT_MASK_INVERT, CLI_VALUE_NONE, NULL,
     "use the picture's other cells", false},
    {"levels", 'L', REQ, 'L', CLI_VALUE_FREE, NULL, "3d levels", false},
    {"panels", 0, REQ, OPT_PANELS, CLI_VALUE_FREE, NULL, "3d levels a row",
     false},
    {"centre", 0, REQ, OPT_CENTRE, CLI_VALUE_FREE, NULL,
     "theta centre radius in rings", false},
    {"center", 0, REQ, OPT_CENTRE, CLI_VALUE_FREE, NULL,
     "theta centre radius in rings", false},
    {"algorithm", 'a', REQ, 'a', CLI_VALUE_ALGORITHM, NULL, "generator", false},
    {"bias", 'b', REQ, 'b', CLI_VALUE_FREE, NULL, "direction class weights",
     false},
    {"seed", 's', REQ, 's', CLI_VALUE_FREE, NULL, "seed", false},
    {"growing", 0, REQ, OPT_GROWING, CLI_VALUE_WORDS, cli_words_growing,
     "growing-tree cell choice", false},
    {"rooms", 0, REQ, OPT_ROOMS, CLI_VALUE_FREE, NULL, "division room size",
     false},
    {"braid", 0, REQ, OPT_BRAID, CLI_VALUE_FREE, NULL,
     "fraction of dead ends removed", false},
    {"fractal", 0, REQ, OPT_FRACTAL, CLI_VALUE_FREE, NULL, "nesting levels",
     false},
    {"weave", 0, OPT, OPT_WEAVE, CLI_VALUE_FREE, NULL,
     "weave maze, crossing density in %", false},
    {"unicursal", 0, NONE, OPT_UNICURSAL, CLI_VALUE_NONE, NULL,
     "one path through every cell", false},
    {"difficulty", 0, REQ, OPT_DIFFICULTY, CLI_VALUE_DIFFICULTY, NULL,
     "difficulty level or targets", false},
    {"start", 0, REQ, OPT_START, CLI_VALUE_FREE, NULL, "start cell", false},
    {"finish", 0, REQ, OPT_FINISH, CLI_VALUE_FREE, NULL, "finish cell", false},
    {"openings", 0, REQ, OPT_OPENINGS, CLI_VALUE_WORDS, cli_words_openings,
     "where start and finish open", false},
    {"output", 'o', REQ, 'o', CLI_VALUE_FILE, NULL, "output file", false},
    {"format", 't', REQ, 't', CLI_VALUE_FORMAT, NULL, "output format", false},
    {"force", 0, NONE, OPT_FORCE, CLI_VALUE_NONE, NULL,
     "write any format to a terminal", false},
    {"solution", 0, NONE, OPT_SOLUTION, CLI_VALUE_NONE, NULL,
     "draw the solution", false},
    {"answer-key", 0, REQ, OPT_ANSWER_KEY, CLI_VALUE_FILE, NULL,
     "also write the solved maze to a file", false},
    {"load", 0, REQ, OPT_LOAD, CLI_VALUE_FILE, NULL,
     "draw a saved wall-graph file", false},
    {"stats", 0, OPT, OPT_STATS, CLI_VALUE_WORDS, cli_words_stats,
     "print the maze's metrics", false},
    {"cell-size", 'c', REQ, 'c', CLI_VALUE_FREE, NULL, "cell size", false},
    {"wall-width", 0, REQ, OPT_WALL_WIDTH, CLI_VALUE_FREE, NULL,
     "wall thickness", false},
    {"margin", 0, REQ, OPT_MARGIN, CLI_VALUE_FREE, NULL,
     "space around the maze", false},
    {"dpi", 0, REQ, OPT_DPI, CLI_VALUE_FREE, NULL, "PNG resolution", false},
    {"charset", 0, REQ, OPT_CHARSET, CLI_VALUE_WORDS, cli_words_charset,
     "text characters", false},
    {"blocks", 0, REQ, OPT_BLOCKS, CLI_VALUE_FREE, NULL,
     "block map characters: wall, floor, start, finish", false},
    {"interactive", 'i', NONE, 'i', CLI_VALUE_NONE, NULL,
     "ask for rows and columns, then print mazes", false},
    {"play", 0, NONE, OPT_PLAY, CLI_VALUE_NONE, NULL,
     "solve the maze with the keyboard", false},
    {"id-prefix", 0, REQ, OPT_ID_PREFIX, CLI_VALUE_FREE, NULL, "SVG id prefix",
     false},
    {"background", 0, REQ, OPT_BACKGROUND, CLI_VALUE_WORDS,
     cli_words_background, "SVG background", false},
    {"plotter", 0, NONE, OPT_PLOTTER, CLI_VALUE_NONE, NULL,
     "SVG walls as long strokes", false},
    {"watch", 0, NONE, CLI_OPT_WATCH, CLI_VALUE_NONE, NULL,
     "draw the carve live in the terminal", false},
    {"delay", 0, REQ, CLI_OPT_DELAY, CLI_VALUE_FREE, NULL,
     "milliseconds between watched steps", false},
    {"animate", 0, NONE, CLI_OPT_ANIMATE, CLI_VALUE_NONE, NULL,
     "an animated SVG of the carve", false},
    {"frames", 0, REQ, CLI_OPT_FRAMES, CLI_VALUE_FILE, NULL,
     "write numbered PNG frames to a directory", false},
    {"frame-every", 0, REQ, CLI_OPT_FRAME_EVERY, CLI_VALUE_FREE, NULL,
     "steps between frames", false},
    {"sheet", 0, NONE, CLI_OPT_SHEET, CLI_VALUE_NONE, NULL,
     "lay the maze out on paper", false},
    {"paper", 0, REQ, CLI_OPT_PAPER, CLI_VALUE_PAPER, NULL, "paper size",
     false},
    {"orientation", 0, REQ, CLI_OPT_ORIENTATION, CLI_VALUE_WORDS,
     cli_words_orientation, "paper orientation", false},
    {"count", 0, REQ, CLI_OPT_COUNT, CLI_VALUE_FREE, NULL,
     "puzzles in the book", false},
    {"per-page", 0, REQ, CLI_OPT_PER_PAGE, CLI_VALUE_WORDS, per_page,
     "puzzles on each page", false},
    {"puzzle", 0, REQ, CLI_OPT_PUZZLE, CLI_VALUE_FREE, NULL,
     "only this puzzle of the book", false},
    {"title", 0, REQ, CLI_OPT_TITLE, CLI_VALUE_FREE, NULL, "page title", false},
    {"instructions", 0, REQ, CLI_OPT_INSTRUCTIONS, CLI_VALUE_FREE, NULL,
     "text under the title", false},
    {"author", 0, REQ, CLI_OPT_AUTHOR, CLI_VALUE_FREE, NULL, "PDF author",
     false},
    {"gutter", 0, REQ, CLI_OPT_GUTTER, CLI_VALUE_FREE, NULL, "binding margin",
     false},
    {"bleed", 0, REQ, CLI_OPT_BLEED, CLI_VALUE_FREE, NULL,
     "bleed with crop marks", false},
    {"ink-saving", 0, NONE, CLI_OPT_INK_SAVING, CLI_VALUE_NONE, NULL,
     "thinner lines", false},
    {"name-line", 0, NONE, CLI_OPT_NAME_LINE, CLI_VALUE_NONE, NULL,
     "a Name / Date line", false},
    {"answers", 0, REQ, CLI_OPT_ANSWERS, CLI_VALUE_WORDS, cli_words_answers,
     "where the answer keys go", false},
    {"upside-down", 0, NONE, CLI_OPT_UPSIDE_DOWN, CLI_VALUE_NONE, NULL,
     "same-page keys upside down", false},
    {"stream", 0, NONE, OPT_STREAM, CLI_VALUE_NONE, NULL,
     "carve and write row by row", false},
    {"max-memory", 0, REQ, OPT_MAX_MEMORY, CLI_VALUE_FREE, NULL, "memory limit",
     false},
    {"threads", 'j', REQ, 'j', CLI_VALUE_FREE, NULL, "threads deflating PNG",
     false},
    {"verbose", 'v', NONE, 'v', CLI_VALUE_NONE, NULL,
     "print the seed and files", false},
    {"quiet", 'q', NONE, 'q', CLI_VALUE_NONE, NULL, "print only errors", false},
    {"help", 'h', NONE, 'h', CLI_VALUE_NONE, NULL, "show the help", false},
    {"version", 'V', NONE, 'V', CLI_VALUE_NONE, NULL, "show the version",
     false},
    {"completions", 0, REQ, OPT_COMPLETIONS, CLI_VALUE_WORDS, cli_words_shells,
     "print a shell completion script", true},
};

size_t
cli_option_count(void)
{
    return sizeof(table) / sizeof(table[0]);
}

const struct cli_option_spec *
cli_option_at(size_t index)
{
    return index < cli_option_count() ? &table[index] : NULL;
}
