# One entry point for humans and CI. Every target sets up what it needs from nothing.
SHELL := /bin/bash
# Debian 12's own CPython 3.11 when it is there (built with profile-guided and link-time
# optimisation: the playtests run about a tenth faster than on a plain build such as
# pyenv's), else the python3 on the PATH. PYTHON=python3 make ... chooses another.
DEBIAN_PYTHON := /usr/bin/python3.11
PYTHON ?= $(shell test -x $(DEBIAN_PYTHON) && echo $(DEBIAN_PYTHON) || echo python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
RUN_PKGS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
TEST_PKGS := $(RUN_PKGS) postgresql chromium poppler-utils nginx
# make engine: a C compiler and Python's headers for mypyc.
ENGINE_PKGS := gcc python3-dev
PYTEST_ARGS ?=
# make test's processes (pytest-xdist): one per core (a container's CPU quota counts), at
# most 4; PYTEST_JOBS=0 runs the suite in this one process (as a debugger wants it).
PYTEST_JOBS ?= $(shell bash .ci/cores.sh)
HOST ?= 127.0.0.1
PORT ?= 8000
# make run's settings: DEBUG off, a generated secret key, the hosts HOST serves.
RUN := DJANGO_SETTINGS_MODULE=config.settings.run RUN_HOST=$(HOST) $(PY) manage.py

.PHONY: run test bench engine lint format sysdeps sysdeps-test setup migrate clean

## make run: set up from nothing, load the demo and serve it (web server and task
## worker) on 127.0.0.1:8000; HOST=0.0.0.0 PORT=8080 serves the phones at the table
run: sysdeps setup
	$(RUN) migrate --noinput
	$(RUN) collectstatic --noinput --verbosity 0
	$(RUN) serve --host $(HOST) --port $(PORT) --seed-demo

## make test: set up, lint, the suite on SQLite, then again on a throwaway PostgreSQL 15
## (Hypothesis derandomized; HYPOTHESIS_PROFILE=wide make test searches at random),
## spread over the cores (PYTEST_JOBS)
test: sysdeps-test setup lint
	env -u DATABASE_URL $(PY) -m pytest -n $(PYTEST_JOBS) $(PYTEST_ARGS)
	bash .ci/with-postgres.sh $(PY) -m pytest -n $(PYTEST_JOBS) -m "not browser" $(PYTEST_ARGS)

## make bench: write bench/results.json (the playtest figures on the compiled engine
## when it builds; bench/results.json's playtest_compiled says which)
bench: sysdeps-test setup
	-$(MAKE) engine
	$(PY) -m bench.run

## make engine: compile engines/ with mypyc into build/engine/ (the source tree is left
## as it is); `manage.py playtest` and the playtest bench use it while it matches the
## source. It must fight the recorded battles die for die, or it is removed.
engine: setup
	@bash .ci/apt-ensure.sh $(ENGINE_PKGS)
	$(PY) -m config.engine_build

## make lint: ruff, then mypy: strict on engines/, django-stubs on the app
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict engines
	$(VENV)/bin/mypy campaigns config

format: setup
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

setup: $(STAMP)

$(STAMP): pyproject.toml
	@if [ "$(PYTHON)" = "$(DEBIAN_PYTHON)" ]; then bash .ci/apt-ensure.sh python3.11-venv; fi
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

migrate: setup
	$(PY) manage.py migrate --noinput

sysdeps:
	@bash .ci/apt-ensure.sh $(RUN_PKGS)

sysdeps-test:
	@bash .ci/apt-ensure.sh $(TEST_PKGS)

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm media staticfiles build
