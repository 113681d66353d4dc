// Wrappers that let Swift use libedit. `el_set`, `el_get` and `history` are variadic and Swift cannot call
// variadic C functions, so each use gets a fixed-argument `static inline` function here. Swift 6 also rejects the
// C globals `stdin`/`stdout`/`stderr` as not concurrency-safe, so they are returned from functions.
#ifndef BRAINY_CEDITLINE_SHIM_H
#define BRAINY_CEDITLINE_SHIM_H

#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

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
