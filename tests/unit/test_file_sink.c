/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the file sink (<mazegen/file.h>) on real files in a
 * fresh directory: a commit replaces the file whole and keeps its mode, a
 * symbolic link is written through, an abort leaves the earlier file as
 * it was, a name chosen by the program never follows a planted link, and
 * every failure (a full device, the file-size limit) leaves no file
 * behind. Each test ends by checking the directory holds exactly the
 * names it expects: no temporary file survives.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#ifdef FILE_SINK_NAMED
/*
 * Built a second time as test_file_sink_named with the library's
 * openat() wrapped (tests/meson.build): O_TMPFILE fails as on a file
 * system without it, so every test runs on the named temporary files.
 */
int __real_openat64(int dirfd, const char *path, int flags, ...);
int __wrap_openat64(int dirfd, const char *path, int flags, ...);

int
__wrap_openat64(int dirfd, const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int mode = va_arg(ap, int);
    va_end(ap);
    if ((flags & O_TMPFILE) == O_TMPFILE) {
        errno = EOPNOTSUPP;
        return -1;
    }
    return __real_openat64(dirfd, path, flags, mode);
}
#endif

/* The test's directory (made by setup, removed by teardown). */
static char dir[256];

static char *
in_dir(const char *name)
{
    static char path[2][512];
    static int which;
    which ^= 1;
    snprintf(path[which], sizeof path[which], "%s/%s", dir, name);
    return path[which];
}

static void
put(const char *name, const char *text, mode_t mode)
{
    FILE *f = fopen(in_dir(name), "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    assert_int_equal(chmod(in_dir(name), mode), 0);
}

/* The file's contents (at most 255 bytes). */
static const char *
get(const char *name)
{
    static char buf[256];
    FILE *f = fopen(in_dir(name), "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static mode_t
mode_of(const char *name)
{
    struct stat st;
    assert_int_equal(stat(in_dir(name), &st), 0);
    return st.st_mode & 07777;
}

/* Asserts the directory holds exactly the names given (NULL ended). */
static void
only(const char *first, ...)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    unsigned seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
            continue;
        }
        bool expected = false;
        va_list ap;
        va_start(ap, first);
        for (const char *n = first; n != NULL; n = va_arg(ap, const char *)) {
            expected = expected || strcmp(n, e->d_name) == 0;
        }
        va_end(ap);
        if (!expected) {
            fail_msg("unexpected file left: %s", e->d_name);
        }
        seen++;
    }
    closedir(d);
    unsigned want = 0;
    va_list ap;
    va_start(ap, first);
    for (const char *n = first; n != NULL; n = va_arg(ap, const char *)) {
        want++;
    }
    va_end(ap);
    assert_int_equal(seen, want);
}

/* Writes text to a sink. */
static int
say(struct maze_file_sink *f, const char *text)
{
    const struct maze_sink *s = maze_file_sink_as_sink(f);
    return s->write(s->ctx, text, strlen(text));
}

/* Creates path, writes text, commits: the commit's status. */
static int
write_file(const char *path, unsigned flags, const char *text)
{
    struct maze_file_sink *f;
    int rc = maze_file_sink_create(path, flags, &f);
    if (rc == MAZE_OK && say(f, text) != 0) {
        rc = MAZE_ERR_IO;
    }
    if (rc == MAZE_OK) {
        rc = maze_file_sink_commit(f);
    }
    maze_file_sink_destroy(f);
    return rc;
}

static void
test_file_sink_commit_replaces(void **state)
{
    (void)state;
    put("a.txt", "old", 0600);
    struct maze_file_sink *f;
    assert_int_equal(maze_file_sink_create(in_dir("a.txt"), 0, &f), MAZE_OK);
    assert_int_equal(say(f, "new "), 0);
    assert_int_equal(say(f, "bytes"), 0);
    /* Nothing shows before the commit. */
    assert_string_equal(get("a.txt"), "old");
    assert_int_equal(maze_file_sink_commit(f), MAZE_OK);
    assert_string_equal(get("a.txt"), "new bytes");
    /* Only once. */
    assert_int_equal(maze_file_sink_commit(f), MAZE_ERR_INVALID);
    maze_file_sink_destroy(f);
    assert_int_equal(mode_of("a.txt"), 0600);
    only("a.txt", NULL);
}

static void
test_file_sink_new_file_mode(void **state)
{
    (void)state;
    mode_t old = umask(027);
    assert_int_equal(write_file(in_dir("new.txt"), 0, "x"), MAZE_OK);
    umask(old);
    assert_int_equal(mode_of("new.txt"), 0640);
    only("new.txt", NULL);
}

static void
test_file_sink_abort_keeps_old(void **state)
{
    (void)state;
    put("keep.txt", "earlier", 0604);
    struct maze_file_sink *f;
    assert_int_equal(maze_file_sink_create(in_dir("keep.txt"), 0, &f), MAZE_OK);
    assert_int_equal(say(f, "half a fi"), 0);
    maze_file_sink_destroy(f); /* no commit: the abort */
    maze_file_sink_destroy(NULL);
    assert_string_equal(get("keep.txt"), "earlier");
    assert_int_equal(mode_of("keep.txt"), 0604);
    only("keep.txt", NULL);
}

static void
test_file_sink_link_written_through(void **state)
{
    (void)state;
    put("target.txt", "old", 0640);
    assert_int_equal(symlink("target.txt", in_dir("link.txt")), 0);
    assert_int_equal(write_file(in_dir("link.txt"), 0, "through"), MAZE_OK);
    struct stat st;
    assert_int_equal(lstat(in_dir("link.txt"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(get("target.txt"), "through");
    assert_int_equal(mode_of("target.txt"), 0640);
    only("link.txt", "target.txt", NULL);
}

static void
test_file_sink_nofollow_replaces_link(void **state)
{
    (void)state;
    put("victim.txt", "secret", 0600);
    assert_int_equal(symlink("victim.txt", in_dir("frame.png")), 0);
    int d = open(dir, O_PATH | O_DIRECTORY);
    assert_true(d >= 0);
    struct maze_file_sink *f;
    assert_int_equal(
        maze_file_sink_create_at(d, "frame.png", MAZE_FILE_NOFOLLOW, &f),
        MAZE_OK);
    assert_int_equal(say(f, "frame"), 0);
    assert_int_equal(maze_file_sink_commit(f), MAZE_OK);
    maze_file_sink_destroy(f);
    /* The caller's descriptor, left open. */
    assert_int_equal(close(d), 0);
    struct stat st;
    assert_int_equal(lstat(in_dir("frame.png"), &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_string_equal(get("frame.png"), "frame");
    assert_string_equal(get("victim.txt"), "secret");
    only("frame.png", "victim.txt", NULL);
    /* The same through a path. */
    assert_int_equal(symlink("victim.txt", in_dir("l2")), 0);
    assert_int_equal(write_file(in_dir("l2"), MAZE_FILE_NOFOLLOW, "x"),
                     MAZE_OK);
    assert_int_equal(lstat(in_dir("l2"), &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_string_equal(get("victim.txt"), "secret");
    d = open(dir, O_PATH | O_DIRECTORY);
    assert_int_equal(maze_file_sink_create_at(d, "a/b", 0, &f),
                     MAZE_ERR_INVALID);
    assert_null(f);
    close(d);
}

static void
test_file_sink_full_device(void **state)
{
    (void)state;
    /* A broken sink would replace the device with a regular file (the
     * Python module's old writer did that to /dev/full, as root): as
     * root, a node of the test's own; else /dev/full only when /dev
     * cannot be written. */
    const char *full = "/dev/full";
    struct stat st;
    if (geteuid() == 0) {
        full = in_dir("full");
        assert_int_equal(mknod(full, S_IFCHR | 0666, makedev(1, 7)), 0);
    } else if (access("/dev", W_OK) == 0 || stat(full, &st) != 0 ||
               !S_ISCHR(st.st_mode)) {
        skip();
    }
    struct maze_file_sink *f;
    int rc = maze_file_sink_create(full, 0, &f);
    if (rc == MAZE_ERR_IO && errno == EACCES) {
        skip(); /* a file system mounted nodev */
    }
    assert_int_equal(rc, MAZE_OK);
    assert_null(maze_file_sink_temp_path(f));
    assert_int_not_equal(say(f, "no room"), 0);
    assert_int_equal(maze_file_sink_errno(f), ENOSPC);
    assert_int_equal(maze_file_sink_commit(f), MAZE_ERR_IO);
    assert_int_equal(errno, ENOSPC);
    assert_string_equal(maze_error_detail(), strerror(ENOSPC));
    maze_file_sink_destroy(f);
    /* Written to, never replaced. */
    assert_int_equal(lstat(full, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

struct reader {
    char path[512];
    char got[64];
};

static void *
read_fifo(void *arg)
{
    struct reader *r = arg;
    FILE *f = fopen(r->path, "r");
    if (f != NULL) {
        size_t n = fread(r->got, 1, sizeof r->got - 1, f);
        r->got[n] = '\0';
        fclose(f);
    }
    return NULL;
}

static void
test_file_sink_fifo(void **state)
{
    (void)state;
    assert_int_equal(mkfifo(in_dir("pipe"), 0600), 0);
    struct reader r = {{0}, {0}};
    snprintf(r.path, sizeof r.path, "%s", in_dir("pipe"));
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, read_fifo, &r), 0);
    assert_int_equal(write_file(in_dir("pipe"), 0, "through the pipe"),
                     MAZE_OK);
    pthread_join(t, NULL);
    assert_string_equal(r.got, "through the pipe");
    struct stat st;
    assert_int_equal(lstat(in_dir("pipe"), &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    only("pipe", NULL);
}

static void
test_file_sink_size_limit(void **state)
{
    (void)state;
    struct rlimit old, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    small = old;
    small.rlim_cur = 1024;
    /* What a program does to have the limit reported (file.h). */
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    put("big.bin", "earlier", 0644);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    struct maze_file_sink *f;
    int rc = maze_file_sink_create(in_dir("big.bin"), 0, &f);
    char block[4096];
    memset(block, 'x', sizeof block);
    const struct maze_sink *s =
        rc == MAZE_OK ? maze_file_sink_as_sink(f) : NULL;
    int wrote = s ? s->write(s->ctx, block, sizeof block) : -1;
    int err = rc == MAZE_OK ? maze_file_sink_errno(f) : 0;
    int committed = rc == MAZE_OK ? maze_file_sink_commit(f) : rc;
    maze_file_sink_destroy(f);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    assert_int_equal(rc, MAZE_OK);
    assert_int_not_equal(wrote, 0);
    assert_int_equal(err, EFBIG);
    assert_int_equal(committed, MAZE_ERR_IO);
    assert_string_equal(get("big.bin"), "earlier");
    only("big.bin", NULL);
}

static void
test_file_sink_check(void **state)
{
    (void)state;
    assert_int_equal(maze_file_check(in_dir("fine.txt")), MAZE_OK);
    assert_int_equal(maze_file_check(in_dir("no/such.txt")), MAZE_ERR_IO);
    assert_string_equal(maze_error_detail(), "its directory does not exist");
    assert_int_equal(maze_file_check(dir), MAZE_ERR_IO);
    assert_string_equal(maze_error_detail(), "is a directory");
    put("plain", "", 0644);
    assert_int_equal(maze_file_check(in_dir("plain/x")), MAZE_ERR_IO);
    assert_string_equal(maze_error_detail(),
                        "its directory is not a directory");
    assert_int_equal(symlink("loop2", in_dir("loop1")), 0);
    assert_int_equal(symlink("loop1", in_dir("loop2")), 0);
    assert_int_equal(maze_file_check(in_dir("loop1")), MAZE_ERR_IO);
    assert_string_equal(maze_error_detail(), "its symbolic links loop");
    assert_int_equal(maze_file_check(""), MAZE_ERR_INVALID);
    assert_int_equal(maze_file_check(NULL), MAZE_ERR_INVALID);
    /* Creating says the same, and makes nothing. */
    struct maze_file_sink *f = (struct maze_file_sink *)1;
    assert_int_equal(maze_file_sink_create(in_dir("no/such.txt"), 0, &f),
                     MAZE_ERR_IO);
    assert_null(f);
    assert_int_equal(errno, ENOENT);
    assert_string_equal(maze_error_detail(), "its directory does not exist");
    assert_int_equal(maze_file_sink_create(in_dir("x"), 1u << 7, &f),
                     MAZE_ERR_INVALID);
    only("plain", "loop1", "loop2", NULL);
}

/* Where the file system makes unnamed files, the sink uses one: a killed
 * process leaves nothing. Elsewhere its hidden file is named. */
static void
test_file_sink_temporary(void **state)
{
    (void)state;
    int probe = open(dir, O_TMPFILE | O_WRONLY, 0600);
    bool unnamed = probe >= 0;
    if (probe >= 0) {
        close(probe);
    }
#ifdef FILE_SINK_NAMED
    unnamed = false;
#endif
    struct maze_file_sink *f;
    assert_int_equal(maze_file_sink_create(in_dir("t.txt"), 0, &f), MAZE_OK);
    const char *temp = maze_file_sink_temp_path(f);
    if (unnamed) {
        assert_null(temp);
        only(NULL);
    } else {
        /* Hidden, beside the target, named as the signal handler and
         * the command's tests expect. */
        assert_non_null(temp);
        assert_int_equal(access(temp, F_OK), 0);
        const char *base = strrchr(temp, '/') + 1;
        assert_int_equal(strncmp(base, ".t.txt.", 7), 0);
        assert_int_equal(strlen(base), 13);
    }
    maze_file_sink_destroy(f);
    only(NULL);
    /* A committed one is gone too, under the target's name. */
    assert_int_equal(maze_file_sink_create(in_dir("t.txt"), 0, &f), MAZE_OK);
    assert_int_equal(say(f, "x"), 0);
    assert_int_equal(maze_file_sink_commit(f), MAZE_OK);
    assert_null(maze_file_sink_temp_path(f));
    maze_file_sink_destroy(f);
    only("t.txt", NULL);
}

static int
setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mazegen-file-sink.XXXXXX",
             tmp && tmp[0] ? tmp : "/tmp");
    return mkdtemp(dir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_file_sink_commit_replaces, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_new_file_mode, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_abort_keeps_old, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_link_written_through,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_nofollow_replaces_link,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_full_device, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_size_limit, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_check, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_sink_temporary, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
