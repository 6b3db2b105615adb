/* test_claim_statics.c -- the boundary-cell certificate of `equivalent` claims between a closed form and a
 * planar statics model (src/claim/claim_statics.c), against independent computations.
 *
 *  - the reduction of "an equilibrium exists" to determinant signs (claim_statics_eval) on random planar
 *    bodies on two rough points, over boxes of the load (Fx, M): where it decides a box, the verdict must
 *    hold at rational sample points of the box, decided there in exact rationals by the free reaction's
 *    interval (the reference of test_expr_statics, written again here);
 *  - a block on a rough floor pulled at the angle alpha: the correct closed form is proved (and the paving
 *    alone left cells undecided, so the certificate did the work); wrong closed forms are not proved: a
 *    boundary moved by 1e-6, a strict inequality (differs only on the boundary curve), an extra point
 *    (differs at one point), a factor that changes sign (refuted by the paving);
 *  - the block with the rope up to alpha = pi/2 (the corner cell where the load vanishes) proved; the same
 *    closed form over ranges reaching past pi/2 (where it is wrong) and one wrong at the corner point not;
 *  - Meshchersky's cylinder (two contacts, square roots in the data): R8.7 proved, T2 moved by 1e-6 not.
 * Spatial cones (3-D models): tests/test_claim_statics3d.c. */
#include "test_claim_util.h"
#include "claim/claim_impl.h"

/* ------------------------------------------------------------ exact reference */

typedef struct { fmpq_t x1, y1, x2, y2, n1x, n1y, n2x, n2y, f1, f2, Fy; } planar;

static void rnd_q(fmpq_t q, flint_rand_t st, slong lo, slong hi, ulong den)
{
    fmpz_set_si(fmpq_numref(q), lo * (slong) den + (slong) n_randint(st, (ulong) ((hi - lo) * (slong) den + 1)));
    fmpz_set_ui(fmpq_denref(q), den);
    fmpq_canonicalise(q);
}

/* a.r >= 0 with r = r0 + xi k: shrink [lo, hi] (flags for infinite ends) */
static void half_line(fmpq_t lo, int *haslo, fmpq_t hi, int *hashi, int *empty, const fmpq_t a0, const fmpq_t ak)
{
    fmpq_t t;
    fmpq_init(t);
    if (fmpq_is_zero(ak)) {
        if (fmpq_sgn(a0) < 0) *empty = 1;
    } else {
        fmpq_div(t, a0, ak);
        fmpq_neg(t, t);
        if (fmpq_sgn(ak) > 0) { if (!*haslo || fmpq_cmp(t, lo) > 0) fmpq_set(lo, t); *haslo = 1; }
        else { if (!*hashi || fmpq_cmp(t, hi) < 0) fmpq_set(hi, t); *hashi = 1; }
    }
    fmpq_clear(t);
}

/* 1 if reactions r1, r2 in the cones balance the load (Fx, Fy, M) (forces and the moment about the
 * origin of the contact forces plus the load vanish), exact: r2 = r2p + xi d, r1 = -F - r2, d = P2 - P1 */
static int planar_feasible(const planar *P, const fmpq_t Fx, const fmpq_t M)
{
    fmpq_t dx, dy, c, dd, r2x, r2y, r1x, r1y, a0, ak, lo, hi, ax, ay;
    int haslo = 0, hashi = 0, empty = 0, k, j, res;
    fmpq_init(dx); fmpq_init(dy); fmpq_init(c); fmpq_init(dd); fmpq_init(r2x); fmpq_init(r2y);
    fmpq_init(r1x); fmpq_init(r1y); fmpq_init(a0); fmpq_init(ak); fmpq_init(lo); fmpq_init(hi);
    fmpq_init(ax); fmpq_init(ay);
    fmpq_sub(dx, P->x2, P->x1);
    fmpq_sub(dy, P->y2, P->y1);
    /* moments about P1: (P2 - P1) x r2 = c with c = -M + x1 Fy - y1 Fx (the load's moment about P1) */
    fmpq_mul(c, P->x1, P->Fy);
    fmpq_submul(c, P->y1, Fx);
    fmpq_sub(c, c, M);
    fmpq_mul(dd, dx, dx);
    fmpq_addmul(dd, dy, dy);
    fmpq_mul(r2x, c, dy); fmpq_neg(r2x, r2x); fmpq_div(r2x, r2x, dd);
    fmpq_mul(r2y, c, dx); fmpq_div(r2y, r2y, dd);
    fmpq_neg(r1x, Fx); fmpq_sub(r1x, r1x, r2x);
    fmpq_neg(r1y, P->Fy); fmpq_sub(r1y, r1y, r2y);
    for (k = 0; k < 2; k++) {
        const fmpq *nx = k ? P->n2x : P->n1x, *ny = k ? P->n2y : P->n1y, *f = k ? P->f2 : P->f1;
        const fmpq *rx = k ? r2x : r1x, *ry = k ? r2y : r1y;
        for (j = 0; j < 3; j++) {
            /* n.r >= 0, (f n -+ t).r >= 0, t = (-ny, nx) */
            if (j == 0) { fmpq_set(ax, nx); fmpq_set(ay, ny); }
            else {
                fmpq_mul(ax, f, nx); fmpq_mul(ay, f, ny);
                if (j == 1) { fmpq_add(ax, ax, ny); fmpq_sub(ay, ay, nx); }
                else { fmpq_sub(ax, ax, ny); fmpq_add(ay, ay, nx); }
            }
            fmpq_mul(a0, ax, rx); fmpq_addmul(a0, ay, ry);
            fmpq_mul(ak, ax, dx); fmpq_addmul(ak, ay, dy);
            if (k == 0) fmpq_neg(ak, ak);
            half_line(lo, &haslo, hi, &hashi, &empty, a0, ak);
        }
    }
    res = !empty && !(haslo && hashi && fmpq_cmp(lo, hi) > 0);
    fmpq_clear(dx); fmpq_clear(dy); fmpq_clear(c); fmpq_clear(dd); fmpq_clear(r2x); fmpq_clear(r2y);
    fmpq_clear(r1x); fmpq_clear(r1y); fmpq_clear(a0); fmpq_clear(ak); fmpq_clear(lo); fmpq_clear(hi);
    fmpq_clear(ax); fmpq_clear(ay);
    return res;
}

static void test_reduction_vs_exact(void **state)
{
    flint_rand_t st;
    planar P;
    fmpq_t *v[11];
    int t, n = 60, decided = 0, boxes = 0, pts = 0;
    (void) state;
    flint_randinit(st);
    v[0] = &P.x1; v[1] = &P.y1; v[2] = &P.x2; v[3] = &P.y2; v[4] = &P.n1x; v[5] = &P.n1y;
    v[6] = &P.n2x; v[7] = &P.n2y; v[8] = &P.f1; v[9] = &P.f2; v[10] = &P.Fy;
    for (t = 0; t < 11; t++) fmpq_init(*v[t]);
    for (t = 0; t < n; t++) {
        char text[4096], *s[11];
        case_t c;
        expr_t pred;
        arb_ptr box;
        int i, j, k, r, X, M;
        fmpq_t x, m, lo, hi, mlo, mhi, w;
        rnd_q(P.x1, st, -2, 2, 4); rnd_q(P.y1, st, -2, 2, 4);
        rnd_q(P.x2, st, -2, 2, 4); rnd_q(P.y2, st, -2, 2, 4);
        if (fmpq_equal(P.x1, P.x2) && fmpq_equal(P.y1, P.y2)) continue;
        rnd_q(P.n1x, st, -1, 1, 5); rnd_q(P.n1y, st, -1, 1, 5);
        rnd_q(P.n2x, st, -1, 1, 5); rnd_q(P.n2y, st, -1, 1, 5);
        if ((fmpq_is_zero(P.n1x) && fmpq_is_zero(P.n1y)) || (fmpq_is_zero(P.n2x) && fmpq_is_zero(P.n2y))) continue;
        rnd_q(P.f1, st, 0, 2, 8); rnd_q(P.f2, st, 0, 2, 8);
        rnd_q(P.Fy, st, -2, 2, 7);
        for (i = 0; i < 11; i++) s[i] = fmpq_get_str(NULL, 10, *v[i]);
        snprintf(text, sizeof text,
                 "[case]\ntitle = t\n[parameters]\nX = -2 .. 2\nM = -2 .. 2\n[model st]\ntype = statics\n"
                 "dimension = 2\ncontacts = A, B\nA.at = %s, %s\nB.at = %s, %s\nA.normal = %s, %s\n"
                 "B.normal = %s, %s\nA.friction = %s\nB.friction = %s\nload = X, %s, M\n",
                 s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10]);
        for (i = 0; i < 11; i++) flint_free(s[i]);
        read_case_text(&c, "red", text);
        pred = expr_var("st_equilibrium");
        box = _arb_vec_init(c.nparams + 1);
        case_point_box(box, &c, -1, 128);
        X = case_param_index(&c, "X");
        M = case_param_index(&c, "M");
        fmpq_init(x); fmpq_init(m); fmpq_init(lo); fmpq_init(hi); fmpq_init(mlo); fmpq_init(mhi); fmpq_init(w);
        /* boxes of widths 1/2 .. 1/64 around random centres; decided ones checked at 5 x 5 rational points */
        for (k = 0; k < 12; k++) {
            rnd_q(x, st, -1, 1, 16);
            rnd_q(m, st, -1, 1, 16);
            fmpq_set_si(w, 1, 1 << (1 + k % 6));
            fmpq_sub(lo, x, w); fmpq_add(hi, x, w);
            fmpq_sub(mlo, m, w); fmpq_add(mhi, m, w);
            {
                arb_t a, b;
                arb_init(a); arb_init(b);
                arb_set_fmpq(a, lo, 128); arb_set_fmpq(b, hi, 128);
                arb_union(box + X, a, b, 128);
                arb_set_fmpq(a, mlo, 128); arb_set_fmpq(b, mhi, 128);
                arb_union(box + M, a, b, 128);
                arb_clear(a); arb_clear(b);
            }
            r = claim_statics_eval(&c, pred, box);
            boxes++;
            if (r < 0) continue;
            decided++;
            for (i = 0; i <= 4; i++)
                for (j = 0; j <= 4; j++) {
                    fmpq_t px, pm;
                    fmpz_t four;
                    fmpz_init_set_ui(four, 4);
                    fmpq_init(px); fmpq_init(pm);
                    fmpq_sub(px, hi, lo); fmpq_mul_si(px, px, i); fmpq_div_fmpz(px, px, four); fmpq_add(px, px, lo);
                    fmpq_sub(pm, mhi, mlo); fmpq_mul_si(pm, pm, j); fmpq_div_fmpz(pm, pm, four); fmpq_add(pm, pm, mlo);
                    if (planar_feasible(&P, px, pm) != r) {
                        fprintf(stderr, "wrong verdict %d on a box of\n%s", r, text);
                        fail();
                    }
                    pts++;
                    fmpq_clear(px); fmpq_clear(pm);
                    fmpz_clear(four);
                }
        }
        fmpq_clear(x); fmpq_clear(m); fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(mlo); fmpq_clear(mhi); fmpq_clear(w);
        _arb_vec_clear(box, c.nparams + 1);
        expr_free(pred);
        case_clear(&c);
    }
    fprintf(stderr, "reduction: %d of %d boxes decided, %d points checked\n", decided, boxes, pts);
    assert_true(decided > boxes / 2);
    for (t = 0; t < 11; t++) fmpq_clear(*v[t]);
    flint_randclear(st);
}

/* ------------------------------------------------------------ a block on a rough floor */

static claim_status block_over(claim_result *r, case_t *c, const char *alpha, const char *claim, const char *model)
{
    char text[4096];
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\nalpha = %s\np = 0 .. 1\nmu = 1/2\n"
             "[model st]\ntype = statics\ndimension = 2\ncontacts = C\nC.at = 0, 0\nC.normal = 0, 1\n"
             "C.friction = mu\nload = p*cos(alpha), p*sin(alpha) - 1, 0\n"
             "[claim c]\nkind = equivalent\nclaim = %s\nmodel = %s\nover = alpha, p\ndepth = 6\n", alpha, claim,
             model);
    read_case_text(c, "block", text);
    return decide(r, c, "c");
}

static claim_status block(claim_result *r, case_t *c, const char *claim, const char *model)
{
    return block_over(r, c, "0 .. 1", claim, model);
}

/* The rope up to alpha = pi/2 (Timoshenko's stone): at the corner (pi/2, 1) the load vanishes and both cone
 * edges' determinants reach 0, so the cell needs the one-sided sign (monotonicity, exact vertex) and
 * cos(alpha) >= 0 on the range (its end pi/2 read exactly). Past pi/2 the closed form is wrong (cos < 0:
 * the other cone edge is violated), so a range reaching past it must not be proved. */
static void test_block_corner(void **state)
{
    case_t c;
    claim_result r;
    (void) state;
    assert_int_equal(block_over(&r, &c, "0 .. pi/2", "p*(cos(alpha) + mu*sin(alpha)) <= mu", "st_equilibrium"),
                     CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    assert_int_equal(block_over(&r, &c, "pi/4 .. 1/2*pi", "p*(cos(alpha) + mu*sin(alpha)) <= mu", "st_equilibrium"),
                     CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* past pi/2: false near (pi/2, 1) (e.g. alpha = 1.6, p = 1: the closed form holds, no equilibrium) */
    assert_int_not_equal(block_over(&r, &c, "0 .. pi/2 + 1/100", "p*(cos(alpha) + mu*sin(alpha)) <= mu",
                                    "st_equilibrium"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    assert_int_not_equal(block_over(&r, &c, "0 .. 8/5", "p*(cos(alpha) + mu*sin(alpha)) <= mu", "st_equilibrium"),
                         CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* the end read as a multiple of pi only when it is one: 0.51 pi is past pi/2 */
    assert_int_not_equal(block_over(&r, &c, "0 .. 51/100*pi", "p*(cos(alpha) + mu*sin(alpha)) <= mu",
                                    "st_equilibrium"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* wrong at the corner point only: not proved */
    assert_int_not_equal(block_over(&r, &c, "0 .. pi/2", "p*(cos(alpha) + mu*sin(alpha)) <= mu and (p < 1 or "
                                    "cos(alpha) > 0)", "st_equilibrium"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
}

static void test_block(void **state)
{
    case_t c;
    claim_result r;
    (void) state;
    /* the correct closed form: the paving leaves the boundary cells, the certificate proves them */
    assert_int_equal(block(&r, &c, "p*(cos(alpha) + mu*sin(alpha)) <= mu", "st_equilibrium"), CLAIM_PROVED);
    assert_true(r.pave.undecided > 0);
    assert_non_null(strstr(r.detail, "boundary-cell certificate"));
    claim_result_clear(&r); case_clear(&c);
    /* the complement, through the separating side */
    assert_int_equal(block(&r, &c, "p*(cos(alpha) + mu*sin(alpha)) > mu", "st_no_equilibrium"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    assert_int_equal(block(&r, &c, "not (p*cos(alpha) + p*mu*sin(alpha) - mu > 0)", "not st_no_equilibrium"),
                     CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* wrong: the boundary moved by 1e-6 (too little for the paving at depth 6) */
    assert_int_not_equal(block(&r, &c, "p*(cos(alpha) + mu*sin(alpha)) <= mu + 1/1000000", "st_equilibrium"),
                         CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* wrong on the boundary curve only: strict */
    assert_int_equal(block(&r, &c, "p*(cos(alpha) + mu*sin(alpha)) < mu", "st_equilibrium"), CLAIM_CONSISTENT);
    claim_result_clear(&r); case_clear(&c);
    /* wrong at one point, (1/2, 1/2), where the block slides */
    assert_int_equal(block(&r, &c, "p*(cos(alpha) + mu*sin(alpha)) <= mu or (p - 1/2)^2 + (alpha - 1/2)^2 <= 0",
                           "st_equilibrium"), CLAIM_CONSISTENT);
    claim_result_clear(&r); case_clear(&c);
    /* wrong by a factor that changes sign: refuted with a witness */
    assert_int_equal(block(&r, &c, "(p*(cos(alpha) + mu*sin(alpha)) - mu)*(alpha - 1/2) <= 0", "st_equilibrium"),
                     CLAIM_REFUTED);
    claim_result_clear(&r); case_clear(&c);
}

/* ------------------------------------------------------------ Meshchersky's cylinder */

static claim_status cylinder(claim_result *r, case_t *c, const char *claim)
{
    char text[4096];
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\nf = 0 .. 3\nlambda = 0 .. 4\nQ = 1\nT = 1\n"
             "[model stat]\ntype = statics\ndimension = 2\ncontacts = A, B\n"
             "A.at = -lambda/sqrt(1 + lambda^2), -1/sqrt(1 + lambda^2)\nA.normal = lambda, 1\nA.friction = f\n"
             "B.at = lambda/sqrt(1 + lambda^2), -1/sqrt(1 + lambda^2)\nB.normal = -lambda, 1\nB.friction = f\n"
             "load = 0, -Q - T, -T\n[define]\ns = sqrt(1 + lambda^2)\n"
             "[claim c]\nkind = equivalent\nclaim = %s\nmodel = stat_equilibrium\nover = f, lambda\ndepth = 6\n",
             claim);
    read_case_text(c, "cyl", text);
    return decide(r, c, "c");
}

static void test_cylinder(void **state)
{
    case_t c;
    claim_result r;
    (void) state;
    assert_int_equal(cylinder(&r, &c, "f*lambda > 1 or (T*(1 + f^2 - f*s) <= f*Q*s and T <= Q*lambda*(s + lambda))"),
                     CLAIM_PROVED);
    assert_true(r.pave.undecided > 0);
    claim_result_clear(&r); case_clear(&c);
    /* T2 moved by a factor 1 + 1e-6 */
    assert_int_not_equal(cylinder(&r, &c, "f*lambda > 1 or (T*(1 + f^2 - f*s) <= f*Q*s and "
                                          "T <= Q*lambda*(s + lambda)*(1 + 1/1000000))"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* the hyperbola made non-strict: differs on f lambda = 1 above T2 */
    assert_int_not_equal(cylinder(&r, &c, "f*lambda >= 1 or (T*(1 + f^2 - f*s) <= f*Q*s and T <= Q*lambda*(s + lambda))"),
                         CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduction_vs_exact),
        cmocka_unit_test(test_block),
        cmocka_unit_test(test_block_corner),
        cmocka_unit_test(test_cylinder),
    };
    int rc;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/fc_test_claim_statics_XXXXXX");
    if (mkdtemp(tmpdir) == NULL) return 1;
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    return rc;
}
