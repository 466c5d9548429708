/* SPDX-License-Identifier: MIT */
/*
 * File sinks (<mazegen/file.h>): bytes go to a temporary file in the
 * target's directory, which takes the target's name only on commit.
 * Everything happens relative to one descriptor of that directory, opened
 * once, so that the temporary file, the mode kept and the rename all
 * concern the same directory even if its path changes meanwhile. The
 * temporary file is unnamed (O_TMPFILE) where the file system allows,
 * named by linkat() through /proc/self/fd on commit: a process killed
 * before that leaves nothing; elsewhere it is a hidden ".NAME.XXXXXX".
 */
#define _GNU_SOURCE
#include <mazegen/file.h>

#include "core/status_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct maze_file_sink {
    struct maze_sink sink;
    int fd;
    int dirfd;         /* the target's directory; -1 for a device */
    char *name;        /* the target's name in dirfd */
    char *temp;        /* the hidden temporary file in dirfd, NULL if none */
    char *temp_path;   /* temp as the caller names it */
    int error;         /* errno of the first failure, 0 if none */
    bool unnamed;      /* an O_TMPFILE, linked in on commit */
    bool device;       /* an existing device or FIFO, written directly */
    bool done;         /* committed, or the commit failed */
    bool borrowed_dir; /* dirfd is the caller's (create_at) */
};

/* The most links followed, as the kernel allows (ELOOP past it). */
#define MAX_LINKS 40

/* Tries at a fresh hidden name before giving up (EEXIST). */
#define NAME_TRIES 100

/* Records err as the status's reason and leaves it in errno. */
static int
fail_errno(int err, const char *what)
{
    char buf[128];
    const char *text = strerror_r(err, buf, sizeof buf);
    if (what != NULL) {
        maze__fail(MAZE_ERR_IO, "%s: %s", what, text);
    } else {
        maze__fail(MAZE_ERR_IO, "%s", text);
    }
    errno = err;
    return MAZE_ERR_IO;
}

/* A reason of the path's own, with errno err. */
static int
fail_reason(int err, const char *reason)
{
    maze__fail(MAZE_ERR_IO, "%s", reason);
    errno = err;
    return MAZE_ERR_IO;
}

/* The directory part of path ("." when there is none); caller frees. */
static char *
dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        return strdup(".");
    }
    if (slash == path) {
        return strdup("/");
    }
    return strndup(path, (size_t)(slash - path));
}

static const char *
base_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/*
 * path with its symbolic links followed to the file they name, which need
 * not exist; a path that is no link comes back as it is. NULL (errno set)
 * when a link cannot be read, or they loop. Caller frees.
 */
static char *
follow_links(const char *path)
{
    char *cur = strdup(path);
    for (int i = 0; cur != NULL && i < MAX_LINKS; i++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            return cur;
        }
        char link[PATH_MAX];
        ssize_t n = readlink(cur, link, sizeof(link) - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        char *next;
        if (link[0] == '/') {
            next = strdup(link);
        } else {
            /* Relative to the link's own directory. */
            char *dir = dir_of(cur);
            size_t size = dir ? strlen(dir) + strlen(link) + 2 : 0;
            next = dir ? malloc(size) : NULL;
            if (next != NULL) {
                snprintf(next, size, "%s/%s", dir, link);
            }
            free(dir);
        }
        free(cur);
        cur = next;
    }
    if (cur != NULL) {
        free(cur);
        errno = ELOOP;
    }
    return NULL;
}

/* Whether path is an existing file that cannot be renamed over: a
 * device, FIFO or socket (links followed). */
static bool
is_special(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/* maze_file_check(), for a path whose last link is followed or not. */
static int
check_path(const char *path, bool follow)
{
    if (path == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (path[0] == '\0') {
        return maze__fail(MAZE_ERR_INVALID, "the file name is empty");
    }
    size_t len = strlen(path);
    struct stat st;
    int got = follow ? stat(path, &st) : lstat(path, &st);
    if (path[len - 1] == '/' || (got == 0 && S_ISDIR(st.st_mode))) {
        return fail_reason(EISDIR, "is a directory");
    }
    if (follow && got == 0 && !S_ISREG(st.st_mode)) {
        return access(path, W_OK) == 0
                   ? MAZE_OK
                   : fail_reason(errno, "the device is not writable");
    }
    char *target = follow ? follow_links(path) : strdup(path);
    if (target == NULL) {
        if (errno == ENOMEM) {
            return MAZE_ERR_NOMEM;
        }
        return errno == ELOOP
                   ? fail_reason(ELOOP, "its symbolic links loop")
                   : fail_reason(errno, "its symbolic link cannot be read");
    }
    char *dir = dir_of(target);
    free(target);
    if (dir == NULL) {
        return MAZE_ERR_NOMEM;
    }
    int rc = MAZE_OK;
    if (stat(dir, &st) != 0) {
        rc = fail_reason(errno == ENOTDIR ? ENOTDIR : ENOENT,
                         "its directory does not exist");
    } else if (!S_ISDIR(st.st_mode)) {
        rc = fail_reason(ENOTDIR, "its directory is not a directory");
    } else if (access(dir, W_OK | X_OK) != 0) {
        rc = fail_reason(EACCES, "its directory is not writable (the file is "
                                 "written beside it first, then renamed)");
    }
    free(dir);
    return rc;
}

int
maze_file_check(const char *path)
{
    maze__detail_clear();
    return check_path(path, true);
}

static int
write_all(void *ctx, const void *data, size_t len)
{
    struct maze_file_sink *f = ctx;
    const char *p = data;
    while (len > 0 && f->error == 0) {
        ssize_t n = write(f->fd, p, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            f->error = errno;
            break;
        }
        p += n;
        len -= (size_t)n;
    }
    return f->error != 0;
}

/* Writes ".NAME." and six random letters and digits into buf. */
static void
hidden_name(char *buf, size_t size, const char *name)
{
    static atomic_uint_fast64_t counter;
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    /* splitmix64 of the time, the process and a counter: names differ
     * between tries, threads and processes; O_EXCL settles the rest. */
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
                 ((uint64_t)getpid() << 40) ^
                 atomic_fetch_add(&counter, 0x9e3779b97f4a7c15u);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    x ^= x >> 31;
    char rand[7];
    for (int i = 0; i < 6; i++) {
        rand[i] = letters[x % 62];
        x /= 62;
    }
    rand[6] = '\0';
    snprintf(buf, size, ".%s.%s", name, rand);
}

/* Whether an unnamed temporary file can later be named through
 * /proc/self/fd (linkat's AT_EMPTY_PATH needs a privilege). */
static bool
can_link_unnamed(void)
{
    return access("/proc/self/fd", X_OK) == 0;
}

/* The caller's name for the hidden file temp: in dir, unless dir is
 * NULL (dirfd-relative). */
static char *
caller_path(const char *dir, const char *temp)
{
    if (dir == NULL) {
        return strdup(temp);
    }
    size_t size = strlen(dir) + strlen(temp) + 2;
    char *p = malloc(size);
    if (p != NULL) {
        snprintf(p, size, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, temp);
    }
    return p;
}

/*
 * Gives the new file fd what the file it replaces (st) has: its owner and
 * group where the process may change them (root; a group the user is in),
 * and its mode. Neither is an error when refused: the file's content is
 * what was asked for, and a file the caller writes is theirs like any new
 * file. But permissions must not pass to someone they were not given to:
 * when the owner stays the caller, the set-user-ID bit is dropped, and
 * when the group stays the caller's, the set-group-ID bit and the group's
 * permissions (which were the old group's). A mode that cannot be set leaves
 * the temporary file's own (0666 less the umask).
 */
static void
keep_owner(int fd, const struct stat *st)
{
    mode_t mode = st->st_mode & 07777;
    if (fchown(fd, st->st_uid, st->st_gid) != 0) {
        if (st->st_uid != geteuid()) {
            mode &= ~(mode_t)S_ISUID;
        }
        if (fchown(fd, (uid_t)-1, st->st_gid) != 0) {
            mode &= ~(mode_t)(S_ISGID | S_IRWXG);
        }
    }
    /* Refused, the temporary file keeps its own mode. */
    (void)fchmod(fd, mode);
}

/*
 * Makes f's temporary file for f->name in f->dirfd, giving it what the
 * file it replaces has: its mode, and its owner and group where the
 * process may (root, or a group the user is in). dir names the directory
 * in messages and temp paths (NULL: relative to dirfd).
 */
static int
make_temp(struct maze_file_sink *f, const char *dir)
{
    struct stat st;
    bool keep = fstatat(f->dirfd, f->name, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (keep && S_ISDIR(st.st_mode)) {
        return fail_reason(EISDIR, "is a directory");
    }
    keep = keep && S_ISREG(st.st_mode);
    /* Created 0666: the umask, or the directory's default ACL, applies. */
    if (can_link_unnamed()) {
        f->fd = openat(f->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
        f->unnamed = f->fd >= 0;
    }
    char temp[NAME_MAX + 16];
    for (int i = 0; f->fd < 0 && i < NAME_TRIES; i++) {
        hidden_name(temp, sizeof temp, f->name);
        f->fd =
            openat(f->dirfd, temp,
                   O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (f->fd < 0 && errno != EEXIST) {
            break;
        }
    }
    if (f->fd < 0) {
        int err = errno;
        char shown[NAME_MAX + 16];
        snprintf(shown, sizeof shown, ".%s.XXXXXX", f->name);
        char *where = caller_path(dir, shown);
        if (where == NULL) {
            return MAZE_ERR_NOMEM;
        }
        char what[2 * PATH_MAX + 160];
        if (err == ENOENT) {
            /* The directory is there (dirfd holds it), and so may the file
             * be: its file system makes no new file (/proc, /sys). */
            char buf[128];
            maze__fail(MAZE_ERR_IO,
                       "no new file can be made in %s, where the file is "
                       "written to a temporary file then renamed (%s: %s); "
                       "expected a file in a directory that takes new "
                       "files",
                       dir ? dir : ".", where,
                       strerror_r(err, buf, sizeof buf));
            free(where);
            errno = err;
            return MAZE_ERR_IO;
        }
        snprintf(what, sizeof what,
                 "the temporary file %s beside it cannot be created", where);
        free(where);
        return fail_errno(err, what);
    }
    if (!f->unnamed) {
        f->temp = strdup(temp);
        f->temp_path = f->temp ? caller_path(dir, temp) : NULL;
        if (f->temp_path == NULL) {
            return MAZE_ERR_NOMEM;
        }
    }
    if (keep) {
        keep_owner(f->fd, &st);
    }
    return MAZE_OK;
}

static int
check_flags(unsigned flags)
{
    return (flags & ~(unsigned)MAZE_FILE_NOFOLLOW) == 0 ? MAZE_OK
                                                        : MAZE_ERR_INVALID;
}

static struct maze_file_sink *
new_sink(void)
{
    struct maze_file_sink *f = calloc(1, sizeof *f);
    if (f != NULL) {
        f->fd = -1;
        f->dirfd = -1;
        f->sink = (struct maze_sink){write_all, f};
    }
    return f;
}

int
maze_file_sink_create(const char *path, unsigned flags,
                      struct maze_file_sink **out)
{
    maze__detail_clear();
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (check_flags(flags) != MAZE_OK) {
        return maze__fail(MAZE_ERR_INVALID, "unknown flags 0x%x", flags);
    }
    bool follow = !(flags & MAZE_FILE_NOFOLLOW);
    int rc = check_path(path, follow);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze_file_sink *f = new_sink();
    if (f == NULL) {
        return MAZE_ERR_NOMEM;
    }
    char *target = NULL, *dir = NULL;
    if (follow && is_special(path)) {
        /* A device or pipe: it cannot be replaced, so write through. */
        f->device = true;
        f->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        rc = f->fd < 0 ? fail_errno(errno, NULL) : MAZE_OK;
        goto done;
    }
    target = follow ? follow_links(path) : strdup(path);
    dir = target ? dir_of(target) : NULL;
    f->name = target ? strdup(base_of(target)) : NULL;
    if (f->name == NULL || dir == NULL) {
        rc = target == NULL && errno != ENOMEM
                 ? fail_errno(errno, "its symbolic links")
                 : MAZE_ERR_NOMEM;
        goto done;
    }
    f->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (f->dirfd < 0) {
        rc = errno == ENOENT ? fail_reason(ENOENT, "its directory does not "
                                                   "exist")
                             : fail_errno(errno, "its directory");
        goto done;
    }
    rc = make_temp(f, strchr(target, '/') ? dir : NULL);
done:
    free(dir);
    free(target);
    if (rc != MAZE_OK) {
        int err = errno;
        maze_file_sink_destroy(f);
        errno = err;
        return rc;
    }
    *out = f;
    return MAZE_OK;
}

int
maze_file_sink_create_at(int dirfd, const char *name, unsigned flags,
                         struct maze_file_sink **out)
{
    maze__detail_clear();
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (name == NULL || dirfd < 0 || check_flags(flags) != MAZE_OK) {
        return MAZE_ERR_INVALID;
    }
    if (name[0] == '\0' || strchr(name, '/') != NULL ||
        strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        return maze__fail(MAZE_ERR_INVALID,
                          "\"%s\": expected a file name without '/'", name);
    }
    struct maze_file_sink *f = new_sink();
    if (f == NULL) {
        return MAZE_ERR_NOMEM;
    }
    int rc = MAZE_ERR_NOMEM;
    f->name = strdup(name);
    if (f->name != NULL) {
        f->dirfd = dirfd;
        f->borrowed_dir = true;
        rc = make_temp(f, NULL);
    }
    if (rc != MAZE_OK) {
        int err = errno;
        maze_file_sink_destroy(f);
        errno = err;
        return rc;
    }
    *out = f;
    return MAZE_OK;
}

const struct maze_sink *
maze_file_sink_as_sink(struct maze_file_sink *f)
{
    return &f->sink;
}

int
maze_file_sink_errno(const struct maze_file_sink *f)
{
    return f->error;
}

const char *
maze_file_sink_temp_path(const struct maze_file_sink *f)
{
    return f->temp_path;
}

/* Gives the unnamed temporary file f->name: directly when nothing has the
 * name, else through a fresh hidden name renamed over it. */
static int
link_unnamed(struct maze_file_sink *f)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", f->fd);
    if (linkat(AT_FDCWD, proc, f->dirfd, f->name, AT_SYMLINK_FOLLOW) == 0) {
        return 0;
    }
    if (errno != EEXIST) {
        return errno;
    }
    char temp[NAME_MAX + 16];
    int err = EEXIST;
    for (int i = 0; err == EEXIST && i < NAME_TRIES; i++) {
        hidden_name(temp, sizeof temp, f->name);
        err = linkat(AT_FDCWD, proc, f->dirfd, temp, AT_SYMLINK_FOLLOW) == 0
                  ? 0
                  : errno;
    }
    if (err != 0) {
        return err;
    }
    if (renameat(f->dirfd, temp, f->dirfd, f->name) != 0) {
        err = errno;
        unlinkat(f->dirfd, temp, 0);
    }
    return err;
}

/* Closes f's file and removes its temporary file, if named. */
static void
discard(struct maze_file_sink *f)
{
    if (f->fd >= 0) {
        close(f->fd);
        f->fd = -1;
    }
    if (f->temp != NULL) {
        unlinkat(f->dirfd, f->temp, 0);
        free(f->temp);
        f->temp = NULL;
        free(f->temp_path);
        f->temp_path = NULL;
    }
}

int
maze_file_sink_commit(struct maze_file_sink *f)
{
    maze__detail_clear();
    if (f == NULL || f->done) {
        return MAZE_ERR_INVALID;
    }
    f->done = true;
    int err = f->error;
    if (err == 0 && !f->device && fsync(f->fd) != 0) {
        err = errno;
    }
    if (err == 0 && f->unnamed) {
        err = link_unnamed(f);
    }
    /* A named file is closed before the rename, so that a late write
     * error (NFS reports them at close) keeps the earlier file. */
    if (f->fd >= 0 && close(f->fd) != 0 && err == 0 && !f->unnamed) {
        err = errno;
    }
    f->fd = -1;
    if (err == 0 && f->temp != NULL &&
        renameat(f->dirfd, f->temp, f->dirfd, f->name) != 0) {
        err = errno;
    }
    if (err != 0) {
        f->error = f->error ? f->error : err;
        discard(f);
        return fail_errno(err, NULL);
    }
    free(f->temp);
    f->temp = NULL;
    free(f->temp_path);
    f->temp_path = NULL;
    return MAZE_OK;
}

void
maze_file_sink_destroy(struct maze_file_sink *f)
{
    if (f == NULL) {
        return;
    }
    discard(f);
    if (f->dirfd >= 0 && !f->borrowed_dir) {
        close(f->dirfd);
    }
    free(f->name);
    free(f);
}

bool
maze_file_same(const char *a, const char *b)
{
    bool out_a = a == NULL || strcmp(a, "-") == 0;
    bool out_b = b == NULL || strcmp(b, "-") == 0;
    if (out_a || out_b) {
        return out_a && out_b;
    }
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) {
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
    /* Not both existing: compare the resolved directories and names. */
    char *da = dir_of(a), *db = dir_of(b);
    char ra[PATH_MAX], rb[PATH_MAX];
    bool same = false;
    if (da && db && realpath(da, ra) && realpath(db, rb)) {
        same = strcmp(ra, rb) == 0 && strcmp(base_of(a), base_of(b)) == 0;
    }
    free(da);
    free(db);
    return same;
}
