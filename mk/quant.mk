# mk/quant.mk -- exists / forall: the test's oracle, the bench figure.
build/tests/test_expr_quant: tests/sound/mpfr_eval.c tests/sound/mpfr_eval.h
build/tests/test_expr_quant_arg: tests/sound/mpfr_eval.c tests/sound/mpfr_eval.h

build/bench/bench_quant: bench/bench_quant.c build/libfricert.a
	@mkdir -p build/bench
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< build/libfricert.a $(LIBS)

# The quantified region of issue 13 at depths 6..10 (figures only, never fails on a time).
bench-quant: build/bench/bench_quant
	build/bench/bench_quant 10 1
bench: bench-quant
.PHONY: bench-quant

# The soundness sweep also runs the quantifier test with ten times its trials.
check-sound-quant: build/tests/test_expr_quant build/tests/test_expr_quant_arg
	@FC_QUANT_TRIALS=$${FC_QUANT_TRIALS:-3000} sh tests/sound/suite.sh build/tests/test_expr_quant \
	    build/tests/test_expr_quant_arg
check-sound: check-sound-quant
.PHONY: check-sound-quant
