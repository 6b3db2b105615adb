/* test_alg_rewrite.c -- rewriting of disc/res/root calls (alg_rewrite.c). */
#include "test_alg_util.h"

static void test_rewrite(void **state)
{
    const char *vars[] = {"k", "mu", "c_th", "s_th"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t P = parse("t^2 - k*mu*t + 1 + k"), three = parse("3"), five3 = parse("5/3");
    expr_t pv[2], e;
    arb_t x;
    (void) state;
    arb_init(x);
    assert_int_equal(expr_scope_add_param(s, "k"), 0);
    assert_int_equal(expr_scope_add_param(s, "mu"), 1);
    assert_int_equal(expr_scope_add_def(s, "P", P, 0), 0);
    fmpq_mpoly_ctx_init(ctx, 4, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    /* the rod discriminant through a definition; t is a bound variable */
    e = rewritten("disc(P, t) > 0", s, NULL, 0);
    assert_int_equal(e->kind, EXPR_GT);
    assert_int_equal(alg_to_mpoly(p, e->args[0], vars, 4, ctx, NULL, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "k^2*mu^2 - 4*k - 4", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    expr_free(e);

    /* trigonometric coefficients are kept as cos/sin of the free name */
    e = rewritten("disc(cos(th)*x^2 + sin(th)*x + 1, x)", s, NULL, 0);
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 4, ctx, NULL, NULL, ALG_TRIG, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "s_th^2 - 4*c_th", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    expr_free(e);

    /* nested: res(x^2 - y, x - y^2 + 1, x) = y^4 - 2y^2 - y + 1; disc of
     * that in y is a number: compare with FLINT's univariate discriminant */
    e = rewritten("disc(res(x^2 - y, x - y^2 + 1, x), y)", s, NULL, 0);
    {
        fmpz_poly_t f;
        fmpz_t d;
        fmpz_poly_init(f);
        fmpz_init(d);
        fmpz_poly_set_str(f, "5  1 -1 -2 0 1");
        fmpz_poly_discriminant(d, f);
        assert_int_equal(e->kind, EXPR_NUM);
        assert_true(fmpz_is_one(fmpq_denref(e->num)) && fmpz_equal(fmpq_numref(e->num), d));
        fmpz_poly_clear(f);
        fmpz_clear(d);
    }
    expr_free(e);

    /* root with fixed parameters k = 3, mu = 5/3: t^2 - 5t + 4 */
    pv[0] = three;
    pv[1] = five3;
    e = rewritten("root(P, t, 0 .. 2, 1) + root(P, t, 2 .. 10, 1)", s, pv, 0);
    assert_int_equal(e->args[0]->kind, EXPR_BALL);
    assert_true(arb_is_exact(e->args[0]->ball) && arb_equal_si(e->args[0]->ball, 1));
    assert_true(arb_is_exact(e->args[1]->ball) && arb_equal_si(e->args[1]->ball, 4));
    expr_free(e);

    /* an irrational root, certified */
    e = rewritten("root(x^2 - 2, x, 0 .. 2, 1)", NULL, NULL, 0);
    assert_int_equal(e->kind, EXPR_BALL);
    arb_set_ui(x, 2);
    arb_sqrt(x, x, 256);
    assert_true(arb_contains(e->ball, x));
    assert_true(arb_rel_accuracy_bits(e->ball) >= 120);
    expr_free(e);

    /* the ball evaluates: root^2 - 2 encloses 0 */
    e = rewritten("root(x^2 - 2, x, 0 .. 2, 1)^2 - 2", s, NULL, 0);
    {
        expr_tv_t tv;
        arb_struct box[2];
        arb_init(box + 0);
        arb_init(box + 1);
        assert_int_equal(expr_check(e, s, 0, &err), 0);
        assert_int_equal(expr_eval_once(x, &tv, e, s, box, 128), EXPR_DEFINED);
        arb_clear(box + 0);
        arb_clear(box + 1);
        assert_true(arb_contains_zero(x) && arb_rel_accuracy_bits(x) < 0 && mag_cmp_2exp_si(arb_radref(x), -100) < 0);
    }
    expr_free(e);

    /* a double root: a note, the ball still contains it */
    e = rewritten("root((3*x - 1)^2*(x^2 - 2), x, -10 .. 10, 2)", NULL, NULL, 1);
    {
        fmpq_t third;
        fmpq_init(third);
        fmpq_set_si(third, 1, 3);
        assert_true(arb_contains_fmpq(e->ball, third));
        fmpq_clear(third);
    }
    expr_free(e);

    /* errors, located */
    e = parse("1 + root(x^2 - 2, x, 0 .. 1, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_int_equal(err.col, 5);
    assert_non_null(strstr(err.msg, "only 0"));
    expr_free(e);
    e = parse("root(P, t, 0 .. 2, 1)");       /* k, mu free: data that vary, left for the evaluator */
    assert_int_equal(alg_rewrite(&e, s, 128, &err), 0);
    assert_int_equal(e->kind, EXPR_FUNC);
    expr_free(e);
    e = parse("root(P, t, 0 .. 2, k)");       /* ... but not with a root number that is not a literal */
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(x^2 + sqrt(x), x)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_int_equal(err.col, 12);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 0 .. pi, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 0 .. 2, 1/2)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 2 .. 0, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(x^2 - 2)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(k*mu, t)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(cos(x)*x^2 + c_x, y) + 1");   /* degree 0 in y */
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_string_equal(err.msg, "disc(): the polynomial has degree < 1 in y");
    expr_free(e);
    /* a name like c_x does not clash with cos(x), kept as an opaque sub-expression */
    e = rewritten("disc(cos(x)*y^2 + c_x, y)", s, NULL, 0);
    {
        char *txt = expr_to_text(e);
        assert_string_equal(txt, "-(4*cos(x)*c_x)");
        flint_free(txt);
    }
    expr_free(e);
    /* other user functions are left alone */
    e = rewritten("foo(x) + 1", s, NULL, 0);
    assert_int_equal(e->args[0]->kind, EXPR_FUNC);
    expr_free(e);

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    expr_scope_free(s);
    expr_free(P);
    expr_free(three);
    expr_free(five3);
    arb_clear(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rewrite),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
