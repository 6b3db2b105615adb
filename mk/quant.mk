# mk/quant.mk -- exists / forall: the test's oracle, the bench figure.
build/tests/test_expr_quant: tests/sound/mpfr_eval.c tests/sound/mpfr_eval.h
