/* dyn_mode.c -- forces and accelerations of one constant contact mode
 * (spec seed002.md §2.2), by solving the mode's own linear system. */
#include "dyn/dyn_impl.h"

/* Unknowns: a sticking contact i contributes (ft_i, fn_i) with equations
 * a_ti = a_ni = 0; a slipping one fn_i with ft_i = -sigma mu_i fn_i and
 * a_ni = 0; a free one nothing. lam = E x, A_rows E x = -b_rows. The
 * result encloses the exact solution for every point of the balls when
 * arb_mat_solve certifies the system invertible. */
int _dyn_mode_solve(arb_ptr lam, arb_ptr a, const dyn_model_t m, const char mode[2], slong prec)
{
    arb_mat_t E, S, rhs, x;
    int rows[4], k = 0, ok = 1;
    arb_mat_init(E, 4, 4);
    for (int i = 0; i < 2; i++) {
        char c = mode[i];
        if (c == 'S') {
            arb_one(arb_mat_entry(E, 2 * i, k)); rows[k++] = 2 * i;
            arb_one(arb_mat_entry(E, 2 * i + 1, k)); rows[k++] = 2 * i + 1;
        } else if (c == 'P' || c == 'N') {
            arb_one(arb_mat_entry(E, 2 * i + 1, k));
            arb_set(arb_mat_entry(E, 2 * i, k), m->mu[i]);
            if (c == 'P') arb_neg(arb_mat_entry(E, 2 * i, k), arb_mat_entry(E, 2 * i, k));
            rows[k++] = 2 * i + 1;
        }
    }
    _arb_vec_zero(lam, 4);
    if (k > 0) {
        arb_mat_init(S, k, k); arb_mat_init(rhs, k, 1); arb_mat_init(x, k, 1);
        for (int r = 0; r < k; r++) {
            for (int col = 0; col < k; col++) {
                arb_t s; arb_init(s);
                for (int q = 0; q < 4; q++)
                    arb_addmul(s, m->A[rows[r]][q], arb_mat_entry(E, q, col), prec);
                arb_swap(arb_mat_entry(S, r, col), s);
                arb_clear(s);
            }
            arb_neg(arb_mat_entry(rhs, r, 0), m->b[rows[r]]);
        }
        ok = arb_mat_solve(x, S, rhs, prec);
        if (ok)
            for (int q = 0; q < 4; q++)
                for (int col = 0; col < k; col++)
                    arb_addmul(lam + q, arb_mat_entry(E, q, col), arb_mat_entry(x, col, 0), prec);
        arb_mat_clear(S); arb_mat_clear(rhs); arb_mat_clear(x);
    }
    arb_mat_clear(E);
    if (!ok) return -1;
    for (int r = 0; r < 4; r++) {
        arb_set(a + r, m->b[r]);
        for (int q = 0; q < 4; q++) arb_addmul(a + r, m->A[r][q], lam + q, prec);
    }
    /* exact zeros of the constrained accelerations */
    for (int i = 0; i < 2; i++) {
        if (mode[i] == 'S') { arb_zero(a + 2 * i); arb_zero(a + 2 * i + 1); }
        else if (mode[i] == 'P' || mode[i] == 'N') arb_zero(a + 2 * i + 1);
    }
    return 0;
}

/* Index of a cached mode (dyn_model_set), or -1. */
static int mode_index(const char mode[2])
{
    static const char *names[7] = {"FF", "SF", "PF", "NF", "FS", "FP", "FN"};
    for (int k = 0; k < 7; k++)
        if (names[k][0] == mode[0] && names[k][1] == mode[1]) return k;
    return -1;
}

int dyn_mode_solve(arb_ptr lam, arb_ptr a, const dyn_model_t m, const char mode[2], slong prec)
{
    int k = mode_index(mode);
    if (k < 0) return _dyn_mode_solve(lam, a, m, mode, prec);
    if (!m->mode_ok[k]) return -1;
    for (int r = 0; r < 4; r++) { arb_set(lam + r, m->mode_lam[k][r]); arb_set(a + r, m->mode_acc[k][r]); }
    return 0;
}
