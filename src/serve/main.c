/* SPDX-License-Identifier: MIT */
/*
 * mazegen-serve: the program `mazegen serve` runs (src/cli/main.c execs
 * it from beside itself), so that the HTTP server's libraries (GNU
 * libmicrohttpd, and GnuTLS under it) load only when a server is asked
 * for, never for the command's other work.
 */
#include <mazegen/mazegen.h>

#include "serve/serve.h"

int
main(int argc, char **argv)
{
    int status = serve_main(argc, argv);
    maze_release();
    return status;
}
