# Two commands on a fresh machine with python3 (3.11+) and make:
#   make run   - create/update .venv from pyproject.toml when needed, start the app
#   make test  - create/update .venv when needed, run lint, type checks and the whole test suite
#   make serve - N app replicas (N=2) behind nginx with sticky sessions on 127.0.0.1:8080
#                (progress in CINCH_DATABASE_URL if set, else the SQLite file; DB=throwaway
#                starts a temporary PostgreSQL server for the run)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run serve test lint typecheck pytest bench clean messages

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# The compiled solver (scripts/build_fast.py: mypyc, a dev dependency, into .venv/fast/, never
# in place); rebuilt when a source it hashes changes. A failed build is a one-line warning and
# the pure-Python solver runs (tests/solver/test_native.py fails under CI if it is not loaded).
FAST := $(VENV)/fast/manifest.json
FAST_SOURCES := $(foreach m,search seats endgame piles trick tables,tutorial/solver/$(m).py) \
	tutorial/solver/position.py tutorial/engine/trumps.py tutorial/solver/native.py
$(FAST): $(FAST_SOURCES) scripts/build_fast.py $(STAMP)
	@$(BIN)/python scripts/build_fast.py || true

run: $(STAMP) $(FAST)
	$(BIN)/streamlit run streamlit_app.py

N ?= 2
PORT ?= 8080
DB ?=
serve: $(STAMP) $(FAST)
	$(BIN)/python -m tutorial.replicas --replicas $(N) --port $(PORT) \
		$(if $(filter throwaway,$(DB)),--throwaway-postgres)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# The suite in parallel worker processes, one a core (pytest-xdist; `make test WORKERS=0`
# runs it in one process). worksteal: the slow browser and page tests are spread over the
# workers as they free up, not dealt out in fixed chunks.
WORKERS ?= auto
pytest: $(STAMP) $(FAST)
	$(BIN)/pytest $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist worksteal)

test: lint typecheck pytest

bench: $(STAMP) $(FAST)
	$(BIN)/python benchmarks/bench_simulate.py
	$(BIN)/python benchmarks/bench_drills.py
	$(BIN)/python benchmarks/bench_ui.py
	$(BIN)/python benchmarks/bench_solve.py
	$(BIN)/python benchmarks/bench_review.py
	$(BIN)/python benchmarks/bench_yaml.py
	$(BIN)/python benchmarks/bench_load.py
	$(BIN)/python benchmarks/bench_strength.py
	$(BIN)/python benchmarks/bench_play.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Translators: refresh locales/messages.pot from the code and merge it into every catalog.
messages: $(STAMP)
	$(BIN)/pybabel extract -F pyproject.toml -k t -k n:1,2 -k N_ --no-location \
		--sort-output --project cinch-tutorial --version 0.1.0 -o locales/messages.pot tutorial
	$(BIN)/pybabel update -i locales/messages.pot -d locales -D messages --no-fuzzy-matching \
		--ignore-obsolete
	$(BIN)/python scripts/fill_english.py
