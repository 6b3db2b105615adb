# mk/oracles.mk -- `make oracles`: every independent oracle script of tests/oracles/
# (mpmath/sympy, first principles, no fricert import) over the shipped cases it covers.
# Slow (minutes each on a loaded machine), so not part of `make test`; needs
# python3-mpmath and python3-sympy (`make deps-dev`). Last line: N passed, M failed.
ORACLES := $(wildcard tests/oracles/verify_*.py)
.PHONY: oracles
oracles:
	@p=0; f=0; for o in $(ORACLES); do echo "== $$o"; \
	  if python3 $$o; then p=$$((p+1)); else f=$$((f+1)); echo "FAILED: $$o"; fi; done; \
	  echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
