/* SPDX-License-Identifier: MIT */
/*
 * The terminal session of the console games (term.h). Signal handlers
 * only set flags: the game loop's poll() returns EINTR, notices them and
 * leaves through cli_term_leave(), so the terminal is put back by
 * ordinary code, never from inside a handler. ISIG is off, so Ctrl-C
 * arrives as the byte 3 and the game ends the same way.
 */
#include "cli/term.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* The alternate screen, the cursor hidden and the screen cleared; and
 * back: attributes reset, cursor shown, main screen. */
static const char enter_seq[] = "\033[?1049h\033[?25l\033[2J\033[H";
static const char leave_seq[] = "\033[0m\033[?25h\033[?1049l";

static const int ending[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define ENDING_COUNT (sizeof(ending) / sizeof(ending[0]))

static struct termios saved;
static bool active;
static struct sigaction saved_ending[ENDING_COUNT], saved_winch;
static volatile sig_atomic_t ended, resized;

static void
on_ending(int sig)
{
    ended = sig;
}

static void
on_winch(int sig)
{
    (void)sig;
    resized = 1;
}

bool
cli_term_size(unsigned *cols, unsigned *rows)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 ||
        ws.ws_row == 0) {
        return false;
    }
    *cols = ws.ws_col;
    *rows = ws.ws_row;
    return true;
}

bool
cli_term_write(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(STDOUT_FILENO, s, n);
        if (k < 0 && errno == EINTR) {
            continue;
        }
        if (k <= 0) {
            return false;
        }
        s += k;
        n -= (size_t)k;
    }
    return true;
}

bool
cli_term_enter(void)
{
    if (tcgetattr(STDIN_FILENO, &saved) != 0) {
        return false;
    }
    struct termios raw = saved;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    /* TCSANOW, not TCSAFLUSH: keys typed ahead are moves too. */
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0) {
        return false;
    }
    active = true;
    ended = 0;
    resized = 0;
    /* No SA_RESTART: poll() is interrupted whatever the flag, and a
     * blocked write should notice the end as well. */
    struct sigaction sa = {.sa_handler = on_ending};
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < ENDING_COUNT; i++) {
        sigaction(ending[i], &sa, &saved_ending[i]);
    }
    sa.sa_handler = on_winch;
    sigaction(SIGWINCH, &sa, &saved_winch);
    cli_term_write(enter_seq, sizeof(enter_seq) - 1);
    return true;
}

void
cli_term_leave(void)
{
    if (!active) {
        return;
    }
    active = false;
    cli_term_write(leave_seq, sizeof(leave_seq) - 1);
    /* TCSAFLUSH: keys typed but not read go with the session, rather
     * than to the shell afterwards. */
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    for (size_t i = 0; i < ENDING_COUNT; i++) {
        sigaction(ending[i], &saved_ending[i], NULL);
    }
    sigaction(SIGWINCH, &saved_winch, NULL);
}

bool
cli_term_suspend(void)
{
    if (!active) {
        return true;
    }
    cli_term_leave();
    /* ISIG is off, so Ctrl-Z came as a byte: stop as its signal would
     * (SIGTSTP's action is the default, or ignored by a shell without
     * job control, and then nothing stops), and take the terminal again
     * when continued. */
    raise(SIGTSTP);
    return cli_term_enter();
}

int
cli_term_ended(void)
{
    return ended;
}

bool
cli_term_resized(void)
{
    bool r = resized;
    resized = 0;
    return r;
}

bool
cli_term_colour(void)
{
    const char *no = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    return (no == NULL || *no == '\0') && term != NULL && *term != '\0' &&
           strcmp(term, "dumb") != 0;
}

int
cli_term_die(int sig)
{
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
}
