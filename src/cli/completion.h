/* SPDX-License-Identifier: MIT */
/*
 * Shell completions for bash, zsh and fish, printed from the option table
 * (optable.h) and the library's registries by the hidden --completions
 * option; the build installs what it prints.
 */
#ifndef MAZEGEN_CLI_COMPLETION_H
#define MAZEGEN_CLI_COMPLETION_H

/* Prints the completion script of shell ("bash", "zsh" or "fish"). */
void cli_print_completions(const char *shell);

#endif
