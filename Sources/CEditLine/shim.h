// Wrappers that let Swift use libedit. `el_set`, `el_get` and `history` are variadic and Swift cannot call
// variadic C functions, so each use gets a fixed-argument `static inline` function here. Swift 6 also rejects the
// C globals `stdin`/`stdout`/`stderr` as not concurrency-safe, so they are returned from functions.
#ifndef BRAINY_CEDITLINE_SHIM_H
#define BRAINY_CEDITLINE_SHIM_H

#include <errno.h>
#include <histedit.h>
#include <langinfo.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

int wcwidth(wchar_t character);  // <wchar.h> declares it only under _XOPEN_SOURCE
#ifndef __USE_GNU
int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask);  // _GNU_SOURCE
#endif

// MARK: Standard streams

static inline FILE *brainy_stdin(void) { return stdin; }
static inline FILE *brainy_stdout(void) { return stdout; }
static inline FILE *brainy_stderr(void) { return stderr; }

// MARK: Locale and terminal

/// Takes the locale from the environment. In the C locale libedit drops every non-ASCII byte, so when the
/// environment's codeset is not UTF-8 the character type falls back to C.UTF-8 (present on Debian).
static inline void brainy_setup_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL || (strcmp(codeset, "UTF-8") != 0 && strcmp(codeset, "utf8") != 0)) {
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
            setlocale(LC_CTYPE, "en_US.UTF-8");
        }
    }
}

/// The width of the terminal on `fd` in columns, or 80 when it is not a terminal.
static inline int brainy_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
        return size.ws_col;
    }
    return 80;
}

// MARK: EditLine settings

typedef char *(*brainy_prompt_fn)(EditLine *);
typedef unsigned char (*brainy_edit_fn)(EditLine *, int);

/// `delimiter` brackets parts of the prompt that take no room on screen (colour escapes).
static inline int brainy_el_set_prompt(EditLine *el, brainy_prompt_fn fn, char delimiter) {
    return el_set(el, EL_PROMPT_ESC, fn, delimiter);
}

static inline int brainy_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// Whether the key bindings in force are vi's (`bind -v` in ~/.editrc), as opposed to emacs'.
static inline int brainy_el_editor_is_vi(EditLine *el) {
    const char *mode = NULL;
    if (el_get(el, EL_EDITOR, &mode) != 0 || mode == NULL) return 0;
    return mode[0] == 'v';
}

/// Reads the user's libedit settings: `$EDITRC`, else `~/.editrc` (lines may start with `brainy:`); -1 when none.
static inline int brainy_el_source_user_settings(EditLine *el) {
    return el_source(el, NULL);
}

static inline int brainy_el_set_signal(EditLine *el, int handle) {
    return el_set(el, EL_SIGNAL, handle);
}

/// Applies one `setty` change to the edit mode (`-d`) of the tty, e.g. `-isig`.
static inline int brainy_el_setty_edit(EditLine *el, const char *setting) {
    return el_set(el, EL_SETTY, "-d", setting, (const char *)NULL);
}

/// Puts the terminal in libedit's edit mode (raw, with the `setty -d` changes) now, or back to cooked mode.
static inline int brainy_el_prepare_terminal(EditLine *el, int edit) {
    return el_set(el, EL_PREP_TERM, edit);
}

static inline int brainy_el_add_function(EditLine *el, const char *name, const char *help, brainy_edit_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int brainy_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

static inline int brainy_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *brainy_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

static inline int brainy_el_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}

// MARK: Reading keys

typedef int (*brainy_read_fn)(EditLine *, wchar_t *);

/// Replaces libedit's key reader with `fn` (which calls `brainy_read_character`).
static inline int brainy_el_set_reader(EditLine *el, brainy_read_fn fn) {
    return el_set(el, EL_GETCFN, fn);
}

static inline void brainy_wake_on_resize(int signal_number) { (void)signal_number; }

/// A SIGWINCH handler that does nothing but wake `poll` (other calls restart): libedit's own handler resizes once,
/// then puts back the handler it found and is gone until the next line, so this is the one later resizes reach.
static inline void brainy_install_resize_wake(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = brainy_wake_on_resize;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGWINCH, &action, NULL);
}

/// Holds window resizes (SIGWINCH) back while libedit edits a line (`hold` 1), or lets them through again (0).
/// libedit's own handler resizes its screen buffers inside the signal handler: a resize arriving while it redraws
/// (during a paste) freed the buffers the redraw was writing (heap corruption, SIGSEGV in the torture suite's `wide`
/// family). Held back, a resize is delivered only inside `brainy_read_character`'s wait.
static inline void brainy_hold_resizes(int hold) {
    sigset_t resize;
    sigemptyset(&resize);
    sigaddset(&resize, SIGWINCH);
    pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &resize, NULL);
}

/// Reads one character from standard input the way libedit's own reader does (a byte at a time, UTF-8; an invalid
/// sequence is dropped but for its last byte, which may start the next character), waiting at most `timeout_ms`
/// milliseconds for a key when no character is half read (-1: no limit). A signal while waiting (a window resize, a
/// stop and continue) resizes the editor and puts the terminal back in edit mode.
/// Returns 1 with `*character` set, 0 at the end of input, -1 on an error, 2 when the wait timed out, 3 after a
/// signal (the caller checks the line against the new size and calls again).
static inline int brainy_read_character(EditLine *el, wchar_t *character, int timeout_ms) {
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    *character = L'\0';
    for (;;) {
        struct pollfd ready = { .fd = STDIN_FILENO, .events = POLLIN, .revents = 0 };
        // A window resize is taken only here, while libedit touches none of its buffers (see brainy_hold_resizes).
        sigset_t waiting;
        pthread_sigmask(SIG_SETMASK, NULL, &waiting);
        sigdelset(&waiting, SIGWINCH);
        struct timespec limit = { .tv_sec = timeout_ms / 1000, .tv_nsec = (long)(timeout_ms % 1000) * 1000000L };
        int polled = ppoll(&ready, 1, (count == 0 && timeout_ms >= 0) ? &limit : NULL, &waiting);
        if (polled == -1) {
            if (errno != EINTR) return -1;
            el_resize(el);
            el_set(el, EL_PREP_TERM, 1);
            if (count == 0) return 3;
            continue;
        }
        if (polled == 0) return 2;
        ssize_t got = read(STDIN_FILENO, bytes + count, 1);
        if (got == -1) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        if (got == 0) return 0;
        count += 1;
        for (;;) {
            mbstate_t state;
            memset(&state, 0, sizeof state);
            size_t used = mbrtowc(character, bytes, count, &state);
            if (used == (size_t)-2) {
                if (count >= MB_LEN_MAX) count = 0;  // too long to be one character: drop it
                break;                               // read another byte
            }
            if (used == (size_t)-1) {
                if (count > 1) {  // keep the last byte, which may start a character
                    bytes[0] = bytes[count - 1];
                    count = 1;
                    continue;
                }
                count = 0;
                break;
            }
            return 1;
        }
    }
}

/// How libedit draws `character` when it redraws the line (its `re_addc`): `*pieces` cells of `return` columns each.
/// A printable character is one piece of its `wcwidth` (0, 1 or 2); a control below U+0100 is `^X` (two pieces of
/// one); any other character libedit cannot print is `\U+XXXX` (seven or eight pieces of one); a tab is `*pieces`
/// -1 (spaces to the next multiple of eight).
static inline int brainy_el_character_columns(wchar_t character, int *pieces) {
    if (character == L'\t') {
        *pieces = -1;
        return 1;
    }
    if (character < 0x100 && iswcntrl((wint_t)character)) {
        *pieces = 2;
        return 1;
    }
    if (iswprint((wint_t)character)) {
        int width = wcwidth(character);
        *pieces = 1;
        return width < 0 ? 0 : width;
    }
    *pieces = character > 0xffff ? 8 : 7;
    return 1;
}

/// The height of the terminal on `fd` in rows, or 0 when it is not a terminal.
static inline int brainy_terminal_rows(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) {
        return size.ws_row;
    }
    return 0;
}

/// Makes libedit believe the screen is `rows` high (its `li`), unless it does already; its display buffers are made
/// again for that height, so call it only between keys. libedit sizes itself from the terminal at each line and
/// each resize: call it again after those.
///
/// Debian 12's libedit (3.1-20221030) scrolls its copy of the screen when a line needs more rows than it believes
/// there are, and with wide characters that scrolling writes outside its buffers (SIGSEGV). Told the screen is far
/// taller than any line it is given, it never scrolls; the shell keeps each line within the real screen itself, and
/// cuts the rare one that a single key made taller (a yank, a line from the history) before the next key.
static inline void brainy_el_keep_rows(EditLine *el, int rows) {
    int current = 0;
    el_get(el, EL_GETTC, "li", &current, (void *)NULL);
    if (current == rows) return;
    char text[16];
    snprintf(text, sizeof text, "%d", rows);
    el_set(el, EL_SETTC, "li", text, (const char *)NULL);
}

/// The screen as libedit sizes its display (rows and columns), which is what its redraw must fit in.
static inline void brainy_el_screen_size(EditLine *el, int *rows, int *columns) {
    *rows = 0;
    *columns = 0;
    el_get(el, EL_GETTC, "li", rows, (void *)NULL);
    el_get(el, EL_GETTC, "co", columns, (void *)NULL);
}

/// The line being edited as wide characters: `*cursor` and `*length` count characters from the returned start.
static inline const wchar_t *brainy_el_wline(EditLine *el, int *cursor, int *length) {
    const LineInfoW *info = el_wline(el);
    *cursor = (int)(info->cursor - info->buffer);
    *length = (int)(info->lastchar - info->buffer);
    return info->buffer;
}

/// True for a printable character that takes no column (a combining accent, a zero-width space, a variation
/// selector). libedit's fast path for a key typed at the end of the line counts it as one column where its redraw
/// counts none; on a line longer than the screen the two disagree about which row they are on and libedit writes
/// outside its screen buffer (a crash, Debian 12's libedit 3.1-20221030).
static inline int brainy_takes_no_column(wchar_t character) {
    return iswprint((wint_t)character) && wcwidth(character) == 0;
}

/// Inserts `character` at the cursor without libedit's fast path.
static inline int brainy_el_insert_character(EditLine *el, wchar_t character) {
    wchar_t text[2] = { character, L'\0' };
    return el_winsertstr(el, text);
}

// MARK: Line buffer

/// The line being edited, as UTF-8: `*cursor` and `*length` are byte offsets from the returned start.
static inline const char *brainy_el_line(EditLine *el, int *cursor, int *length) {
    const LineInfo *info = el_line(el);
    *cursor = (int)(info->cursor - info->buffer);
    *length = (int)(info->lastchar - info->buffer);
    return info->buffer;
}

static inline int brainy_el_insertstr(EditLine *el, const char *text) {
    return el_insertstr(el, text);
}

/// Deletes `count` characters (not bytes) before the cursor.
static inline void brainy_el_deletestr(EditLine *el, int count) {
    el_deletestr(el, count);
}

/// Reads one key (a whole character) inside an editing function; returns 1 when one was read.
static inline int brainy_el_getc(EditLine *el, int *key) {
    wchar_t character = 0;
    int count = el_wgetc(el, &character);
    *key = (int)character;
    return count;
}

// MARK: History

static inline int brainy_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int brainy_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int brainy_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int brainy_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int brainy_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

/// The newest entry, or NULL when the history is empty. Moves the history's cursor there.
static inline const char *brainy_history_first(History *h) {
    HistEvent event;
    return history(h, &event, H_FIRST) == 0 ? event.str : NULL;
}

/// The entry older than the cursor, or NULL after the oldest. Moves the history's cursor there.
static inline const char *brainy_history_next(History *h) {
    HistEvent event;
    return history(h, &event, H_NEXT) == 0 ? event.str : NULL;
}

#endif
