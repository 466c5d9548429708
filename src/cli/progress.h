/* SPDX-License-Identifier: MIT */
/*
 * The progress line: on a terminal, a run that takes more than about two
 * seconds shows what it is doing and how far along it is on standard
 * error, redrawn in place, and erased when the run ends. Never when
 * standard error is not a terminal, never with --quiet.
 */
#ifndef MAZEGEN_CLI_PROGRESS_H
#define MAZEGEN_CLI_PROGRESS_H

#include <stdbool.h>

#include <mazegen/mazegen.h>

/* Starts the clock (and the drawing, when show). */
void cli_progress_start(bool show);

/* What the library reports to: "carving 45%". */
const struct maze_progress *cli_progress_hook(void);

/* A phase with nothing to count, such as "solving". */
void cli_progress_phase(const char *phase);

/* A sink that passes everything to inner and counts it as "writing NAME:
 * 12.3 MiB", NAME as the caller names the file in messages; inner and
 * name must outlive it. */
struct maze_sink cli_progress_sink(const struct maze_sink *inner,
                                   const char *name);

/* Erases the line and stops drawing; before any message is printed, and
 * at the end. Safe to call more than once. */
void cli_progress_stop(void);

#endif
