# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SOURCES_C := $(wildcard src/preferans/solver/*.c src/preferans/solver/*.h)

.PHONY: run test lint typecheck bench clean install

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py $(SOURCES_C)
	$(BIN)/pip install --quiet -e '.[server,test,ai]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/preferans serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict

# The browser tests run in their own pytest process: Playwright's sync API keeps an event
# loop running in the main thread, which the asyncio tests of the server must not inherit.
# The rest runs on every core (pytest-xdist): most of its time is servers and terminals
# waiting, and every test makes its own ports, folders, schemas and Redis prefixes. Tests
# marked `alone` (a cluster under faults, on 2-second leases) run next, with nothing beside them.
test: lint typecheck
	$(BIN)/python -m pytest -q -n auto --durations=15 -m "not alone" tests --ignore=tests/e2e
	$(BIN)/python -m pytest -q -m alone tests --ignore=tests/e2e
	$(BIN)/python -m pytest -q --durations=5 tests/e2e

bench: $(STAMP)
	for f in benchmarks/*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
