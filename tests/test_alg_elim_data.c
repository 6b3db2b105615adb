/* test_alg_elim_data.c -- disc() and res() with data that vary (alg_rewrite.c):
 * computed once as polynomials in the parameters and evaluated as balls.
 * Compared with independent computations: at random rational points, the
 * Sylvester determinant of the specialised polynomials built here with
 * fmpq_mat_det (and the discriminant from it by its definition), the
 * constant-data path of alg_rewrite at the same point, and the exact value of
 * the symbolic result; the ball evaluator's enclosures must contain that
 * value. Then opaque sub-expressions, and the refusals with their exact
 * messages. */
#include "test_alg_util.h"

static const char *VARS[3] = {"a", "b", "c"};

/* Appends a random polynomial in a, b, c of total degree <= 2 with small
 * integer coefficients (nonzero constant term if force). */
static void rand_coeff(char *buf, size_t cap, flint_rand_t st, int force)
{
    static const char *mono[10] = {"1", "a", "b", "c", "a^2", "a*b", "b*c", "c^2", "a*c", "b^2"};
    int i, any = 0;
    size_t len = strlen(buf);
    snprintf(buf + len, cap - len, "(");
    for (i = 0; i < 10; i++) {
        long k = (long) n_randint(st, 7) - 3;
        if (i == 0 && force && k == 0) k = 2;
        if (k == 0 || (i > 0 && n_randint(st, 3) == 0)) continue;
        len = strlen(buf);
        snprintf(buf + len, cap - len, "%s%ld*%s", any ? " + " : "", k, mono[i]);
        any = 1;
    }
    len = strlen(buf);
    snprintf(buf + len, cap - len, "%s)", any ? "" : "0");
}

/* A random polynomial of degree n in x with coefficients in a, b, c. */
static void rand_poly(char *buf, size_t cap, flint_rand_t st, slong n)
{
    slong i;
    buf[0] = '\0';
    for (i = 0; i <= n; i++) {
        size_t len = strlen(buf);
        if (i) snprintf(buf + len, cap - len, " + ");
        rand_coeff(buf, cap, st, i == n);
        len = strlen(buf);
        snprintf(buf + len, cap - len, "*x^%ld", (long) i);
    }
}

/* f = the polynomial src in x with a, b, c replaced by pt (exact). */
static void specialise(fmpq_poly_t f, const char *src, const fmpq *pt)
{
    const char *vars[4] = {"x", "a", "b", "c"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p;
    fmpq_t v;
    fmpq_mpoly_ctx_init(ctx, 4, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_init(v);
    mpoly_of(p, src, vars, 4, ctx, 0);
    fmpq_mpoly_evaluate_one_fmpq(p, p, 1, pt + 0, ctx);
    fmpq_mpoly_evaluate_one_fmpq(p, p, 2, pt + 1, ctx);
    fmpq_mpoly_evaluate_one_fmpq(p, p, 3, pt + 2, ctx);
    assert_true(fmpq_mpoly_get_fmpq_poly(f, p, 0, ctx));
    fmpq_clear(v);
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

/* The exact value at pt of e, a polynomial AST in a, b, c. */
static void exact_value(fmpq_t out, const expr_t e, const fmpq *pt)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p;
    expr_error_t err;
    fmpq *vals[3];
    int i;
    fmpq_mpoly_ctx_init(ctx, 3, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    assert_int_equal(alg_to_mpoly(p, e, VARS, 3, ctx, NULL, &err), 0);
    for (i = 0; i < 3; i++) vals[i] = (fmpq *) (pt + i);
    assert_true(fmpq_mpoly_evaluate_all_fmpq(out, p, vals, ctx));
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

/* The ball of e on the box pt +- 2^-rad_exp (rad_exp < 0: the exact point)
 * must be defined and contain v. */
static void ball_contains(const expr_t e, const expr_scope_t s, const fmpq *pt, slong rad_exp, const fmpq_t v)
{
    arb_struct box[3];
    arb_t out;
    expr_tv_t tv;
    int i;
    arb_init(out);
    for (i = 0; i < 3; i++) {
        arb_init(box + i);
        arb_set_fmpq(box + i, pt + i, 256);
        if (rad_exp >= 0) arb_add_error_2exp_si(box + i, -rad_exp);
    }
    assert_int_equal(expr_eval_once(out, &tv, e, s, box, 128), EXPR_DEFINED);
    assert_true(arb_contains_fmpq(out, v));
    for (i = 0; i < 3; i++) arb_clear(box + i);
    arb_clear(out);
}

/* disc(P, x) = (-1)^(n(n-1)/2) Sylvester(f, f') / lc(f), by its definition. */
static void disc_by_sylvester(fmpq_t out, const fmpq_poly_t f)
{
    fmpq_poly_t d;
    fmpq_t lc;
    slong n = fmpq_poly_degree(f);
    fmpq_poly_init(d);
    fmpq_init(lc);
    fmpq_poly_derivative(d, f);
    sylvester_det(out, f, d);
    fmpq_poly_get_coeff_fmpq(lc, f, n);
    fmpq_div(out, out, lc);
    if ((n * (n - 1) / 2) % 2) fmpq_neg(out, out);
    fmpq_poly_clear(d);
    fmpq_clear(lc);
}

static void test_random_data(void **state)
{
    expr_scope_t s = expr_scope_new();
    flint_rand_t st;
    char P[2048], Q[2048], src[4200];
    fmpq pt[3];
    fmpq_poly_t f, g;
    fmpq_t want, got;
    int trial, i, checked = 0;
    (void) state;
    flint_randinit(st);
    for (i = 0; i < 3; i++) {
        fmpq_init(pt + i);
        assert_int_equal(expr_scope_add_param(s, VARS[i]), i);
    }
    fmpq_poly_init(f);
    fmpq_poly_init(g);
    fmpq_init(want);
    fmpq_init(got);
    for (trial = 0; trial < fc_test_iters(40); trial++) {
        slong n = 1 + n_randint(st, 4), m = 1 + n_randint(st, 3);
        expr_t sym_d, sym_r, con_d, con_r, pv[3];
        rand_poly(P, sizeof(P), st, n);
        rand_poly(Q, sizeof(Q), st, m);
        snprintf(src, sizeof(src), "disc(%s, x)", P);
        sym_d = rewritten(src, s, NULL, 0);
        snprintf(src, sizeof(src), "res(%s, %s, x)", P, Q);
        sym_r = rewritten(src, s, NULL, 0);
        for (i = 0; i < 3; i++) {
            fmpq_set_si(pt + i, (slong) n_randint(st, 11) - 5, 1 + n_randint(st, 4));
            pv[i] = expr_num_fmpq(pt + i);
        }
        specialise(f, P, pt);
        specialise(g, Q, pt);
        if (fmpq_poly_degree(f) == n && fmpq_poly_degree(g) == m) {   /* leading coefficients != 0 here */
            /* the constant-data path at the point */
            snprintf(src, sizeof(src), "disc(%s, x)", P);
            con_d = rewritten(src, s, pv, 0);
            snprintf(src, sizeof(src), "res(%s, %s, x)", P, Q);
            con_r = rewritten(src, s, pv, 0);
            assert_int_equal(con_d->kind, EXPR_NUM);
            assert_int_equal(con_r->kind, EXPR_NUM);

            disc_by_sylvester(want, f);
            assert_true(fmpq_equal(con_d->num, want));
            exact_value(got, sym_d, pt);
            assert_true(fmpq_equal(got, want));
            ball_contains(sym_d, s, pt, -1, want);
            ball_contains(sym_d, s, pt, 30, want);

            sylvester_det(want, f, g);
            assert_true(fmpq_equal(con_r->num, want));
            exact_value(got, sym_r, pt);
            assert_true(fmpq_equal(got, want));
            ball_contains(sym_r, s, pt, -1, want);
            ball_contains(sym_r, s, pt, 30, want);
            expr_free(con_d);
            expr_free(con_r);
            checked++;
        }
        for (i = 0; i < 3; i++) expr_free(pv[i]);
        expr_free(sym_d);
        expr_free(sym_r);
    }
    assert_true(checked >= fc_test_iters(40) / 2);
    for (i = 0; i < 3; i++) fmpq_clear(pt + i);
    fmpq_poly_clear(f);
    fmpq_poly_clear(g);
    fmpq_clear(want);
    fmpq_clear(got);
    expr_scope_free(s);
    flint_randclear(st);
}

/* e evaluated at (a, b, c) = (a0, b0, 0) exactly contains num/den. */
static void value_at(const expr_t e, const expr_scope_t s, slong an, ulong ad, slong bn, ulong bd, slong num,
                     ulong den)
{
    fmpq pt[3];
    fmpq_t v;
    int i;
    for (i = 0; i < 3; i++) fmpq_init(pt + i);
    fmpq_init(v);
    fmpq_set_si(pt + 0, an, ad);
    fmpq_set_si(pt + 1, bn, bd);
    fmpq_set_si(v, num, den);
    ball_contains(e, s, pt, -1, v);
    ball_contains(e, s, pt, 40, v);
    for (i = 0; i < 3; i++) fmpq_clear(pt + i);
    fmpq_clear(v);
}

static int count_fn(const expr_t e, expr_fn fn)
{
    int i, k = e->kind == EXPR_FUNC && e->fn == fn;
    for (i = 0; i < e->nargs; i++) k += count_fn(e->args[i], fn);
    return k;
}

static void test_opaque(void **state)
{
    expr_scope_t s = expr_scope_new();
    expr_t e, def;
    int i;
    (void) state;
    for (i = 0; i < 3; i++) assert_int_equal(expr_scope_add_param(s, VARS[i]), i);
    def = parse("sqrt(a)");
    assert_int_equal(expr_scope_add_def(s, "r", def, 0), 0);

    /* a coefficient that is not polynomial in the data: b^2 - 4ac with sqrt(a) kept as such */
    e = rewritten("disc(x^2 + sqrt(a)*x + b, x)", s, NULL, 0);
    value_at(e, s, 2, 1, 1, 3, 2, 3);                 /* 2 - 4/3 */
    expr_free(e);
    /* the same sub-expression twice (once through a definition) is one variable: u^2 - 4u */
    e = rewritten("disc(r*x^2 + sqrt(a)*x + 1, x)", s, NULL, 0);
    value_at(e, s, 9, 4, 0, 1, -15, 4);               /* 9/4 - 4 * 3/2 */
    assert_int_equal(count_fn(e, FN_SQRT), 2);
    expr_free(e);
    /* division by data: P/a is P times 1/a */
    e = rewritten("disc(x^2/a + x + 1, x)", s, NULL, 0);
    value_at(e, s, 2, 1, 0, 1, -1, 1);                /* 1 - 4/2 */
    expr_free(e);
    /* trigonometric data and a rational constant divisor: res(x - cos(a), x - sin(a), x) = cos a - sin a */
    e = rewritten("res(x - cos(a), (x - sin(a))/(2*3), x)", s, NULL, 0);
    {
        fmpq pt[3];
        arb_struct box[3];
        arb_t out, want;
        expr_tv_t tv;
        for (i = 0; i < 3; i++) {
            fmpq_init(pt + i);
            arb_init(box + i);
        }
        arb_init(out);
        arb_init(want);
        arb_set_si(box + 0, 1);
        assert_int_equal(expr_eval_once(out, &tv, e, s, box, 128), EXPR_DEFINED);
        arb_one(want);
        arb_cos(want, want, 200);
        {
            arb_t sn;
            arb_init(sn);
            arb_one(sn);
            arb_sin(sn, sn, 200);
            arb_sub(want, want, sn, 200);   /* res(x - p, (x - q)/6) = (p - q)/6 */
            arb_div_si(want, want, 6, 200);
            arb_clear(sn);
        }
        assert_true(arb_overlaps(out, want));
        assert_true(arb_rel_accuracy_bits(out) > 100);
        for (i = 0; i < 3; i++) {
            fmpq_clear(pt + i);
            arb_clear(box + i);
        }
        arb_clear(out);
        arb_clear(want);
    }
    expr_free(e);
    /* formal degree: disc(a x^2 + x + 1) is 1 - 4a, also at a = 0 */
    e = rewritten("disc(a*x^2 + x + 1, x)", s, NULL, 0);
    value_at(e, s, 0, 1, 0, 1, 1, 1);
    value_at(e, s, 1, 2, 0, 1, -1, 1);
    expr_free(e);
    expr_scope_free(s);
    expr_free(def);
}

static void refused(const char *src, const expr_scope_t s, int col, const char *msg)
{
    expr_error_t err;
    expr_t e = parse(src);
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    if (strcmp(err.msg, msg) != 0) fprintf(stderr, "got: %s\n", err.msg);
    assert_string_equal(err.msg, msg);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, col);
    expr_free(e);
}

static void test_refusals(void **state)
{
    expr_scope_t s = expr_scope_new();
    int i;
    (void) state;
    for (i = 0; i < 3; i++) assert_int_equal(expr_scope_add_param(s, VARS[i]), i);
    assert_int_equal(expr_scope_add_param(s, "d"), 3);
    assert_int_equal(expr_scope_add_param(s, "e1"), 4);
    assert_int_equal(expr_scope_add_param(s, "f"), 5);
    refused("disc(x^2 + a*sin(x), x)", s, 14,
            "disc(): not a polynomial in x: 'sin(x)' (the coefficients may be any functions of the data, "
            "the variable may appear only in sums, products and integer powers)");
    refused("1 + res(x^2 - a, 1/(x - b), x)", s, 19,
            "res(): not a polynomial in x: '1/(x - b)' (the coefficients may be any functions of the data, "
            "the variable may appear only in sums, products and integer powers)");
    refused("disc(x^2 + a^x, x)", s, 13,
            "disc(): not a polynomial in x: 'a^x' (the coefficients may be any functions of the data, "
            "the variable may appear only in sums, products and integer powers)");
    /* degree 40, six data in one coefficient: each of degree <= 78 in the result, 79^6 terms at most */
    refused("disc(x^40 + a*b*c*d*e1*f*x + 1, x)", s, 1,
            "disc(): too large to compute symbolically (degree 40 in x, 6 other variable(s): up to 243087455521 "
            "terms; the limit is 50000 terms): fix some of the data");
    refused("2*disc(x^65 + a, x)", s, 3, "disc(): the degree 65 in x is above the limit 64");
    expr_scope_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_data),
        cmocka_unit_test(test_opaque),
        cmocka_unit_test(test_refusals),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
