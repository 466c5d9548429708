/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the option parsers the command line hands user
 * text to: maze_bias_parse(), maze_growing_parse() and maze_length_parse().
 * Each must stay inside the string, and whatever parses must format to
 * text that parses back to the same value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/mazegen.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int condition)
{
    if (!condition) {
        abort();
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The parsers take C strings: a copy of exactly the input plus NUL,
     * so that reading past it is caught. */
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';

    struct maze_bias bias, again;
    if (maze_bias_parse(text, maze_grid_kind_find("rect"), &bias) == MAZE_OK) {
        char buf[64];
        maze_bias_format(&bias, maze_grid_kind_find("rect"), buf, sizeof(buf));
        check(maze_bias_parse(buf, maze_grid_kind_find("rect"), &again) ==
              MAZE_OK);
        check(memcmp(&bias, &again, sizeof(bias)) == 0);
    }

    struct maze_growing g, g2;
    if (maze_growing_parse(text, &g) == MAZE_OK) {
        char buf[128];
        maze_growing_format(&g, buf, sizeof(buf));
        check(maze_growing_parse(buf, &g2) == MAZE_OK);
        check(memcmp(&g, &g2, sizeof(g)) == 0);
    }

    static const enum maze_unit units[] = {MAZE_UNIT_PX, MAZE_UNIT_PT,
                                           MAZE_UNIT_MM, MAZE_UNIT_IN};
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        struct maze_length len;
        if (maze_length_parse(text, units[i], &len) == MAZE_OK) {
            check(len.value > 0 && len.value <= 100000);
        }
    }
    free(text);
    return 0;
}
