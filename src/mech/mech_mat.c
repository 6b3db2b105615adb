/* mech_mat.c -- small dense matrices of ASTs: products, transposes and
 * inverses (exact over Q, diagonal, or adjugate / determinant). */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

void mech_mat_init(mech_mat *m, int r, int c)
{
    int i;
    m->r = r, m->c = c;
    m->e = flint_malloc((r * c > 0 ? r * c : 1) * sizeof(expr_t));
    for (i = 0; i < r * c; i++) m->e[i] = expr_num_si(0, 1);
}

void mech_mat_clear(mech_mat *m)
{
    int i;
    if (m->e == NULL) return;
    for (i = 0; i < m->r * m->c; i++) expr_free(m->e[i]);
    flint_free(m->e);
    m->e = NULL;
    m->r = m->c = 0;
}

void mech_mat_set(mech_mat *m, int i, int j, expr_t e)
{
    expr_free(MECH_ENTRY(m, i, j));
    MECH_ENTRY(m, i, j) = e;
}

void mech_mat_copy(mech_mat *out, const mech_mat *a)
{
    int i;
    mech_mat_init(out, a->r, a->c);
    for (i = 0; i < a->r * a->c; i++) {
        expr_free(out->e[i]);
        out->e[i] = expr_copy(a->e[i]);
    }
}

void mech_mat_mul(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b)
{
    int i, j, l;
    mech_mat_init(out, a->r, b->c);
    for (i = 0; i < a->r; i++)
        for (j = 0; j < b->c; j++) {
            expr_t s = expr_num_si(0, 1);
            for (l = 0; l < a->c; l++)
                s = mech_add(bd, s, mech_mul(bd, expr_copy(MECH_ENTRY(a, i, l)),
                                             expr_copy(MECH_ENTRY(b, l, j))));
            mech_mat_set(out, i, j, s);
        }
}

void mech_mat_transpose(mech_mat *out, const mech_mat *a)
{
    int i, j;
    mech_mat_init(out, a->c, a->r);
    for (i = 0; i < a->r; i++)
        for (j = 0; j < a->c; j++) mech_mat_set(out, j, i, expr_copy(MECH_ENTRY(a, i, j)));
}

void mech_mat_sub(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b)
{
    int i;
    mech_mat_init(out, a->r, a->c);
    for (i = 0; i < a->r * a->c; i++) {
        expr_free(out->e[i]);
        out->e[i] = mech_sub(bd, expr_copy(a->e[i]), expr_copy(b->e[i]));
    }
}

void mech_mat_add(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b)
{
    int i;
    mech_mat_init(out, a->r, a->c);
    for (i = 0; i < a->r * a->c; i++) {
        expr_free(out->e[i]);
        out->e[i] = mech_add(bd, expr_copy(a->e[i]), expr_copy(b->e[i]));
    }
}

static int all_rational(const mech_mat *a)
{
    int i;
    for (i = 0; i < a->r * a->c; i++)
        if (a->e[i]->kind != EXPR_NUM) return 0;
    return 1;
}

static int is_diagonal(const mech_mat *a)
{
    int i, j;
    for (i = 0; i < a->r; i++)
        for (j = 0; j < a->c; j++)
            if (i != j && !(MECH_ENTRY(a, i, j)->kind == EXPR_NUM &&
                            fmpq_is_zero(MECH_ENTRY(a, i, j)->num)))
                return 0;
    return 1;
}

/* Determinant of the minor of a (n <= 3) without row r and column c
 * (r = c = -1: the whole matrix), by cofactor expansion. */
static expr_t det_minor(const mech_builder *bd, const mech_mat *a, int r, int c)
{
    int rows[3], cols[3], n = 0, m = 0, i;
    for (i = 0; i < a->r; i++) if (i != r) rows[n++] = i;
    for (i = 0; i < a->c; i++) if (i != c) cols[m++] = i;
    if (n == 0) return expr_num_si(1, 1);
    if (n == 1) return expr_copy(MECH_ENTRY(a, rows[0], cols[0]));
    if (n == 2)
        return mech_sub(bd,
                        mech_mul(bd, expr_copy(MECH_ENTRY(a, rows[0], cols[0])),
                                 expr_copy(MECH_ENTRY(a, rows[1], cols[1]))),
                        mech_mul(bd, expr_copy(MECH_ENTRY(a, rows[0], cols[1])),
                                 expr_copy(MECH_ENTRY(a, rows[1], cols[0]))));
    {
        /* n == 3: expand along the first row */
        expr_t s = expr_num_si(0, 1);
        int j;
        for (j = 0; j < 3; j++) {
            mech_mat sub;
            int p, q;
            expr_t t;
            mech_mat_init(&sub, 2, 2);
            for (p = 0; p < 2; p++)
                for (q = 0, m = 0; q < 3; q++) {
                    if (q == j) continue;
                    mech_mat_set(&sub, p, m++, expr_copy(MECH_ENTRY(a, rows[p + 1], cols[q])));
                }
            t = mech_mul(bd, expr_copy(MECH_ENTRY(a, rows[0], cols[j])), det_minor(bd, &sub, -1, -1));
            s = (j % 2 == 0) ? mech_add(bd, s, t) : mech_sub(bd, s, t);
            mech_mat_clear(&sub);
        }
        return s;
    }
}

static int inv_rational(mech_mat *out, const mech_mat *a)
{
    fmpq_mat_t A, B;
    int i, j, ok;
    fmpq_mat_init(A, a->r, a->c);
    fmpq_mat_init(B, a->r, a->c);
    for (i = 0; i < a->r; i++)
        for (j = 0; j < a->c; j++) fmpq_set(fmpq_mat_entry(A, i, j), MECH_ENTRY(a, i, j)->num);
    ok = fmpq_mat_inv(B, A);
    if (ok) {
        mech_mat_init(out, a->r, a->c);
        for (i = 0; i < a->r; i++)
            for (j = 0; j < a->c; j++) mech_mat_set(out, i, j, expr_num_fmpq(fmpq_mat_entry(B, i, j)));
    }
    fmpq_mat_clear(A);
    fmpq_mat_clear(B);
    return ok ? 0 : -1;
}

int mech_mat_inv(mech_mat *out, mech_builder *b, const mech_mat *a, const char *detname,
                 char *msg, size_t nmsg)
{
    int n = a->r, i, j;
    expr_t det;
    if (a->r != a->c) {
        snprintf(msg, nmsg, "matrix is not square");
        return -1;
    }
    if (all_rational(a)) {
        if (inv_rational(out, a) == 0) return 0;
        snprintf(msg, nmsg, "matrix is singular (exact rational determinant 0)");
        return -1;
    }
    if (is_diagonal(a)) {
        mech_mat_init(out, n, n);
        for (i = 0; i < n; i++)
            mech_mat_set(out, i, i, mech_div(b, expr_num_si(1, 1), expr_copy(MECH_ENTRY(a, i, i))));
        return 0;
    }
    if (n > 3) {
        snprintf(msg, nmsg, "a non-diagonal matrix with non-constant entries is inverted symbolically "
                            "only up to 3 x 3 (this one is %d x %d)", n, n);
        return -1;
    }
    det = mech_emit(b, detname, det_minor(b, a, -1, -1), 0);
    mech_mat_init(out, n, n);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            /* inverse(i, j) = (-1)^(i+j) minor(j, i) / det */
            expr_t c = det_minor(b, a, j, i);
            if ((i + j) % 2) c = mech_neg(c);
            mech_mat_set(out, i, j, mech_div(b, c, expr_copy(det)));
        }
    expr_free(det);
    return 0;
}
