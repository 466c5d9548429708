/* SPDX-License-Identifier: MIT */
/* What mazegen prints when asked: --help, and the registry lists. */
#ifndef MAZEGEN_CLI_HELP_H
#define MAZEGEN_CLI_HELP_H

/* Every option with its default, the algorithms, formats and examples. */
void cli_print_help(void);

/* One registered name per line, for scripts. */
void cli_print_algorithms(void);
void cli_print_formats(void);
/* Each paper name with its size (in inches, or mm for the metric ones). */
void cli_print_papers(void);
/* Each grid kind with its sizes, bias classes and cell names. */
void cli_print_grids(void);

#endif
