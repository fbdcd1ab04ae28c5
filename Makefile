# Two commands: `make run` starts the companion, `make test` runs the suite but for the tests marked
# slow (whole games by touch, searches, every screen at Large text); `make test-slow` runs those too.
# Both do their own set-up first (scripts/setup.sh), so a fresh clone needs nothing else.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test setup setup-test typecheck lint bench install-pi clean upgrade-deps i18n

run: setup
	$(VENV)/bin/companion run

setup:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

test: setup-test
	$(VENV)/bin/ruff check companion cards_qr firmware hardware benchmarks tests
	$(PY) -m mypy
	xvfb-run -a -s "-screen 0 1024x768x24" $(PY) -m pytest -q -m "not slow"

typecheck: setup-test
	$(PY) -m mypy

lint: setup-test
	$(VENV)/bin/ruff check companion cards_qr firmware hardware benchmarks tests

# The message catalogs (docs/i18n.md): extract the .pot files, update the .po, compile the .mo.
i18n: setup-test
	$(PY) scripts/i18n.py

bench: setup-test
	@for b in benchmarks/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

install-pi:
	deploy/install-pi.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build *.egg-info

.PHONY: test-slow
# Long runs split from `make test`: the tests marked slow (pyproject's markers: whole games by touch,
# the searching AI levels, every screen at Large text); the firmware fuzz at 100,000 host lines per
# interpreter, two more seeds; the journal's fault injection at 2,400 damaged journals and 1,000 kills
# (docs/journal.md).
test-slow: setup-test
	xvfb-run -a -s "-screen 0 1024x768x24" $(PY) -m pytest -q --no-cov -m slow
	FIRMWARE_FUZZ_LINES=100000 $(PY) -m pytest -q --no-cov tests/firmware/test_micropython.py -k fuzz
	COMPANION_FAULT_CASES=2400 COMPANION_CRASH_KILLS=1000 $(PY) -m pytest -q -s --no-cov -o timeout=3600 \
		tests/faults/test_damage.py tests/core/test_crash.py

# Refresh the lock (requirements/*.txt) to the newest packages pyproject.toml and
# requirements/constraints.in allow, install it, and run the whole suite on it. Commit the lock only
# when this passes.
upgrade-deps:
	scripts/lock.sh --upgrade
	$(MAKE) test

.PHONY: test-jitter
# The scanner's tests with every synthetic frame a grey level off here and there, as another CPU's
# image kernels would render it (tests/scan/variants.py): a test that fails here depends on this
# machine's exact arithmetic (issue 24). Slow-ish (about a minute a seed); not part of `make test`.
test-jitter: setup-test
	@for s in 1 2 3; do echo "== COMPANION_SYNTH_JITTER=$$s"; \
		COMPANION_SYNTH_JITTER=$$s $(PY) -m pytest -q --no-cov tests/scan || exit 1; done

.PHONY: test-arm64
# The set-up and a smoke suite on arm64 (Debian bookworm, what Raspberry Pi OS is built on) under
# qemu-user emulation: slow (about 25 min once the root is cached), needs root; not part of
# `make test`. scripts/arm64_smoke.sh PHASE... reruns single phases; docs/hardware.md has the results.
test-arm64:
	scripts/arm64_smoke.sh
