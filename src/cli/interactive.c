/* SPDX-License-Identifier: MIT */
/*
 * The console of -i/--interactive (interactive.h). Answers are read a
 * byte at a time into a small fixed buffer, the rest of an overlong line
 * skipped, so no input can make it use more memory. Prompts and mazes
 * both go to standard output, flushed before each maze (which is written
 * to the descriptor directly) so they come out in order.
 */
#include "cli/interactive.h"
#include "cli/cli.h"
#include "cli/term.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Bytes of an answer kept; a longer line is refused as too long. */
#define ANSWER_MAX 80
/* Bytes of an answer echoed when the input is not a terminal. */
#define ECHO_MAX 40

/* xterm's title stack: push on start, pop at the end. Terminals that do
 * not know these ignore them. */
static const char title_push[] = "\033[22;0t";
static const char title_pop[] = "\033[23;0t";
static const char title_set[] = "\033]0;mazegen: a maze console\007";

static volatile sig_atomic_t titled;
/* Set when making a maze failed, which make() reported itself. */
static bool make_failed;

/* Ctrl-C: the title back and the prompt on a fresh line, then the
 * default end (the terminal's modes were never changed). */
static void
on_interrupt(int sig)
{
    ssize_t unused =
        titled ? write(STDOUT_FILENO, title_pop, sizeof(title_pop) - 1) : 0;
    unused = write(STDOUT_FILENO, "\n", 1);
    (void)unused;
    signal(sig, SIG_DFL);
    raise(sig);
}

enum read { ANSWER, TOO_LONG, END };

/* Reads a line into buf (NUL-terminated, at most ANSWER_MAX bytes). */
static enum read
read_line(char buf[ANSWER_MAX + 1])
{
    size_t n = 0;
    bool long_line = false;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (n < ANSWER_MAX) {
            buf[n++] = (char)c;
        } else {
            long_line = true;
        }
    }
    buf[n] = '\0';
    if (c == EOF && n == 0 && !long_line) {
        return END;
    }
    return long_line ? TOO_LONG : ANSWER;
}

/* The answer without the white space around it, in place. */
static char *
trim(char *s)
{
    static const char space[] = " \t\r\v\f";
    s += strspn(s, space);
    size_t n = strlen(s);
    while (n > 0 && strchr(space, s[n - 1]) != NULL) {
        s[--n] = '\0';
    }
    return s;
}

/* Shows a piped answer after its prompt, as a terminal would have, in
 * printable ASCII only. */
static void
echo(const char *s, enum read r)
{
    for (size_t i = 0; s[i] != '\0' && i < ECHO_MAX; i++) {
        putchar(s[i] >= ' ' && s[i] <= '~' ? s[i] : '?');
    }
    fputs(r == TOO_LONG || strlen(s) > ECHO_MAX ? "...\n" : "\n", stdout);
}

/* Asks until a line comes: END at the end of the input. */
static enum read
ask(const char *prompt, char buf[ANSWER_MAX + 1], bool piped)
{
    fputs(prompt, stdout);
    if (fflush(stdout) != 0) {
        return END; /* nobody to talk to: cli_interactive() reports it */
    }
    enum read r = read_line(buf);
    if (r == END) {
        putchar('\n'); /* the shell's prompt on a line of its own */
    } else if (piped) {
        echo(buf, r);
    }
    return r;
}

/* Why s is not a side of 2 to 50, or NULL (with the side in *out). */
static const char *
side_error(const char *s, uint32_t *out)
{
    if (*s == '\0') {
        return "No answer";
    }
    if (strspn(s, "0123456789") != strlen(s)) {
        return "Not a whole number";
    }
    s += strspn(s, "0");
    /* Past three digits it is out of range, however long. */
    uint32_t v = 0;
    if (strlen(s) > 3) {
        v = UINT32_MAX;
    }
    for (; *s != '\0' && v != UINT32_MAX; s++) {
        v = v * 10 + (uint32_t)(*s - '0');
    }
    if (v < CLI_CONSOLE_MIN || v > CLI_CONSOLE_MAX) {
        return "Out of range";
    }
    *out = v;
    return NULL;
}

/* Asks for rows or columns: true with the side, false at the end. */
static bool
ask_side(const char *what, uint32_t *side, bool piped)
{
    char prompt[64], buf[ANSWER_MAX + 1];
    snprintf(prompt, sizeof(prompt), "%s (%u to %u): ", what, CLI_CONSOLE_MIN,
             CLI_CONSOLE_MAX);
    for (;;) {
        enum read r = ask(prompt, buf, piped);
        if (r == END) {
            return false;
        }
        const char *why =
            r == TOO_LONG ? "Too long" : side_error(trim(buf), side);
        if (why == NULL) {
            return true;
        }
        printf("%s; type a whole number from %u to %u.\n", why, CLI_CONSOLE_MIN,
               CLI_CONSOLE_MAX);
    }
}

/* The terminal columns a maze `width` cells wide takes as the job prints
 * it: three a cell and the last wall as ASCII or UTF-8 text, two a cell
 * and one as underscore text or a block map, four and one as CSV. */
static uint64_t
drawn_columns(const struct maze_job *job, uint32_t width)
{
    const char *name = cli_text(job, MAZE_OPT_FORMAT);
    const struct maze_format_info *f = name ? maze_format_find(name) : NULL;
    uint64_t per = 3;
    if (f != NULL && strcmp(f->name, "blocks-csv") == 0) {
        per = 4;
    } else if ((f != NULL && strcmp(f->name, "blocks") == 0) ||
               cli_number(job, MAZE_OPT_CHARSET) == MAZE_CHARSET_UNDERSCORE) {
        per = 2;
    }
    return per * width + 1;
}

/* Whether a maze `width` cells wide fits the terminal on standard output
 * (read anew each time: it may have been widened); when it does not,
 * says what does. Anything but a terminal takes any width. */
static bool
fits(const struct maze_job *job, uint32_t width)
{
    unsigned cols, rows;
    uint64_t need = drawn_columns(job, width);
    if (!cli_term_size(&cols, &rows) || need <= cols) {
        return true;
    }
    uint32_t most = 0;
    while (most < CLI_CONSOLE_MAX && drawn_columns(job, most + 1) <= cols) {
        most++;
    }
    printf("A maze %u columns wide needs %" PRIu64 " terminal columns; this "
           "terminal has %u.\n",
           width, need, cols);
    if (most >= CLI_CONSOLE_MIN) {
        printf("Up to %u columns fit.\n", most);
    } else {
        puts("No maze fits: widen the terminal.");
    }
    return false;
}

/* Asks whether to make another: true for yes, false for no or the end. */
static bool
ask_again(bool piped)
{
    char buf[ANSWER_MAX + 1];
    for (;;) {
        enum read r = ask("Another maze? (y/n): ", buf, piped);
        if (r == END) {
            return false;
        }
        const char *a = r == TOO_LONG ? "" : trim(buf);
        if (strcasecmp(a, "y") == 0 || strcasecmp(a, "yes") == 0) {
            return true;
        }
        if (strcasecmp(a, "n") == 0 || strcasecmp(a, "no") == 0) {
            return false;
        }
        puts("Please answer yes or no (y or n).");
    }
}

/* The loop itself; returns the exit status. */
static int
converse(const struct maze_job *job, const struct cli_args *args,
         cli_make_fn make, bool piped)
{
    uint64_t base = cli_number(job, MAZE_OPT_SEED);
    uint32_t width = 0, height = 0;
    puts("Welcome to mazegen! Pick the rows and columns of a maze "
         "(Ctrl-D to leave).");
    for (uint64_t k = 0;; k++) {
        if (!ask_side("Rows", &height, piped)) {
            return 0;
        }
        /* A maze wider than the terminal wraps into nonsense. */
        do {
            if (!ask_side("Columns", &width, piped)) {
                return 0;
            }
        } while (!fits(job, width));
        uint64_t seed = base + k;
        if (fflush(stdout) != 0) {
            return CLI_STATUS_RUNTIME;
        }
        int status = make(args, width, height, seed);
        if (status != 0) {
            make_failed = true;
            return status;
        }
        printf("Seed %" PRIu64 ": mazegen -W %u -H %u -s %" PRIu64
               " (with the same other options) makes it again.\n",
               seed, width, height, seed);
        if (!ask_again(piped)) {
            return 0;
        }
    }
}

int
cli_interactive(const struct maze_job *job, const struct cli_args *args,
                cli_make_fn make)
{
    /* A closed pipe is a write error to report, not a silent death. */
    signal(SIGPIPE, SIG_IGN);
    bool piped = !isatty(STDIN_FILENO);
    if (isatty(STDOUT_FILENO)) {
        fputs(title_push, stdout);
        fputs(title_set, stdout);
        titled = true;
    }
    signal(SIGINT, on_interrupt);
    int status = converse(job, args, make, piped);
    if (titled) {
        fputs(title_pop, stdout);
    }
    if (!make_failed && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "mazegen: cannot write to standard output: %s\n",
                strerror(errno));
        status = CLI_STATUS_RUNTIME;
    }
    return status;
}
