# Entry points for people and CI. Every target first runs the idempotent set-up, so a fresh Debian 12 machine
# needs nothing but `make run` or `make test`.
PRESET ?= default
BUILD  := build/$(PRESET)
JOBS   ?= 2
PYTHON ?= python3

.PHONY: all setup configure build run test lint format bench clean

all: build

setup:
	@bash scripts/setup.sh

configure: setup
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

run: build
	@$(BUILD)/bin/omsim-demo

test: build
	@ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

lint: setup
	@bash scripts/lint.sh

format: setup
	@git ls-files '*.h' '*.cc' | xargs clang-format -i

bench: setup
	@cmake --preset release >/dev/null && cmake --build --preset release -j $(JOBS)
	@$(PYTHON) bench/run.py build/release

clean:
	rm -rf build
