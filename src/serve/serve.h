/* SPDX-License-Identifier: MIT */
/*
 * mazegen serve: the web page (docs/serve.md). argv[0] is "serve".
 * Returns the command's exit status.
 */
#ifndef MAZEGEN_SERVE_SERVE_H
#define MAZEGEN_SERVE_SERVE_H

int serve_main(int argc, char **argv);

#endif
