/* SPDX-License-Identifier: MIT */
/*
 * A full-screen terminal session for the console games: the keyboard in
 * raw mode (no echo, no line editing, Ctrl-C read as a byte), the
 * alternate screen with the cursor hidden, and the signals that end or
 * resize it caught by handlers that only set a flag. There is one
 * terminal, so the state is the file's own; cli_term_leave() puts every
 * mode back and is safe to call on any path, any number of times.
 */
#ifndef MAZEGEN_CLI_TERM_H
#define MAZEGEN_CLI_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* The size of the terminal on standard output, in characters; false when
 * it is not a terminal or does not say. */
bool cli_term_size(unsigned *cols, unsigned *rows);

/*
 * Raw mode on standard input, the alternate screen and the signal
 * handlers (SIGINT, SIGTERM, SIGHUP, SIGQUIT end the session, SIGWINCH
 * asks for a redraw). False, with errno and nothing changed, when the
 * terminal's modes cannot be read or set.
 */
bool cli_term_enter(void);

/* The modes, screen, cursor, colours and signal actions as they were. */
void cli_term_leave(void);

/*
 * Ctrl-Z: the terminal put back, the process stopped (SIGTSTP), and on
 * SIGCONT the session entered again (the modes read anew, the screen
 * cleared: the caller redraws). False, with errno, when the terminal
 * cannot be taken again.
 */
bool cli_term_suspend(void);

/* The ending signal caught since cli_term_enter(), or 0. */
int cli_term_ended(void);

/* Whether the terminal was resized since the last call. */
bool cli_term_resized(void);

/* Writes all of s to standard output, through EINTR; false on error. */
bool cli_term_write(const char *s, size_t n);

/* Whether colours are wanted: not with NO_COLOR set (and not empty), an
 * unset TERM or TERM=dumb. */
bool cli_term_colour(void);

/* Ends the process as signal sig would have (after cli_term_leave()), so
 * the shell sees an interrupt; returns 128 + sig should it survive. */
int cli_term_die(int sig);

#endif
