# `make run` starts the site, `make test` runs the test suite.
# Both build a local virtualenv in .venv first; it is reinstalled only when
# pyproject.toml changes (tracked by the stamp file).

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed.stamp
PYTEST_ARGS ?=

.PHONY: run test clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --upgrade pip
	$(VPY) -m pip install -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VPY) manage.py migrate --noinput
	@# `demo` arrives with a later issue: run it only once it exists.
	@if $(VPY) manage.py help --commands | grep -qx demo; then \
		$(VPY) manage.py demo --if-empty; \
	fi
	$(VPY) manage.py runserver 127.0.0.1:8000

test: $(STAMP)
	$(VPY) -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
