# SPDX-License-Identifier: Apache-2.0
# Entry points for people and CI. Every target first runs the idempotent set-up, so a fresh Debian 12 machine
# needs nothing but `make run` or `make test`.
PRESET ?= default
BUILD  := build/$(PRESET)
JOBS   ?= 2
# The project venv (scripts/setup.sh makes it; the CMake presets name its python too), active in every recipe.
VENV   := $(CURDIR)/build/venv
PYTHON := $(VENV)/bin/python
export VIRTUAL_ENV := $(VENV)
export PATH := $(VENV)/bin:$(PATH)

.PHONY: all setup configure build run demo test test-asan lint format bench synth mutate fuzz clean

all: build

setup:
	@bash scripts/setup.sh

configure: setup
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# The default configuration's lockstep co-simulation (Verilated RTL vs cycle model, every output every cycle,
# scoreboard against the reference model), with a progress bar. RUN_ARGS adds options (omsim run --help).
RUN_CYCLES ?= 1e6
run: build
	@$(BUILD)/bin/omsim run --cycles $(RUN_CYCLES) --progress $(RUN_ARGS)

# The reference-model demo (blend table and gallery).
demo: build
	@$(BUILD)/bin/omsim-demo

# Every test but the exhaustive proofs (label exhaustive: ctest --test-dir build/default -L exhaustive).
test: build
	@ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE exhaustive

# The C++ tests, the Python suite and a short co-simulation matrix under AddressSanitizer and
# UndefinedBehaviorSanitizer (preset asan, build/asan): a finding fails its test. Which tests run and the sanitizer
# options are the asan test preset's; docs/sanitizers.md says why.
test-asan: setup
	@cmake --preset asan >/dev/null && cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan -j $(JOBS)

lint: setup
	@bash scripts/lint.sh

format: setup
	@git ls-files '*.h' '*.cc' | xargs clang-format -i

# The waves section also times failing runs with waves in the traced build (the default preset's omsim).
bench: setup
	@cmake --preset release >/dev/null && cmake --build --preset release -j $(JOBS)
	@cmake --preset default >/dev/null && cmake --build --preset default -j $(JOBS) --target omsim
	@$(PYTHON) bench/run.py build/release

# Hardware cost: om_top through Yosys (per-module cells, flip-flops, iCE40 LUT4s, LUT levels, no latches) ->
# build/synth/synth.json. SYNTH_ARGS adds options (scripts/synth.py --help: other tops, a revision, black boxes).
SYNTH_ARGS ?=
synth: setup
	@$(PYTHON) scripts/synth.py $(SYNTH_ARGS)

# Checker self-test (docs/mutation.md): single-point mutations of every layer (RTL, cycle model, reference model,
# driver, and bugs RTL and model share), each against the suites that should see it, in a copy under build/mutate;
# prints killed/total per layer and the survivors, writes build/mutate.json. Slow (every RTL mutant re-verilates
# om_top), so not part of make test.
mutate: setup
	@$(PYTHON) scripts/mutate.py $(MUTATE_ARGS)

# libFuzzer targets (clang, ASan/UBSan) run FUZZ_SECONDS each from the kept corpus (testbenches/fuzz/corpus);
# executions per target go to build/fuzz/fuzz.json, a crash is copied into the corpus (a regression test once kept).
# FUZZ_ARGS adds options of scripts/fuzz.py (--runs N: stop each target after N executions; --only NAME ...).
FUZZ_SECONDS ?= 60
FUZZ_ARGS ?=
fuzz: setup
	@cmake --preset fuzz >/dev/null && cmake --build --preset fuzz -j $(JOBS) --target om_fuzz_targets
	@$(PYTHON) scripts/fuzz.py build/fuzz --seconds $(FUZZ_SECONDS) $(FUZZ_ARGS)

clean:
	rm -rf build
