# mk/bench.mk -- `make bench` also times the case library: `fricert check` over
# every case (-j $(CHECK_JOBS): that many cases at once) and `make reports`' command
# (-j $(REPORT_JOBS)) into a scratch folder, and (bench-read) the reading of synthetic
# 1, 4 and 16 MB cases (bench/bench_read.c: time(16 MB) / time(1 MB) against the
# linear 16 x). Each is run $(TIME_REPS) times, the least wall time printed. Figures only (CPU and wall seconds, the load); never fails on a time.
CHECK_JOBS ?= 2
# runs of each command; the least wall time is the figure (TIME_REPS=1: one run)
TIME_REPS ?= 2
bench-cases: bin/fricert
	@sh bench/time_all.sh "fricert check -j $(CHECK_JOBS) cases/*.case ($(words $(CASES)) cases)" 15 $(TIME_REPS) \
	    bin/fricert check -j $(CHECK_JOBS) $(CASES)
	@rm -rf build/bench/reports
	@sh bench/time_all.sh "make reports = fricert report -j $(REPORT_JOBS) cases/*.case ($(words $(CASES)) cases)" 60 $(TIME_REPS) \
	    sh -c 'rm -rf build/bench/reports && exec "$$@"' sh bin/fricert report -q -j $(REPORT_JOBS) -o build/bench/reports $(CASES)
	@rm -rf build/bench/reports; sync   # no write-back of the reports left to run beside the next timings
build/bench/bench_read: bench/bench_read.c build/libfricert.a
	@mkdir -p build/bench
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< build/libfricert.a $(LIBS)

# the files are rewritten each run (about 63 MB in build/bench/) and removed after
bench-read: build/bench/bench_read bin/fricert
	@build/bench/bench_read build/bench bin/fricert; rc=$$?; rm -f build/bench/read_*.case; exit $$rc

bench: bench-pave bench-cases bench-read
.PHONY: bench-cases bench-read

# bench-threads: the paving tables (the rod to depth 16, $(BENCH_CASES) to depth 14)
# twice in a row, with the task scheduler and with the level-synchronous one
# (bench_pave -s), to compare the 2-thread figures in the same conditions (best on
# an idle machine); no yardsticks. Never fails on a time.
bench-threads: build/bench/bench_pave
	@build/bench/bench_pave $(BENCH_CASES) | grep -v '^limit_pave: no figures'
	@echo
	@build/bench/bench_pave -s $(BENCH_CASES) | grep -v '^limit_pave: no figures'
.PHONY: bench-threads
