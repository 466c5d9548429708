/* SPDX-License-Identifier: MIT */
/*
 * The option table (option.h): every option of a mazegen request, one
 * row each, in --help's order. A row's index is its id, which a test
 * checks, so maze_option_at(MAZE_OPT_SEED) is the seed's row.
 *
 * Help paragraphs are one line of words: the command wraps them to its
 * columns, a web form shows them as they are. Limits and registry names
 * come from placeholders (maze_option_describe()), so no number or name
 * is written twice.
 */
#include <mazegen/option.h>

#include "option/option_impl.h"

/* In enum maze_charset's order. */
static const char *const charsets[] = {"ascii", "utf8", "underscore", NULL};
/* Text to standard error, or JSON to standard output. */
static const char *const stats[] = {"text", "json", NULL};
/* In the order of MAZE_OPENINGS_CHOICES (option_impl.h). */
static const char *const openings[] = {"longest", "left-right", "top-bottom",
                                       NULL};
static const char *const backgrounds[] = {"white", "none", NULL};
static const char *const orientations[] = {"portrait", "landscape", NULL};
static const char *const answers[] = {"none", "end", "same-page", NULL};
/* The growing-tree policies alone; mixes (newest:75,random:25) are
 * typed. */
static const char *const growing[] = {"newest", "random", "oldest", "middle",
                                      NULL};
static const char *const per_page[] = {"1", "2", "4", "6", NULL};
static const char *const shells[] = {"bash", "zsh", "fish", NULL};
static const char *const footers[] = {"full", "seed", "none", NULL};

#define ROW(ID, NAME, LETTER, TYPE, GROUP)                                     \
    .id = MAZE_OPT_##ID, .name = NAME, .letter = LETTER,                       \
    .type = MAZE_OPTION_##TYPE, .group = MAZE_GROUP_##GROUP

static const struct maze_option table[] = {
    {ROW(GRID, "grid", 'g', CHOICE, MAZE), .metavar = "KIND",
     .registry = MAZE_REGISTRY_GRID, .flags = MAZE_OPTION_LISTS,
     .default_value = "rect", .summary = "grid kind",
     .help = "the cells: rect (default), hex, triangle, ...; 'list' prints "
             "each kind with its sizes, bias classes and cell names "
             "(docs/grids.md)"},
    {ROW(WIDTH, "width", 'W', NUMBER, MAZE), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_SIDE, .default_value = "20",
     .summary = "width in cells",
     .help = "width in cells, {min} to {max} (default {default})"},
    {ROW(HEIGHT, "height", 'H', NUMBER, MAZE), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_SIDE, .default_value = "20",
     .summary = "height in cells",
     .help = "height in cells, {min} to {max} (default {default}); width x "
             "height at most {max-cells} cells in memory, any number "
             "streamed (see Large mazes)"},
    {ROW(MASK, "mask", 0, INPUT, MAZE), .metavar = "FILE",
     .summary = "shape picture (PNG or text)",
     .help = "keep only the cells a picture marks: a PNG, one pixel a cell "
             "(dark pixels are cells), or text, one character a cell ('.', "
             "' ', '_' are not); the size comes from the picture, or -W "
             "and -H scale it (one alone keeps its proportions; a cell is "
             "kept when at least half of what it covers is); its cells "
             "must form one piece (not theta or 3d)"},
    {ROW(MASK_INVERT, "mask-invert", 0, FLAG, MAZE),
     .summary = "use the picture's other cells",
     .help = "the picture's other cells are the maze"},
    {ROW(LEVELS, "levels", 'L', NUMBER, MAZE), .metavar = "N", .min = 1,
     .max = 64, .default_rule = MAZE_DEFAULT_DERIVED, .summary = "3d levels",
     .help =
         "3d: levels of W x H cells joined by up/down passages, {min} to "
         "{max} (default 2); alone it means --grid 3d; cells are x,y,level"},
    {ROW(PANELS, "panels", 0, NUMBER, MAZE), .metavar = "N", .min = 0,
     .max = 64, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "3d levels a row",
     .help = "3d: levels drawn N to a row (0 or default: all up to 3, else "
             "about a square; a sheet picks the arrangement that fits its "
             "page best)"},
    {ROW(CENTRE, "centre", 0, NUMBER, MAZE), .alias = "center", .metavar = "N",
     .min = 1, .max = 10, .default_value = "1",
     .summary = "theta centre radius in rings",
     .help = "theta: the centre room's radius in rings, {min} to {max} "
             "(default {default}); the maze leads to the centre; also "
             "--center"},
    {ROW(ALGORITHM, "algorithm", 'a', CHOICE, MAZE), .metavar = "NAME",
     .registry = MAZE_REGISTRY_ALGORITHM, .flags = MAZE_OPTION_LISTS,
     .default_value = "backtracker", .summary = "generator",
     .help = "generator, listed below (default {default}); 'list' prints "
             "the names"},
    {ROW(BIAS, "bias", 'b', TEXT, MAZE), .metavar = "C=W,...", .max = 256,
     .summary = "direction class weights",
     .help = "weights of the grid's direction classes: h=W,v=W on rect "
             "(east-west, north-south passages); hex h, ne, nw; triangle v, "
             "ne, nw; upsilon and zeta orth, diag; theta around, inout; 3d "
             "h, v, ud (up/down: ud=0.1 makes floor changes rare) (--grid "
             "list); decimals 0 to 1000, at least one positive, an omitted "
             "one is 1 (default: all 1); docs/algorithms.md says what each "
             "algorithm weighs"},
    {ROW(SEED, "seed", 's', NUMBER, MAZE), .metavar = "N", .min = 0,
     .max = UINT64_MAX, .default_rule = MAZE_DEFAULT_RANDOM, .summary = "seed",
     .help = "seed, {min} to {max} (default: random, printed with --verbose "
             "and stamped in the output)"},
    {ROW(GROWING, "growing", 0, CHOICE, MAZE), .metavar = "POLICY",
     .choices = growing, .default_value = "newest",
     .summary = "growing-tree cell choice",
     .help = "growing-tree cell choice: newest (default), random, oldest, "
             "middle, or a mix like newest:75,random:25"},
    {ROW(ROOMS, "rooms", 0, NUMBER, MAZE), .metavar = "N", .min = 0,
     .max = MAZE_OPTION_MAX_SIDE, .default_value = "0",
     .summary = "division room size",
     .help = "division: leave regions of at most N x N cells as open rooms "
             "(default 0: a perfect maze)"},
    {ROW(BRAID, "braid", 0, FRACTION, MAZE), .metavar = "P",
     .default_value = "0", .summary = "fraction of dead ends removed",
     .help = "remove the fraction P (0 to 1) of dead ends, making loops "
             "(default 0)"},
    {ROW(FRACTAL, "fractal", 0, NUMBER, MAZE), .metavar = "K", .min = 1,
     .max = 31, .default_value = "1", .summary = "nesting levels",
     .help = "nest K levels: each cell of the -W x -H maze holds another, "
             "W^K x H^K cells, outer walls heavier"},
    {ROW(WEAVE, "weave", 0, NUMBER, MAZE), .metavar = "P", .min = 1, .max = 100,
     .flags = MAZE_OPTION_VALUE_OPTIONAL, .default_value = "50",
     .summary = "weave maze, crossing density in %",
     .help = "a weave maze (--grid weave): passages may tunnel under "
             "straight corridors; -a backtracker takes P% of its chances to, "
             "-a kruskal places crossings at P% of the cells ({min}-{max}, "
             "default {default})"},
    {ROW(UNICURSAL, "unicursal", 0, FLAG, MAZE),
     .summary = "one path through every cell",
     .help = "turn the maze into one path through every cell with no "
             "choices (the grid doubles each way)"},
    {ROW(DIFFICULTY, "difficulty", 0, CHOICE, MAZE), .metavar = "LVL",
     .registry = MAZE_REGISTRY_DIFFICULTY,
     .summary = "difficulty level or targets",
     .help = "easy, medium, hard or expert: picks the algorithm and tries "
             "seeds until the maze's metrics fit the level; prints the seed "
             "kept, or exits 1 when none of 200 fits; targets narrow a level "
             "(hard,winding=4..) or stand alone for -a "
             "(winding=3..5,dead-ends=..10: solution over width+height-1, % "
             "of cells)"},
    {ROW(START, "start", 0, CELL, MAZE), .metavar = "X,Y",
     .default_rule = MAZE_DEFAULT_DERIVED, .summary = "start cell",
     .help = "start cell, 0-based, x right, y down (other kinds: their cell "
             "names, --grid list)"},
    {ROW(FINISH, "finish", 0, CELL, MAZE), .metavar = "X,Y",
     .default_rule = MAZE_DEFAULT_DERIVED, .summary = "finish cell",
     .help = "finish cell (default: start and finish are the ends of the "
             "longest path between two cells of the outer wall, each with an "
             "opening)"},
    {ROW(OPENINGS, "openings", 0, CHOICE, MAZE), .metavar = "MODE",
     .choices = openings, .default_value = "longest",
     .summary = "where start and finish open",
     .help = "where start and finish open: longest (default: the longest "
             "path whose openings are on different sides of the maze), "
             "left-right (start on the west side, finish on the east) or "
             "top-bottom (north to south); --start/--finish keep their cells "
             "and open on those sides"},

    {ROW(OUTPUT, "output", 'o', OUTPUT, OUTPUT), .metavar = "FILE",
     .summary = "output file",
     .help = "write to FILE ('-' or none: standard output)"},
    {ROW(FORMAT, "format", 't', CHOICE, OUTPUT), .metavar = "NAME",
     .registry = MAZE_REGISTRY_FORMAT, .flags = MAZE_OPTION_LISTS,
     .default_rule = MAZE_DEFAULT_DERIVED, .summary = "output format",
     .help = "{formats} or none (generate only); an extension names its "
             "format too (txt); default: from FILE's extension "
             "{extensions}, else text (sheet with sheet options); an "
             "extension of another format is an error"},
    {ROW(FORCE, "force", 0, FLAG, OUTPUT), .flags = MAZE_OPTION_PROGRAM,
     .summary = "write any format to a terminal",
     .help = "write png, svg, pdf or json to a terminal too (refused without "
             "it)"},
    {ROW(SOLUTION, "solution", 0, FLAG, OUTPUT), .summary = "draw the solution",
     .help = "draw the shortest path from start to finish; on a sheet, add "
             "an answer-key section"},
    {ROW(ANSWER_KEY, "answer-key", 0, OUTPUT, OUTPUT), .metavar = "FILE",
     .summary = "also write the solved maze to a file",
     .help = "also write the maze with its solution to FILE (same format; on "
             "a sheet, the keys alone); -o then holds the plain puzzle"},
    {ROW(LOAD, "load", 0, INPUT, OUTPUT), .metavar = "FILE",
     .summary = "draw a saved wall-graph file",
     .help = "draw a maze saved with -t json ('-': standard input) instead "
             "of generating one"},
    {ROW(JOB, "job", 0, INPUT, OUTPUT), .metavar = "FILE",
     .summary = "a book of mazes with their own options",
     .help = "read a job file: JSON with \"options\" for the whole book and "
             "\"mazes\", an array with each maze's own options, in order "
             "one book (docs/sheets.md); --load given more than once makes a "
             "book of the files the same way"},
    {ROW(STATS, "stats", 0, CHOICE, OUTPUT), .metavar = "FORMAT",
     .choices = stats, .flags = MAZE_OPTION_VALUE_OPTIONAL,
     .default_value = "text", .summary = "print the maze's metrics",
     .help = "print the maze's metrics: text (default) on standard error, or "
             "json on standard output"},
    {ROW(CELL_SIZE, "cell-size", 'c', LENGTH, OUTPUT), .metavar = "LEN",
     .default_rule = MAZE_DEFAULT_FORMAT, .summary = "cell size",
     .help = "cell size: px for png (default 10px), pt, mm, cm or in for "
             "svg/pdf (default 12pt); a bare number uses the format's unit; "
             "on a sheet the default is the largest that fits, and -c "
             "without -W/-H fills the page with cells of that size"},
    {ROW(WALL_WIDTH, "wall-width", 0, LENGTH, OUTPUT), .metavar = "LEN",
     .default_rule = MAZE_DEFAULT_FORMAT, .summary = "wall thickness",
     .help = "wall thickness (default: png cell/5, vector cell/8); at least "
             "0.25pt as printed (0.5pt on a sheet) and at most half the "
             "cell, so passages keep at least half of it"},
    {ROW(MARGIN, "margin", 0, LENGTH, OUTPUT), .metavar = "LEN",
     .flags = MAZE_OPTION_ZERO, .default_rule = MAZE_DEFAULT_FORMAT,
     .summary = "space around the maze",
     .help = "space around the maze, where the start and finish arrows go "
             "(default: a cell, at least 12pt, png at its dpi; sheet 0.5in); "
             "0: none, and the ends are marked inside their cells"},
    {ROW(DPI, "dpi", 0, NUMBER, OUTPUT), .metavar = "N", .min = 1,
     .max = 100000, .default_value = "96", .summary = "PNG resolution",
     .help = "png resolution, {min} to {max} (default {default})"},
    {ROW(CHARSET, "charset", 0, CHOICE, OUTPUT), .metavar = "NAME",
     .choices = charsets, .default_value = "ascii",
     .summary = "text characters",
     .help = "text characters: ascii (default), utf8 or underscore (the "
             "classic |_ look: each cell a floor, _ when walled, and an east "
             "wall |; no --solution, rectangles only)"},
    {ROW(BLOCKS, "blocks", 0, TEXT, OUTPUT), .metavar = "CHARS", .max = 4,
     .default_value = "#.SF",
     .summary = "block map characters: wall, floor, start, finish",
     .help = "-t blocks: the characters of wall, floor, start and finish "
             "blocks, 4 different printable ASCII (default '{default}')"},

    {ROW(INTERACTIVE, "interactive", 'i', FLAG, CONSOLE),
     .flags = MAZE_OPTION_PROGRAM,
     .summary = "ask for rows and columns, then print mazes",
     .help = "ask for the rows and columns (2 to 50) of a maze on standard "
             "input, print it, and ask for another until the answer is no or "
             "the input ends (a pipe works too); maze k has seed -s + k, "
             "printed with it; the maze options apply to each, and -t text, "
             "blocks or blocks-csv; no -W, -H, -o, sheets, --load, --stream, "
             "--mask, --start, --finish, --fractal or --difficulty"},
    {ROW(PLAY, "play", 0, FLAG, CONSOLE), .flags = MAZE_OPTION_PROGRAM,
     .summary = "solve the maze with the keyboard",
     .help = "solve the maze yourself in the terminal: arrows, WASD or hjkl "
             "move, ? shows the solution, q gives up (exit 0, the solution "
             "drawn), Ctrl-C quits (130); the moves against the shortest "
             "path and the time are printed at the finish; rectangles that "
             "fit the terminal, no -o, -t or --solution"},

    {ROW(ID_PREFIX, "id-prefix", 0, TEXT, SVG), .metavar = "P",
     .max = MAZE_ID_PREFIX_MAX, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "SVG id prefix",
     .help = "start every id with P-: 1 to {max} ASCII letters, digits, '_', "
             "'-' or '.', a letter or '_' first (default: m and a hash of "
             "the document)"},
    {ROW(BACKGROUND, "background", 0, CHOICE, SVG), .metavar = "B",
     .choices = backgrounds, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "SVG background",
     .help = "white or none (default: none for a maze, white for a sheet)"},
    {ROW(PLOTTER, "plotter", 0, FLAG, SVG),
     .summary = "SVG walls as long strokes",
     .help = "walls as long strokes ordered to keep a pen plotter's or laser "
             "cutter's travel short"},

    {ROW(SHEET, "sheet", 0, FLAG, SHEET),
     .summary = "lay the maze out on paper",
     .help = "lay the maze out on paper (pdf, svg or png)"},
    {ROW(PAPER, "paper", 0, CHOICE, SHEET), .metavar = "NAME",
     .registry = MAZE_REGISTRY_PAPER, .flags = MAZE_OPTION_LISTS,
     .default_rule = MAZE_DEFAULT_ENVIRONMENT, .summary = "paper size",
     .help = "a paper as libpaper names it, in any case: letter, a4, legal, "
             "tabloid or 11x17, ledger (tabloid turned), a0-a10, b0-b10, "
             "c2-c8 and more; or WxH with a unit in, mm, cm or pt, e.g. "
             "8.5x11in, 14.8x21cm (default: $PAPERSIZE, else the file "
             "$PAPERCONF or /etc/papersize, else letter); 'list' prints "
             "each name with its size in mm and inches"},
    {ROW(ORIENTATION, "orientation", 0, CHOICE, SHEET), .metavar = "O",
     .choices = orientations, .default_value = "portrait",
     .summary = "paper orientation", .help = "portrait (default) or landscape"},
    {ROW(COUNT, "count", 0, NUMBER, SHEET), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_PUZZLES, .default_value = "1",
     .summary = "puzzles in the book",
     .help = "N numbered puzzles, {min} to {max} (default {default}), each "
             "with its own seed derived from -s; pdf only (png or svg: one "
             "--page of them)"},
    {ROW(PER_PAGE, "per-page", 0, CHOICE, SHEET), .metavar = "N",
     .choices = per_page, .default_value = "1",
     .summary = "puzzles on each page",
     .help = "puzzles on each page: 1 (default), 2, 4 or 6"},
    {ROW(PUZZLE, "puzzle", 0, NUMBER, SHEET), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_PUZZLES, .summary = "only this puzzle of the book",
     .help = "only puzzle N of the book, exactly as in it"},
    {ROW(TITLE, "title", 0, TEXT, SHEET), .metavar = "TEXT",
     .max = MAZE_OPTION_MAX_TITLE, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "page title",
     .help = "page title in any script (default Maze, or Mazes for a book; "
             "'' for none), shrunk to 10pt then wrapped to two lines to fit"},
    {ROW(INSTRUCTIONS, "instructions", 0, TEXT, SHEET), .metavar = "T",
     .max = MAZE_OPTION_MAX_INSTRUCTIONS, .flags = MAZE_OPTION_LINES,
     .summary = "text under the title",
     .help = "a line or four of text under the title"},
    {ROW(AUTHOR, "author", 0, TEXT, SHEET), .metavar = "NAME",
     .max = MAZE_OPTION_MAX_TITLE, .summary = "PDF author",
     .help = "the author in the PDF's metadata"},
    {ROW(GUTTER, "gutter", 0, LENGTH, SHEET), .metavar = "LEN",
     .summary = "binding margin",
     .help = "PDF books: a binding margin on the inner side (left of odd "
             "pages, right of even ones)"},
    {ROW(BLEED, "bleed", 0, LENGTH, SHEET), .metavar = "LEN[,all][,marks]",
     .summary = "bleed for a print shop",
     .help = "PDF: the page grows by LEN (at most 1in) at the top, bottom "
             "and outer side (,all: every side), with TrimBox and BleedBox "
             "(,marks: and crop marks)"},
    {ROW(INK_SAVING, "ink-saving", 0, FLAG, SHEET), .summary = "thinner lines",
     .help = "thinner walls and solution, arrows in outline"},
    {ROW(NAME_LINE, "name-line", 0, FLAG, SHEET),
     .summary = "a Name / Date line",
     .help = "a Name / Date line for the solver"},
    {ROW(ANSWERS, "answers", 0, CHOICE, SHEET), .metavar = "WHERE",
     .choices = answers, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "where the answer keys go",
     .help = "none, end (an answer section; the default with --solution) or "
             "same-page (small keys under the puzzles)"},
    {ROW(UPSIDE_DOWN, "upside-down", 0, FLAG, SHEET),
     .summary = "same-page keys upside down",
     .help = "print same-page keys upside down"},

    {ROW(STREAM, "stream", 0, FLAG, LARGE),
     .summary = "carve and write row by row",
     .help = "carve and write row by row, in memory proportional to the "
             "width: -a {streaming} to png, text, a block map or none; start "
             "and finish default to the top-left cell (entered from the "
             "west) and the bottom-right one (left to the east); no "
             "--solution, --answer-key, --stats, --braid, --unicursal, "
             "--difficulty, sheets, --count or --puzzle. Used by itself "
             "above {max-cells} cells"},
    {ROW(MAX_MEMORY, "max-memory", 0, BYTES, LARGE), .metavar = "SIZE",
     .default_rule = MAZE_DEFAULT_DERIVED, .summary = "memory limit",
     .help = "refuse (exit 1, before allocating) a run estimated to need "
             "more than SIZE bytes (K, M, G or T: powers of 1024; default: "
             "what the system has available)"},
    {ROW(THREADS, "threads", 'j', NUMBER, LARGE), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_THREADS, .default_rule = MAZE_DEFAULT_CORES,
     .summary = "threads deflating PNG",
     .help = "deflate a PNG (a maze, a sheet, a stream) on N threads while "
             "the maze is drawn, {min} to {max}: the same bytes whatever N "
             "(default: the cores available)"},

    {ROW(VERBOSE, "verbose", 'v', FLAG, OTHER), .flags = MAZE_OPTION_PROGRAM,
     .summary = "print the seed and files",
     .help = "print the seed and the files written"},
    {ROW(QUIET, "quiet", 'q', FLAG, OTHER), .flags = MAZE_OPTION_PROGRAM,
     .summary = "print only errors", .help = "print nothing but errors"},
    {ROW(HELP, "help", 'h', FLAG, OTHER), .flags = MAZE_OPTION_PROGRAM,
     .summary = "show the help", .help = "show this help and exit"},
    {ROW(VERSION, "version", 'V', FLAG, OTHER), .flags = MAZE_OPTION_PROGRAM,
     .summary = "show the version", .help = "show the version and exit"},

    {ROW(WATCH, "watch", 0, FLAG, WATCH), .flags = MAZE_OPTION_PROGRAM,
     .summary = "draw the carve live in the terminal",
     .help = "draw the carve live in this terminal (whole rectangles, "
             "--charset ascii or utf8), the cell at work in colour (none "
             "with NO_COLOR), then trace the solution; -W or -H not given "
             "fits the terminal (at most 40x20); Ctrl-C stops it (exit 130); "
             "e.g. mazegen --watch -W 40 -H 20"},
    {ROW(DELAY, "delay", 0, NUMBER, WATCH), .metavar = "MS", .min = 0,
     .max = MAZE_OPTION_MAX_DELAY, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "milliseconds between watched steps",
     .help = "pause after each step drawn, {min} to {max} (default 15); with "
             "--animate, between groups of steps (default 40)"},
    {ROW(ANIMATE, "animate", 0, FLAG, WATCH),
     .summary = "an animated SVG of the carve",
     .help = "with -o FILE.svg or -t svg: an SVG that plays the carve, then "
             "with --solution the solve, in any browser (CSS, no script), in "
             "at most {animate-groups} groups of steps; it ends on the "
             "static picture"},
    {ROW(FRAMES, "frames", 0, DIRECTORY, WATCH), .metavar = "DIR",
     .summary = "write numbered PNG frames to a directory",
     .help = "also write PNG frames of the carve to the existing DIR: "
             "frame-00000.png (all walls) on to the maze, and with "
             "--solution one more with it; at most {max-frames} frames"},
    {ROW(FRAME_EVERY, "frame-every", 0, NUMBER, WATCH), .metavar = "N",
     .min = 1, .max = 1000000000, .default_rule = MAZE_DEFAULT_DERIVED,
     .summary = "steps between frames",
     .help = "passages made between frames (default: about 100 frames in "
             "all)"},

    {ROW(COMPLETIONS, "completions", 0, CHOICE, OTHER), .metavar = "SHELL",
     .choices = shells, .flags = MAZE_OPTION_PROGRAM | MAZE_OPTION_HIDDEN,
     .summary = "print a shell completion script",
     .help = "print the completion script for SHELL and exit"},
    /* Rows added later (their ids last, so none changes). */
    {ROW(PAGE, "page", 0, NUMBER, SHEET), .metavar = "N", .min = 1,
     .max = MAZE_OPTION_MAX_PAGES, .summary = "only this page of the book",
     .help = "png or svg sheets: draw page N of the book the PDF would be (a "
             "preview of one page); the sheet may then have --count, --answers "
             "end and more than one page"},
    {ROW(LANG, "lang", 0, TEXT, SHEET), .metavar = "LANG", .max = 32,
     .default_rule = MAZE_DEFAULT_ENVIRONMENT,
     .summary = "language of the "
                "sheet's words",
     .help = "the language of a sheet's fixed words (Name, Puzzle N, Page N "
             "of M, the answers' captions): en, es, fr, de, pt, it, nl, ar, "
             "he, ja or zh, a region allowed (pt_BR) (default: the locale's, "
             "as gettext finds it in $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG; "
             "C, POSIX or another language: en)"},
    {ROW(LABEL, "label", 0, TEXT, SHEET), .metavar = "KEY=TEXT",
     .max = MAZE_OPTION_MAX_TITLE, .summary = "replace a word of the sheet",
     .help = "print TEXT for a fixed word, KEY one of name, date, puzzle, "
             "answer, answers, page, level, seed or instructions; %s in TEXT "
             "is where the number goes (page: the page, then the pages), %% "
             "a percent sign; given again for each word (TEXT may hold "
             "commas)"},
    {ROW(FOOTER, "footer", 0, CHOICE, SHEET), .metavar = "WHAT",
     .choices = footers, .default_value = "full",
     .summary = "what each puzzle's footer shows",
     .help = "full (default: the options that make the maze again, "
             "as typed: mazegen -W 20 -H 20 -a ALG -s 42), seed (the seed "
             "alone) or none"},
    {ROW(MIN_PASSAGE, "min-passage", 0, LENGTH, SHEET), .metavar = "LEN",
     .flags = MAZE_OPTION_ZERO, .default_value = "0.5mm",
     .summary = "narrowest passage a sheet prints",
     .help = "refuse a sheet whose puzzles would print with passages (a "
             "cell less its wall) narrower than LEN, default {default}, the "
             "finest pencil lead: finer, a maze is a grey blob (as a large "
             "picture given to --mask is, one cell a pixel); the message "
             "names the largest maze that keeps to it; 0: none"},
};

_Static_assert(sizeof(table) / sizeof(table[0]) == MAZE_OPT_COUNT_,
               "one row for every option id");

size_t
maze_option_count(void)
{
    return sizeof(table) / sizeof(table[0]);
}

const struct maze_option *
maze_option_at(size_t index)
{
    return index < maze_option_count() ? &table[index] : NULL;
}
