# The two commands of the README:
#   make lab    set up if needed, then open JupyterLab on notebooks/00_index.ipynb
#   make test   set up if needed, then run every test (lint, types, unit + doctests, notebooks, browser)
# Set-up is a local virtual environment in .venv with the package installed editable.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NB ?= notebooks/00_index.ipynb
PORT ?= 8888
#: what `make voila` serves: the notebooks folder as an app, or the one notebook NB= names.
VOILA_NB = $(if $(filter command line,$(origin NB)),$(NB),notebooks)

.PHONY: lab test install lint typecheck unit fuzz notebooks browser chromium voila bench clean help

help:
	@echo "make lab    - open the notebooks in JupyterLab (sets everything up first)"
	@echo "make test   - run every test: lint, types, unit and doctests, notebooks (nbval), browser"
	@echo "make voila  - the notebooks as an app (Voila); NB=notebooks/11_grove_culprit_odds.ipynb for one"
	@echo "make bench  - run the benchmarks"

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test]'
	@touch $(STAMP)

install: $(STAMP)

ROOT_FLAG = $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# JupyterLab's root is the repository, so the index's links to docs/ and to the Vietnamese edition
# (notebooks/vi/) open; the URL names the index relative to that root. The project's notebooks are
# trusted first (`jupyter trust`, this user's signature database), so their saved widget state shows
# the controls before any cell runs (JupyterLab renders widgets only in trusted notebooks).
lab: $(STAMP)
	@$(BIN)/jupyter trust notebooks/*.ipynb notebooks/vi/*.ipynb >/dev/null
	@token=$${JUPYTER_TOKEN:-$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))')}; \
	if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] || [ "$$(uname)" = Darwin ]; then browser=; else \
		browser=--no-browser; \
		echo "No display here: open this URL in a browser:"; \
		echo "    http://127.0.0.1:$(PORT)/lab/tree/$(NB)?token=$$token"; \
	fi; \
	$(BIN)/jupyter lab $(ROOT_FLAG) $$browser --ServerApp.root_dir="$(CURDIR)" --ServerApp.ip=127.0.0.1 \
		--port=$(PORT) --ServerApp.port_retries=0 --IdentityProvider.token=$$token $(NB)

# Voilà serves notebooks/ as an app (tree mode): the index's links open the other notebooks and the
# other edition. NB=notebooks/11_grove_culprit_odds.ipynb serves one notebook alone.
VOILA_PORT ?= 8866
voila: $(STAMP)
	@if [ -d "$(VOILA_NB)" ]; then \
		echo "Open http://127.0.0.1:$(VOILA_PORT)/voila/render/00_index.ipynb (Tiếng Việt: .../voila/render/vi/00_index.ipynb)"; \
	fi
	$(BIN)/voila --no-browser --Voila.ip=127.0.0.1 --port=$(VOILA_PORT) $(VOILA_NB)

test: $(STAMP) chromium
	$(MAKE) --no-print-directory lint typecheck unit fuzz notebooks browser
	@echo "All test stages passed: lint, typecheck, unit, fuzz, notebooks, browser."

lint: $(STAMP)
	$(BIN)/ruff check $(wildcard rulesengine tests benchmarks tools)

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -q tests rulesengine --ignore=tests/browser

# Thousands of random Tragedy Looper games per shipped script, invariants checked after every step;
# the First Steps and the Basic Tragedy X scripts run side by side on two cores.
FUZZ = LOOPER_FUZZ_LONG=1 $(BIN)/python -m pytest -q tests/looper/test_engine_fuzz.py -k
fuzz: $(STAMP)
	@$(FUZZ) "thousands and fs_" > $(VENV)/fuzz-fs.log 2>&1 & fs=$$!; \
	$(FUZZ) "thousands and btx_"; btx=$$?; wait $$fs; fsrc=$$?; cat $(VENV)/fuzz-fs.log; \
	[ $$btx = 0 ] && [ $$fsrc = 0 ]
	@# the deduction (issue 12): 100 small scripts per shipped script, a random and a heuristic game each
	@# (1 200 games, about 2 minutes): truth never ruled out, sums of 1, hidden facts swapped
	LOOPER_DEDUCE_GAMES=100 $(BIN)/python -m pytest -q tests/looper/test_deduce.py -k never_ruled_out

notebooks: $(STAMP)
	$(BIN)/python -m pytest -q --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

browser: $(STAMP) chromium
	$(BIN)/python -m pytest -q tests/browser

chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || { \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing Debian's Chromium for the browser tests…"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "Chromium is missing: run 'sudo apt-get install chromium' (Debian/Ubuntu), then 'make test' again." >&2; \
			exit 1; \
		fi; }

bench: $(STAMP)
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
