# mk/bench.mk -- `make bench` also times the case library: `fricert check` over
# every case (-j $(CHECK_JOBS): that many cases at once) and `make reports`' command
# (-j $(REPORT_JOBS)) into a scratch folder. Figures only (CPU and wall seconds, the
# load); never fails on a time.
CHECK_JOBS ?= 2
bench-cases: bin/fricert
	@sh bench/time_all.sh "fricert check -j $(CHECK_JOBS) cases/*.case ($(words $(CASES)) cases)" 15 \
	    bin/fricert check -j $(CHECK_JOBS) $(CASES)
	@rm -rf build/bench/reports
	@sh bench/time_all.sh "make reports = fricert report -j $(REPORT_JOBS) cases/*.case ($(words $(CASES)) cases)" 60 \
	    bin/fricert report -q -j $(REPORT_JOBS) -o build/bench/reports $(CASES)
	@rm -rf build/bench/reports
bench: bench-cases
.PHONY: bench-cases
