# `make run` starts the site, `make test` runs the test suite, `make serve`
# runs it for real under gunicorn (README, "Running it for real").
# All build a local virtualenv in .venv first; it is reinstalled only when
# pyproject.toml changes (tracked by the stamp file).

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed.stamp
PYTEST_ARGS ?=
# The suite on both cores (pytest-xdist); each test module stays on one worker, so a module's server, browser or
# event is made once.  `PYTEST_XDIST= make test` runs it in one process.
PYTEST_XDIST ?= -n 2 --dist loadscope
# `PORT=8001 make run`; `make serve` reads PORT too (tournament/serving/gunicorn_conf.py).
PORT ?= 8000
export PORT

.PHONY: run serve test clean venv

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
	$(VPY) manage.py runserver 127.0.0.1:$(PORT)

# Production: settings from the environment (DJANGO_DEBUG=0, DJANGO_SECRET_KEY,
# DATABASE_URL, REDIS_URL, ...); workers from WEB_CONCURRENCY.  No demo data.
# exec: gunicorn takes the shell's place, so a stop signal reaches it directly.
serve: $(STAMP)
	$(VPY) manage.py migrate --noinput
	$(VPY) manage.py collectstatic --noinput --verbosity 0
	exec $(VPY) -m gunicorn -c python:tournament.serving.gunicorn_conf tournament.asgi:application

test: $(STAMP)
	$(VPY) -m pytest $(PYTEST_XDIST) $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis staticfiles
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
