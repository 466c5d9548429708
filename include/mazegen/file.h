/* SPDX-License-Identifier: MIT */
/*
 * Files that appear whole or not at all: a struct maze_sink (export.h)
 * writing to a file that takes the place of any earlier one only when
 * committed.
 *
 *     struct maze_file_sink *f;
 *     int rc = maze_file_sink_create("maze.png", 0, &f);
 *     if (rc == MAZE_OK) {
 *         rc = maze_export(maze, "png", &e, maze_file_sink_as_sink(f));
 *     }
 *     if (rc == MAZE_OK) {
 *         rc = maze_file_sink_commit(f);  the file appears, atomically
 *     }
 *     maze_file_sink_destroy(f);          without a commit: nothing written
 *
 * The bytes go to a temporary file in the target's directory: an unnamed
 * one where the system can make it (Linux's O_TMPFILE, given a name only
 * by the commit), so that a process killed by any signal leaves nothing
 * behind; else a hidden ".NAME.XXXXXX" beside the target, which
 * maze_file_sink_temp_path() names for a program that removes it from a
 * signal handler. The commit flushes the file to disk (fsync) and renames
 * it over the target.
 *
 * What the user owns stays theirs: a replaced file's mode is kept (and,
 * where the process may, its owner and group: an owner not kept loses
 * the set-user-ID bit, a group not kept the set-group-ID bit and the
 * group's permissions, which were the old group's); a new file gets 0666 less
 * the umask (and the directory's default ACL); a symbolic link is written
 * through, as cp and shell redirection do (the file it names is replaced,
 * the link stays a link); an existing device, FIFO or socket cannot be
 * replaced and is written directly (abort cannot take those bytes back).
 *
 * A write past the process's file-size limit (RLIMIT_FSIZE, `ulimit -f`)
 * raises SIGXFSZ, whose default action ends the process. The library
 * changes no signal disposition: a program that wants the limit reported
 * as an error ignores SIGXFSZ (signal(SIGXFSZ, SIG_IGN); Python does so at
 * start), and the write then fails with EFBIG like any other.
 *
 * On MAZE_ERR_IO, errno holds the system's reason and maze_error_detail()
 * a phrase that does not repeat the path ("its directory does not exist",
 * "No space left on device"), for the caller to show after it:
 * "cannot write PATH: DETAIL". A sink is used by one thread at a time.
 */
#ifndef MAZEGEN_FILE_H
#define MAZEGEN_FILE_H

#include <stdbool.h>

#include <mazegen/export.h>
#include <mazegen/status.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_file_sink;

enum maze_file_flags {
    /*
     * The name is the program's own choice in a directory others may
     * write (numbered frames): whatever is found under it (a symbolic
     * link, a FIFO, a device) is replaced by the new file, never followed
     * or opened; only a regular file's mode is kept.
     */
    MAZE_FILE_NOFOLLOW = 1u << 0,
};

/*
 * Checks, before any work, that maze_file_sink_create(path, 0, ...) can
 * be expected to succeed: the name is not empty, does not end in '/' or
 * name a directory, an existing device is writable, its symbolic links
 * resolve, and the directory of the file they name exists and is
 * writable (the temporary file is made there). It creates nothing.
 *
 * Returns MAZE_OK; MAZE_ERR_INVALID when path is NULL or empty;
 * MAZE_ERR_NOMEM; MAZE_ERR_IO with the reason in maze_error_detail()
 * ("is a directory", "its directory does not exist", "its directory is
 * not a directory", "its directory is not writable (...)", "the device is
 * not writable", "its symbolic links loop", "its symbolic link cannot be
 * read"). A check is advice, not a promise: the file system may change
 * before the file is made.
 */
int maze_file_check(const char *path);

/*
 * Opens a file sink for path (flags: enum maze_file_flags, or 0), making
 * its temporary file, or opening an existing device or FIFO for writing
 * (which may wait for a FIFO's reader).
 *
 * Returns MAZE_OK and the sink in *out, which the caller owns and
 * releases with maze_file_sink_destroy(); MAZE_ERR_INVALID when path or
 * out is NULL, flags unknown or path empty; MAZE_ERR_NOMEM; MAZE_ERR_IO
 * when maze_file_check() fails or the file cannot be made: the detail
 * says why, naming the temporary file when that is what could not be
 * made. *out is NULL on failure, and nothing was created.
 */
int maze_file_sink_create(const char *path, unsigned flags,
                          struct maze_file_sink **out);

/*
 * As maze_file_sink_create() with MAZE_FILE_NOFOLLOW, for name in the
 * directory open as dirfd (any descriptor of a directory, O_PATH will
 * do), so that a directory opened once keeps meaning the same directory.
 * The sink uses dirfd until it is destroyed, and does not close it: the
 * caller keeps it open until then (one descriptor for many sinks, each
 * of which holds one more, its open temporary file). name has no '/'. A
 * temporary file's name (maze_file_sink_temp_path()) is then relative to
 * dirfd. flags: 0 or MAZE_FILE_NOFOLLOW, which is implied.
 *
 * Returns as maze_file_sink_create(), also MAZE_ERR_INVALID when name
 * has a '/' or dirfd is negative.
 */
int maze_file_sink_create_at(int dirfd, const char *name, unsigned flags,
                             struct maze_file_sink **out);

/*
 * The sink to write the file's bytes to (export.h), valid until
 * maze_file_sink_destroy(). Its write returns non-zero after a failure,
 * the first of which maze_file_sink_errno() keeps; writes after it do
 * nothing. f is not NULL.
 */
const struct maze_sink *maze_file_sink_as_sink(struct maze_file_sink *f);

/*
 * Makes the file appear: flushes it to disk and puts it in place of
 * any earlier one in one step. A device or FIFO is closed. Only once: a
 * second commit, or one after a failed write, fails.
 *
 * Returns MAZE_OK; MAZE_ERR_INVALID when f is NULL or was committed
 * already; MAZE_ERR_IO (errno and detail set) when a write failed or
 * the flush or rename does: the temporary file is then removed and any
 * earlier file is as it was.
 */
int maze_file_sink_commit(struct maze_file_sink *f);

/*
 * The errno of the sink's first failure (a write, the flush, the
 * rename), 0 if none. f is not NULL.
 */
int maze_file_sink_errno(const struct maze_file_sink *f);

/*
 * The hidden temporary file's path while it exists (a sink made by
 * maze_file_sink_create_at() gives it relative to its dirfd), for a
 * signal handler to unlink; NULL when the temporary file has no name
 * (nothing to remove: the system frees it with the process) or the
 * target is a device. Valid until maze_file_sink_destroy(); copy it to
 * use it after the commit. f is not NULL.
 */
const char *maze_file_sink_temp_path(const struct maze_file_sink *f);

/*
 * Releases f. When it was not committed this is the abort: the temporary
 * file is removed and any earlier file stays as it was, mode included.
 * NULL is accepted.
 */
void maze_file_sink_destroy(struct maze_file_sink *f);

/*
 * Whether paths a and b name the same file: the same existing file (by
 * device and inode, links followed), or, when they do not both exist, the
 * same name in the same directory; NULL and "-" (standard output) are the
 * same only as each other. For refusing two outputs that would overwrite
 * each other before any work.
 */
bool maze_file_same(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif
