/* case_error.c -- positions in the source text and small text helpers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case_impl.h"

void case_pos_advance(const char *src, size_t off, int line, int col, int *oline, int *ocol)
{
    size_t i;
    for (i = 0; i < off && src[i]; i++) {
        if (src[i] == '\n') {
            line++;
            col = 1;
        } else if (((unsigned char) src[i] & 0xC0) != 0x80) {
            col++;
        }
    }
    *oline = line;
    *ocol = col;
}

char *case_strndup(const char *s, size_t n)
{
    char *r = flint_malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

char *case_strdup(const char *s)
{
    return s ? case_strndup(s, strlen(s)) : NULL;
}

void case_raw_clear(case_raw *r)
{
    int i, j;
    for (i = 0; i < r->nsections; i++) {
        case_raw_section *s = &r->sections[i];
        for (j = 0; j < s->nentries; j++) {
            flint_free(s->entries[j].key);
            flint_free(s->entries[j].src);
            flint_free(s->entries[j].text);
        }
        flint_free(s->entries);
        flint_free(s->kind);
        flint_free(s->arg);
    }
    flint_free(r->sections);
    memset(r, 0, sizeof *r);
}
