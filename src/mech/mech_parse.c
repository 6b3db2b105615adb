/* mech_parse.c -- reading the keys of a [model NAME] section, with
 * located errors FILE:LINE:COL. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mech/mech_impl.h"

int mech_key(const mech_section *sec, const char *key)
{
    int i;
    for (i = 0; i < sec->nentries; i++)
        if (strcmp(sec->entries[i].key, key) == 0) return i;
    return -1;
}

static void from_expr_error(fc_error *err, const char *file, const expr_error_t *ee)
{
    fc_error_at(err, file, ee->line, ee->col, "%s", ee->msg);
}

expr_t mech_parse_expr(const mech_section *sec, int i, const char *file, expr_scope_t s,
                       fc_error *err)
{
    expr_error_t ee;
    int col = sec->entries[i].col;
    expr_t e = expr_parse(sec->entries[i].value, sec->entries[i].line, col, &ee);
    if (e == NULL) {
        from_expr_error(err, file, &ee);
        return NULL;
    }
    if (s && expr_check(e, s, 0, &ee)) {
        from_expr_error(err, file, &ee);
        expr_free(e);
        return NULL;
    }
    return e;
}

/* Parses "a, b, c" as the arguments of a wrapper call, so that commas
 * inside calls are handled by the expression parser and positions are
 * exact. names_only: every item must be a parameter name. Returns the
 * number of items, or -1. */
int mech_parse_list(expr_t *out, int max, const mech_section *sec, int i, const char *file,
                    expr_scope_t s, int names_only, fc_error *err)
{
    expr_error_t ee;
    int col = sec->entries[i].col, n, j;
    size_t len = strlen(sec->entries[i].value);
    char *src = flint_malloc(len + 4);
    expr_t e;
    snprintf(src, len + 4, "L(%s)", sec->entries[i].value);
    e = expr_parse(src, sec->entries[i].line, col - 2, &ee);
    flint_free(src);
    if (e == NULL) {
        from_expr_error(err, file, &ee);
        return -1;
    }
    if (e->kind != EXPR_FUNC || e->nargs == 0) {
        fc_error_at(err, file, sec->entries[i].line, col, "expected a comma-separated list for '%s'",
                   sec->entries[i].key);
        expr_free(e);
        return -1;
    }
    n = e->nargs;
    if (n > max) {
        fc_error_at(err, file, sec->entries[i].line, col, "'%s' has %d entries; at most %d are supported",
                   sec->entries[i].key, n, max);
        expr_free(e);
        return -1;
    }
    for (j = 0; j < n; j++) {
        expr_t a = e->args[j];
        int idx;
        if (names_only) {
            if (a->kind != EXPR_VAR || expr_scope_lookup(s, a->name, &idx, NULL) != 0) {
                fc_error_at(err, file, a->line ? a->line : sec->entries[i].line, a->col ? a->col : col,
                           "'%s': entry %d must be the name of a parameter", sec->entries[i].key, j + 1);
                expr_free(e);
                return -1;
            }
        } else if (expr_check(a, s, 0, &ee)) {
            from_expr_error(err, file, &ee);
            expr_free(e);
            return -1;
        }
    }
    for (j = 0; j < n; j++) out[j] = e->args[j], e->args[j] = NULL;
    e->nargs = 0;
    expr_free(e);
    return n;
}

/* mass = diag(a, b, ...) | [[a, b], [c, d]] | a single expression (n = 1). */
static int parse_mass(mech_model *m, const mech_section *sec, int i, const char *file,
                      expr_scope_t s, fc_error *err)
{
    const char *v = sec->entries[i].value;
    int n = m->ncoords, col = sec->entries[i].col, r, c;
    while (isspace((unsigned char) *v)) v++;
    mech_mat_init(&m->mass, n, n);
    if (strncmp(v, "diag", 4) == 0 || v[0] != '[') {
        expr_t d[MECH_MAX_N];
        int k;
        if (strncmp(v, "diag", 4) == 0) {
            expr_t e;
            expr_error_t ee;
            e = expr_parse(sec->entries[i].value, sec->entries[i].line, col, &ee);
            if (e == NULL) { from_expr_error(err, file, &ee); return -1; }
            if (e->kind != EXPR_FUNC || e->nargs != n) {
                fc_error_at(err, file, sec->entries[i].line, col, "mass: diag(...) needs %d entries, one per "
                           "coordinate", n);
                expr_free(e);
                return -1;
            }
            for (k = 0; k < n; k++) {
                if (expr_check(e->args[k], s, 0, &ee)) {
                    from_expr_error(err, file, &ee);
                    expr_free(e);
                    return -1;
                }
                d[k] = e->args[k], e->args[k] = NULL;
            }
            e->nargs = 0;
            expr_free(e);
        } else {
            if (n != 1) {
                fc_error_at(err, file, sec->entries[i].line, col, "mass: expected diag(...) or [[...], ...] "
                           "for %d coordinates", n);
                return -1;
            }
            if ((d[0] = mech_parse_expr(sec, i, file, s, err)) == NULL) return -1;
        }
        for (k = 0; k < n; k++) {
            if (d[k]->kind == EXPR_NUM && fmpq_sgn(d[k]->num) <= 0) {
                fc_error_at(err, file, sec->entries[i].line, col, "mass: diagonal entry %d must be positive", k + 1);
                for (; k < n; k++) expr_free(d[k]);
                return -1;
            }
            mech_mat_set(&m->mass, k, k, d[k]);
        }
        return 0;
    }
    {
        /* [[a, b], [c, d]]: replace brackets by calls R(...) and parse. */
        size_t len = strlen(sec->entries[i].value), k;
        char *src = flint_malloc(2 * len + 2), *p = src;
        expr_t e;
        expr_error_t ee;
        int depth = 0;
        for (k = 0; k < len; k++) {
            char ch = sec->entries[i].value[k];
            if (ch == '[') { *p++ = depth == 0 ? 'M' : 'R'; *p++ = '('; depth++; }
            else if (ch == ']') { *p++ = ')'; depth--; }
            else *p++ = ch;
        }
        *p = 0;
        e = expr_parse(src, sec->entries[i].line, col, &ee);
        flint_free(src);
        if (e == NULL) {
            /* positions after a bracket are shifted by one per bracket: report the key */
            fc_error_at(err, file, sec->entries[i].line, col, "mass: %s", ee.msg);
            return -1;
        }
        if (e->kind != EXPR_FUNC || e->nargs != n) {
            fc_error_at(err, file, sec->entries[i].line, col, "mass: expected %d rows [..] of %d entries", n, n);
            expr_free(e);
            return -1;
        }
        for (r = 0; r < n; r++) {
            expr_t row = e->args[r];
            if (row->kind != EXPR_FUNC || strcmp(row->name, "R") != 0 || row->nargs != n) {
                fc_error_at(err, file, sec->entries[i].line, col, "mass: row %d must be [..] with %d entries", r + 1, n);
                expr_free(e);
                return -1;
            }
            for (c = 0; c < n; c++) {
                if (expr_check(row->args[c], s, 0, &ee)) {
                    from_expr_error(err, file, &ee);
                    expr_free(e);
                    return -1;
                }
                mech_mat_set(&m->mass, r, c, row->args[c]);
                row->args[c] = NULL;
            }
            row->nargs = 0;
        }
        expr_free(e);
        /* symmetry (structural) */
        for (r = 0; r < n; r++)
            for (c = r + 1; c < n; c++) {
                char *a = expr_to_text(MECH_ENTRY(&m->mass, r, c));
                char *b = expr_to_text(MECH_ENTRY(&m->mass, c, r));
                int same = strcmp(a, b) == 0;
                flint_free(a);
                flint_free(b);
                if (!same) {
                    fc_error_at(err, file, sec->entries[i].line, col, "mass: the matrix must be symmetric "
                               "(entries (%d,%d) and (%d,%d) differ)", r + 1, c + 1, c + 1, r + 1);
                    return -1;
                }
            }
        return 0;
    }
}

static int parse_names(char **out, int max, const mech_section *sec, int i, const char *file,
                       expr_scope_t s, fc_error *err)
{
    expr_t e[MECH_MAX_N];
    int n = mech_parse_list(e, max, sec, i, file, s, 1, err), j;
    if (n < 0) return -1;
    for (j = 0; j < n; j++) {
        size_t l = strlen(e[j]->name) + 1;
        out[j] = flint_malloc(l);
        memcpy(out[j], e[j]->name, l);
        expr_free(e[j]);
    }
    return n;
}

static int count_to(const mech_section *sec, int i, const char *file, int got, int want,
                    fc_error *err)
{
    if (got != want) {
        fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col,
                   "'%s' has %d entries; expected %d (one per coordinate)", sec->entries[i].key, got, want);
        return -1;
    }
    return 0;
}

int mech_model_parse(mech_model *m, const mech_section *sec, const char *file, expr_scope_t s,
                     fc_error *err)
{
    int i, n, j;
    memset(m, 0, sizeof *m);
    if ((i = mech_key(sec, "coords")) < 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: missing key 'coords'", sec->name);
        return -1;
    }
    if ((n = parse_names(m->coords, MECH_MAX_N, sec, i, file, s, err)) < 0) return -1;
    m->ncoords = n;
    for (j = 0; j < n; j++)
        for (i = 0; i < j; i++)
            if (strcmp(m->coords[i], m->coords[j]) == 0) {
                i = mech_key(sec, "coords");
                fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col,
                           "coords: '%s' is listed twice", m->coords[j]);
                return -1;
            }
    if ((i = mech_key(sec, "velocities")) < 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: missing key 'velocities'", sec->name);
        return -1;
    }
    if ((j = mech_parse_list(m->vel, MECH_MAX_N, sec, i, file, s, 0, err)) < 0) return -1;
    if (count_to(sec, i, file, j, n, err)) return -1;
    if ((i = mech_key(sec, "time")) >= 0) {
        char *t[1];
        if (parse_names(t, 1, sec, i, file, s, err) < 0) return -1;
        m->time = t[0];
        for (j = 0; j < n; j++)
            if (strcmp(m->coords[j], m->time) == 0) {
                fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col,
                           "time: '%s' is also a coordinate", m->time);
                return -1;
            }
    }
    if ((i = mech_key(sec, "mass")) < 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: missing key 'mass'", sec->name);
        return -1;
    }
    if (parse_mass(m, sec, i, file, s, err)) return -1;
    if ((i = mech_key(sec, "force")) >= 0) {
        if ((j = mech_parse_list(m->force, MECH_MAX_N, sec, i, file, s, 0, err)) < 0) return -1;
        if (count_to(sec, i, file, j, n, err)) return -1;
    } else
        for (j = 0; j < n; j++) m->force[j] = expr_num_si(0, 1);
    if ((i = mech_key(sec, "constraints")) >= 0) {
        if ((j = mech_parse_list(m->cons, MECH_MAX_K, sec, i, file, s, 0, err)) < 0) return -1;
        m->ncons = j;
    }
    if ((i = mech_key(sec, "gap")) >= 0 && (m->gap = mech_parse_expr(sec, i, file, s, err)) == NULL)
        return -1;
    if ((i = mech_key(sec, "slip")) >= 0) {
        if ((j = mech_parse_list(m->slip, MECH_MAX_N, sec, i, file, s, 0, err)) < 0) return -1;
        if (count_to(sec, i, file, j, n, err)) return -1;
        m->nslip = j;
    }
    if ((i = mech_key(sec, "friction")) >= 0 &&
        (m->friction = mech_parse_expr(sec, i, file, s, err)) == NULL)
        return -1;
    if ((i = mech_key(sec, "direction")) >= 0 &&
        (m->direction = mech_parse_expr(sec, i, file, s, err)) == NULL)
        return -1;
    return 0;
}

void mech_model_clear(mech_model *m)
{
    int i;
    for (i = 0; i < MECH_MAX_N; i++) {
        flint_free(m->coords[i]);
        expr_free(m->vel[i]);
        expr_free(m->force[i]);
        expr_free(m->slip[i]);
    }
    for (i = 0; i < MECH_MAX_K; i++) expr_free(m->cons[i]);
    flint_free(m->time);
    mech_mat_clear(&m->mass);
    expr_free(m->gap);
    expr_free(m->friction);
    expr_free(m->direction);
    memset(m, 0, sizeof *m);
}
