# Two commands: `make run` and `make test`. Each creates or updates .venv by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test install install-test messages clean

run: $(VENV)/.installed
	$(BIN)/tutor init-db
	$(BIN)/tutor serve

# One pytest worker per core and one more (each with its own server and browser for the e2e tests): the
# browser tests spend much of their time waiting on Chromium, so a third worker on 2 cores takes 3m12s, not 3m45s.
WORKERS ?= $(shell expr $$(nproc) + 1)
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n $(WORKERS)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall when the project's metadata changes; the package itself is editable.
$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

# Translations: extract every marked string into messages.pot and merge it into each
# tutor/translations/<lang>/LC_MESSAGES/messages.po. No .mo is made: the app compiles a
# catalogue in memory the first time its language is asked for (tutor/messages/catalogues.py).
# A new language: $(BIN)/pybabel init -i tutor/translations/messages.pot -d tutor/translations -l zh
POT := tutor/translations/messages.pot
messages: $(VENV)/.installed-test
	$(BIN)/python -m babel.messages.frontend extract -F babel.cfg --no-wrap --sort-by-file \
		--project "Riichi Tutor" --copyright-holder "Riichi Tutor" -o $(POT) .
	if ls tutor/translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
		$(BIN)/python -m babel.messages.frontend update --no-wrap -i $(POT) -d tutor/translations; fi

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis test-artifacts
