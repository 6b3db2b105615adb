/* case_impl.h -- internals of the case reader (src/case only).
 *
 * Reading is two passes: case_ini.c turns the file into raw sections and
 * entries (text with exact positions), case_validate.c builds the case_t. */
#ifndef FC_CASE_IMPL_H
#define FC_CASE_IMPL_H

#include <stdarg.h>
#include "case/case.h"

/* One NAME = VALUE entry (continuation lines included). */
typedef struct {
    char *key;
    int key_line, key_col;
    char *src;          /* for parsing: pieces joined by "\n" + the original indentation */
    char *text;         /* as prose: pieces joined by "\n" */
    int line, col;      /* position (1-based, columns in characters) of src[0] */
    const char *file;   /* the .defs file it was read from (include =), or NULL: the case file */
} case_raw_entry;

/* One [section] with its entries in file order. */
typedef struct {
    char *kind;         /* first word of the header: "case", "plot", ... */
    char *arg;          /* the rest, trimmed ("" if none) */
    int line, col;      /* position of the header's name */
    int nentries, alloc;
    case_raw_entry *entries;
} case_raw_section;

typedef struct {
    int nsections, alloc;
    case_raw_section *sections;
} case_raw;

void case_raw_clear(case_raw *r);

/* Pass 1: reads the INI structure of the bytes buf[0..len) (the file path
 * is only used in messages). Returns 0, or -1 with err filled. */
int case_ini_read(case_raw *r, const char *buf, size_t len, const char *path, case_error_t *err);

/* Pass 2: builds c from r (c zeroed, c->path and c->id set). Returns 0, or
 * -1 with err filled; c must be cleared by the caller in both cases. */
int case_validate(case_t *c, const case_raw *r, case_error_t *err);

/* Sets err to (line, col, printf-style message); file is kept. */
#define case_error_set fc_error_set

/* Position of src[off] for a text whose src[0] sits at (line, col): a
 * newline advances the line and resets the column to 1; columns count
 * characters (UTF-8 continuation bytes do not count). */
void case_pos_advance(const char *src, size_t off, int line, int col, int *oline, int *ocol);

char *case_strdup(const char *s);
char *case_strndup(const char *s, size_t n);

#endif
