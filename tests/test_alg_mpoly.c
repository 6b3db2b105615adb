/* test_alg_mpoly.c -- expressions to and from FLINT multivariate polynomials (alg_mpoly.c,
 * alg_mpoly_expr.c), checked by exact evaluation. */
#include "test_alg_util.h"

/* ------------------------------------------------------------ conversion */

static void test_convert_basic(void **state)
{
    const char *vars[] = {"x", "y"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_t e;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    /* (x + y)^3 / 3 - x*(2 - -y) + 2^-2: expanded by FLINT's string reader */
    mpoly_of(p, "(x + y)^3 / 3 - x*(2 - -y) + 2^-2 + (1/2)^2 * 4", vars, 2, ctx, 0);
    fmpq_mpoly_set_str_pretty(q, "1/3*x^3 + x^2*y + x*y^2 + 1/3*y^3 - 2*x - x*y + 5/4", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));

    /* failures, located at the offending node */
    e = parse("x^2 + sqrt(y)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_int_equal(err.col, 7);
    assert_non_null(strstr(err.msg, "not polynomial in x, y"));
    assert_non_null(strstr(err.msg, "sqrt"));
    expr_free(e);
    e = parse("x / y");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x / (1 - 1)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "division by zero"));
    expr_free(e);
    e = parse("x^(1/2)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x^-1");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x + z");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_int_equal(err.col, 5);
    assert_non_null(strstr(err.msg, "'z'"));
    expr_free(e);
    e = parse("pi*x");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("cos(x)");  /* no ALG_TRIG */
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

static void test_convert_scope_trig(void **state)
{
    const char *vars[] = {"t", "c_th", "s_th"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t d1 = parse("3"), d2 = parse("k*t - 1"), d3 = parse("t > 0"), e;
    (void) state;
    assert_int_equal(expr_scope_add_param(s, "mu"), 0);
    assert_int_equal(expr_scope_add_def(s, "k", d1, 0), 0);
    assert_int_equal(expr_scope_add_def(s, "B", d2, 0), 0);
    assert_int_equal(expr_scope_add_def(s, "pos", d3, 1), 0);
    fmpq_mpoly_ctx_init(ctx, 3, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    e = parse("B^2 + k*cos(th)^2 + sin(th)");
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, NULL, ALG_TRIG, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "9*t^2 - 6*t + 1 + 3*c_th^2 + s_th", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    /* a free parameter is not a variable */
    expr_free(e);
    e = parse("mu*t");
    assert_int_equal(alg_to_mpoly(p, e, vars, 3, ctx, s, &err), -1);
    assert_non_null(strstr(err.msg, "parameter 'mu'"));
    expr_free(e);
    /* ... unless given a fixed value */
    {
        expr_t val = parse("5/3");
        expr_t pv[1];
        pv[0] = val;
        e = parse("mu*t");
        assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, pv, 0, &err), 0);
        fmpq_mpoly_set_str_pretty(q, "5/3*t", vars, ctx);
        assert_true(fmpq_mpoly_equal(p, q, ctx));
        expr_free(e);
        expr_free(val);
    }
    e = parse("pos + 1");
    assert_int_equal(alg_to_mpoly(p, e, vars, 3, ctx, s, &err), -1);
    expr_free(e);
    e = parse("cos(t)");    /* c_t is not a variable */
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, NULL, ALG_TRIG, &err), -1);
    expr_free(e);

    alg_trig_relation(p, 1, 2, ctx);
    fmpq_mpoly_set_str_pretty(q, "c_th^2 + s_th^2 - 1", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    expr_scope_free(s);
    expr_free(d1);
    expr_free(d2);
    expr_free(d3);
}

/* random polynomial -> AST -> text -> AST -> polynomial is the identity */
static void test_roundtrip(void **state)
{
    const char *vars[] = {"a", "b", "c"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    flint_rand_t st;
    expr_error_t err;
    int trial;
    (void) state;
    flint_randinit(st);
    fmpq_mpoly_ctx_init(ctx, 3, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);
    for (trial = 0; trial < fc_test_iters(200); trial++) {
        expr_t e, f;
        char *txt;
        fmpq_mpoly_randtest_bound(p, st, n_randint(st, 8), 20, 5, ctx);
        e = alg_mpoly_to_expr(p, vars, ctx);
        txt = expr_to_text(e);
        f = parse(txt);
        assert_int_equal(alg_to_mpoly(q, f, vars, 3, ctx, NULL, &err), 0);
        if (!fmpq_mpoly_equal(p, q, ctx)) fprintf(stderr, "round trip failed: %s\n", txt);
        assert_true(fmpq_mpoly_equal(p, q, ctx));
        flint_free(txt);
        expr_free(e);
        expr_free(f);
    }
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    flint_randclear(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convert_basic),
        cmocka_unit_test(test_convert_scope_trig),
        cmocka_unit_test(test_roundtrip),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
