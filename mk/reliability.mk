# mk/reliability.mk -- fuzzing, sanitizer and valgrind runs, the soundness sweep.
# Included by the top-level Makefile (-include mk/*.mk); uses its LIB_SRC,
# TEST_SRC, CPPFLAGS, CFLAGS and LIBS.
#
#   make fuzz         libFuzzer (clang) on the expression pipeline, the case
#                     reader and the whole check/report path (fuzz_report: inputs
#                     up to 4 MB), FUZZ_SECONDS each (default 60), objects in build-fuzz/
#   make asan         everything rebuilt under build-asan/ with ASan + UBSan
#                     (gcc), then the whole suite (tests/run_all.sh)
#   make valgrind     the test binaries and `fricert check` on each case under
#                     memcheck (definite leaks are errors); VALGRIND_JOBS=N at once
#   make check-sound  the large soundness sweep over the shipped cases
# Each ends with a line "N passed, M failed".

.PHONY: fuzz asan valgrind check-sound fuzz-build asan-build

# ------------------------------------------------------------------ fuzzing
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS  := -O1 -g -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -pthread \
                -fsanitize=fuzzer-no-link $(FUZZ_SAN)
FUZZ_OBJ     := $(LIB_SRC:%.c=build-fuzz/%.o)
FUZZ_BIN     := build-fuzz/fuzz_expr build-fuzz/fuzz_case build-fuzz/fuzz_report

build-fuzz/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -c $< -o $@

build-fuzz/libfricert.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c build-fuzz/libfricert.a
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< build-fuzz/libfricert.a $(LIBS)

fuzz-build: $(FUZZ_BIN)

fuzz: $(FUZZ_BIN)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FUZZ_BIN)

-include $(FUZZ_OBJ:.o=.d)

# ------------------------------------------------------------------ ASan + UBSan
ASAN_CC     ?= $(CC)
ASAN_CFLAGS := -O1 -g -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unused-parameter \
               -pthread -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ASAN_OBJ    := $(LIB_SRC:%.c=build-asan/%.o)
ASAN_TESTS  := $(TEST_SRC:tests/%.c=build-asan/tests/%)

build-asan/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(CPPFLAGS) $(ASAN_CFLAGS) -c $< -o $@

build-asan/libfricert.a: $(ASAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

build-asan/bin/fricert: build-asan/src/cli/main.o build-asan/libfricert.a
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_CFLAGS) -o $@ $^ $(LIBS)

build-asan/tests/%: tests/%.c build-asan/libfricert.a
	@mkdir -p build-asan/tests
	$(ASAN_CC) $(CPPFLAGS) $(ASAN_CFLAGS) -o $@ $< build-asan/libfricert.a $(LIBS) -lcmocka

asan-build: build-asan/bin/fricert $(ASAN_TESTS)

# Leak checking is LeakSanitizer's (on by default with ASan); a sanitizer
# report makes the program exit non-zero, which tests/run_all.sh counts as a
# failure. Lighter test options (FC_SOUND_*) keep the run short.
asan: build-asan/bin/fricert $(ASAN_TESTS)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=23 \
	 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	 FC_SWEEP_DEPTH=5 FC_SWEEP_POINTS=1 \
	 FRICERT=build-asan/bin/fricert sh tests/run_all.sh $(ASAN_TESTS)

-include $(ASAN_OBJ:.o=.d) build-asan/src/cli/main.d

# ------------------------------------------------------------------ valgrind
# memcheck is 50-100x slower on FLINT/Arb code (test_expr_quant: 3.6 s alone,
# over 4 min under memcheck), so the randomized tests run fewer trials (the
# same code paths; memcheck looks for errors on paths, not in repetitions):
# test_expr_sound one seed (1000 trials), the sweep depth 4, the quantifier and
# statics soundness tests 30 trials (300 in make test), the other randomized
# loops a tenth (FRICERT_TEST_MULTIPLIER), the rendered reports depth 4 (6).
# Suppressions for library caches are in tests/sound/valgrind.supp.
# Every test binary and `fricert check` on each case (one process per case, so
# a memcheck error names its case) is its own valgrind run; VALGRIND_JOBS=N
# (default 1) runs N at once, output still printed whole and in order. A
# memcheck error (exit status 99) is one failure more than the run reported.
VALGRIND ?= valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
            --suppressions=tests/sound/valgrind.supp
VALGRIND_JOBS ?= 1
valgrind: bin/fricert $(TEST_BIN)
	@FC_SOUND_SEED=1 FC_SWEEP_DEPTH=4 FC_SWEEP_POINTS=1 FC_QUANT_TRIALS=30 FC_STATICS_TRIALS=30 \
	 FRICERT_TEST_MULTIPLIER=0.1 FC_TEST_DEPTH=4 \
	 sh tests/sound/suite.sh --wrap "$(VALGRIND)" --wrap-status 99 --jobs $(VALGRIND_JOBS) --check $(TEST_BIN)

# ------------------------------------------------------------------ soundness sweep
check-sound: build/tests/test_sound_cases
	@FC_SWEEP_DEPTH=$${FC_SWEEP_DEPTH:-9} FC_SWEEP_POINTS=$${FC_SWEEP_POINTS:-4} \
	 sh tests/sound/suite.sh build/tests/test_sound_cases

# the sweep includes its independent evaluator (one translation unit per test)
build/tests/test_sound_cases build-asan/tests/test_sound_cases build/tests/test_expr_sound \
build-asan/tests/test_expr_sound: tests/sound/mpfr_eval.c tests/sound/mpfr_eval.h
build/tests/test_fuzz_regress build-asan/tests/test_fuzz_regress: tests/fuzz/fuzz_expr.c tests/fuzz/fuzz_case.c
