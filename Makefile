# fricert -- certified reports on rigid-body mechanics with dry friction.
# `make` builds bin/fricert; `make test` runs every test; see README.md.

PREFIX  ?= /usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unused-parameter -pthread
CPPFLAGS += -Isrc -Isrc/base -MMD -MP
PKGS    := cairo cairo-pdf cairo-svg cairo-png jansson inih nettle mpfr freetype2
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

# Arb layout: FLINT >= 3 has <flint/arb.h>; FLINT 2.x needs the separate libflint-arb.
FLINT3 := $(shell printf '\#include <flint/arb.h>\nint main(void){return 0;}\n' | $(CC) -x c - -fsyntax-only >/dev/null 2>&1 && echo yes)
ifeq ($(FLINT3),yes)
  ARB_CFLAGS := -DFC_FLINT3
  ARB_LIBS   := -lflint
else
  ARB_CFLAGS :=
  ARB_LIBS   := -lflint-arb -lflint
endif

VERSION := 0.1.0
GIT_DESCRIBE := $(shell git describe --always --dirty 2>/dev/null || echo none)
CPPFLAGS += $(ARB_CFLAGS) $(PKG_CFLAGS) -DFC_VERSION='"$(VERSION)"' -DFC_GIT='"$(GIT_DESCRIBE)"' \
            -DFC_DATADIR='"$(PREFIX)/share/fricert"'
LIBS    := $(PKG_LIBS) -lhpdf $(ARB_LIBS) -lmpfr -lgmp -lm

LIB_SRC  := $(filter-out src/cli/main.c,$(wildcard src/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=build/%.o)
TEST_SRC := $(wildcard tests/test_*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=build/tests/%)
CASES    := $(wildcard cases/*.case)

.PHONY: all test unit check-cases clean install bench bench-pave reports deps deps-dev deps-tex
all: bin/fricert

# Debian 12 packages for building, testing and making the reports (run as root).
DEB_PKGS := build-essential pkg-config libflint-dev libflint-arb-dev libmpfr-dev libgmp-dev \
            libcairo2-dev libfreetype-dev libhpdf-dev libcmocka-dev libinih-dev libjansson-dev nettle-dev \
            fonts-dejavu-core poppler-utils qpdf python3-jsonschema fonts-lmodern
deps:
	@if dpkg -s $(DEB_PKGS) >/dev/null 2>&1; then echo "deps: all Debian packages present"; \
	else apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEB_PKGS); fi

# pdflatex for the paper test of the figure snippets (tests/check_outputs.sh; skipped without it);
# texlive-latex-extra for currfile, the snippets' fallback on a kernel without \CurrentFilePath.
TEX_PKGS := texlive-latex-base texlive-latex-recommended texlive-fonts-recommended texlive-latex-extra
deps-tex:
	@if dpkg -s $(TEX_PKGS) >/dev/null 2>&1; then echo "deps-tex: all Debian packages present"; \
	else apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(TEX_PKGS); fi

# Also what `make fuzz` (clang's libFuzzer) and `make valgrind` need, and pdflatex.
# python3-numpy: `make bench`'s numpy yardstick (bench/numpy_sample.py, run by the first of
# $(BENCH_PYTHONS) that imports numpy).
DEV_PKGS := clang libclang-rt-14-dev valgrind python3-mpmath python3-sympy python3-numpy
deps-dev: deps deps-tex
	@if dpkg -s $(DEV_PKGS) >/dev/null 2>&1; then echo "deps-dev: all Debian packages present"; \
	else apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEV_PKGS); fi

build/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

build/libfricert.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

bin/fricert: build/src/cli/main.o build/libfricert.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(LIBS)

build/tests/%: tests/%.c build/libfricert.a
	@mkdir -p build/tests
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< build/libfricert.a $(LIBS) -lcmocka

# Every cmocka binary, then `fricert check` over the case library; one summary line at the end.
test: bin/fricert $(TEST_BIN)
	@sh tests/run_all.sh $(TEST_BIN)

unit: $(TEST_BIN)
	@for t in $(TEST_BIN); do $$t || exit 1; done

check-cases: bin/fricert
	bin/fricert check $(CASES)

clean:
	rm -rf build bin

install: bin/fricert
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/fricert/templates
	install -m 755 bin/fricert $(DESTDIR)$(PREFIX)/bin/fricert
	install -m 644 templates/*.tmpl $(DESTDIR)$(PREFIX)/share/fricert/templates/ 2>/dev/null || true

-include $(LIB_OBJ:.o=.d) build/src/cli/main.d
-include mk/*.mk

build/bench/bench_pave: bench/bench_pave.c build/libfricert.a
	@mkdir -p build/bench
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< build/libfricert.a $(LIBS)

# The hand-written Arb paving loop the engine is measured against (not part of fricert).
LIMIT_PAVE ?= ../shared/bench/limit_pave.c
BENCH_CASES ?= cases/painleve_rod.case:main cases/seed002_two_contacts.case:main \
               cases/ch2_one_point_obligatory.case:tangency

build/bench/limit_pave: $(LIMIT_PAVE)
	@mkdir -p build/bench
	$(CC) -O2 $(ARB_CFLAGS) $(shell test -d /usr/include/flint && echo -I/usr/include/flint) $< -o $@ $(ARB_LIBS) -lmpfr -lgmp -lm

# The Pythons tried for the numpy yardstick, in order: python3 on the PATH (which may be a
# pyenv Python without numpy), then Debian's (python3-numpy).
BENCH_PYTHONS ?= python3 /usr/bin/python3

# Figures and ratios only, all measured in this run; never fails on a time. The
# paving tables come first (mk/bench.mk: bench = bench-pave, then the case library,
# whose reports leave files the kernel writes back for a while, then the rest).
bench-pave: build/bench/bench_pave
	@if [ -f $(LIMIT_PAVE) ] && $(MAKE) --no-print-directory build/bench/limit_pave >/dev/null; then \
	  for i in 1 2 3; do build/bench/limit_pave; done > build/bench/limit.txt; else echo "limit_pave: $(LIMIT_PAVE) absent" > build/bench/limit.txt; fi
	@py=; for p in $(BENCH_PYTHONS); do if "$$p" -c 'import numpy' >/dev/null 2>&1; then py=$$p; break; fi; done; \
	if [ -z "$$py" ]; then echo "numpy absent: none of $(BENCH_PYTHONS) imports numpy (make deps-dev installs python3-numpy)" > build/bench/numpy.txt; \
	elif ! "$$py" bench/numpy_sample.py > build/bench/numpy.txt 2> build/bench/numpy.err; then \
	  echo "numpy failed: $$py bench/numpy_sample.py: $$(tail -n 1 build/bench/numpy.err)" > build/bench/numpy.txt; fi
	@echo "limit_pave, 3 runs (bench_pave takes the least time per depth):"; cat build/bench/limit.txt build/bench/numpy.txt
	@build/bench/bench_pave -l build/bench/limit.txt -n build/bench/numpy.txt $(BENCH_CASES)

# The main job: every case of the library into out/<id>/ (report.pdf, results.json,
# per plot P.pdf/.svg/.png/.cells.csv/.tex), then a summary table.
REPORT_JOBS ?= 2
reports: bin/fricert
	bin/fricert report -j $(REPORT_JOBS) -o out $(CASES)
