/* SPDX-License-Identifier: MIT */
/*
 * Runs a fuzz target on every file of the directories named on the command
 * line, without libFuzzer: the seed corpora become regression tests in
 * every build, with any compiler (tests/meson.build), and a crashing input
 * the fuzzer saved can be replayed under a debugger.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the target on a file, read into a buffer of exactly its size so
 * that ASan catches a read past the end. */
static int
run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0) {
        size = ftell(f);
    }
    uint8_t *data = size >= 0 ? malloc(size > 0 ? (size_t)size : 1) : NULL;
    if (data == NULL || fseek(f, 0, SEEK_SET) != 0 ||
        fread(data, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(data);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(data, (size_t)size);
    free(data);
    return 0;
}

int
main(int argc, char **argv)
{
    unsigned files = 0;
    for (int i = 1; i < argc; i++) {
        DIR *dir = opendir(argv[i]);
        if (dir == NULL) {
            if (run_file(argv[i]) != 0) {
                return 1;
            }
            files++;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            if (e->d_name[0] == '.') {
                continue;
            }
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
            if (run_file(path) != 0) {
                closedir(dir);
                return 1;
            }
            files++;
        }
        closedir(dir);
    }
    printf("%u input(s) run\n", files);
    return files > 0 ? 0 : 1;
}
