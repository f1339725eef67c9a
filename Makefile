# Klob: make run (build and play), make test (every test).
GO      ?= go
BIN     := bin/klob
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
# The race detector runs where goroutines do (bots, match runner, UI,
# server): ai/, tui/ and internal/, but for the single-threaded searches
# of RACE_SKIP, which start no goroutine (nor does anything they or their
# tests depend on) and whose tests run one at a time, so that it could
# find no race there. Their code still runs
# under it inside the packages that call it from several goroutines
# (ai/eval's workers). internal/testing/archtest checks both conditions.
RACE_SKIP := ai/solver ai/sampler ai/claim ai/tablerule ai/handvalue
RACE_PKGS = $(filter-out $(addprefix github.com/klob/klob/,$(RACE_SKIP)),$(shell $(GO) list ./ai/... ./tui/... ./internal/...))
# Tests the race run leaves out (go test -skip, by top-level name, each
# name in one package only): heavy tests whose assertions the full run
# checks in full, and in which the detector could find nothing the same
# package's other tests do not show it. Some run on one goroutine: the
# ai/eval tables and deal models (no go statement there) and
# TestTableHardSearchesFirstTrick (one worker). The others run code
# that other tests run concurrently under the detector:
# TestTableBotsSeeOnlyTheirView the bots of
# TestTableBotsPlayEverySeatCount, TestPlantedBlunder the analysis of
# TestReport, TestProgress and TestGradedSeats, drill's two the
# evaluation of TestEvaluateDeterministic (one worker and two).
RACE_SKIP_TESTS := TestTableHardSearchesFirstTrick|TestTableBotsSeeOnlyTheirView|TestPlantedBlunder|TestWinChanceFollowsTheRules|TestModelFollowsTheRules|TestWinTableBuildIsPlainBuild|TestEveryOptionLegal|TestShownGapGivesTheGrade
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.7.0

.PHONY: run build test test-deps tidy vet bench fuzz lint cover clean load

run: build
	./$(BIN)

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/klob

# Tools the end-to-end tests need (tmux, the OpenSSH client, prlimit
# for the server's memory cap under attack); installed when missing.
test-deps:
	@missing=""; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v ssh >/dev/null 2>&1 || missing="$$missing openssh-client"; \
	command -v prlimit >/dev/null 2>&1 || missing="$$missing util-linux"; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing for the end-to-end tests"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq $$missing >/dev/null; fi; \
	fi

# go.mod and go.sum must be what go mod tidy makes of them.
tidy:
	@$(GO) mod tidy -diff || { echo "go.mod is not tidy: run go mod tidy and commit the result"; exit 1; }

vet:
	$(GO) vet ./...

# The tests bound their work, not their time: on a machine loaded ten
# times over, the hard-against-normal matches took over go test's
# default 10 minutes a package, hence TEST_TIMEOUT (CI allows 90).
TEST_TIMEOUT ?= 40m
test: test-deps tidy vet build
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -race -short -skip '^($(RACE_SKIP_TESTS))$$' $(RACE_PKGS)

# klob serve under load on 127.0.0.1: 50 sessions playing against bots
# and 200 idle ones (ServeLoad), then the club's load (ServeClubLoad: 25
# tables of four with people and bots, 25 people alone, the spectators
# when the server has them); prints key-press-to-frame latency, the club
# database's write latency and memory. LOADBENCH=ServeClubLoad runs one.
LOADBENCH ?= Serve(Club)?Load
load:
	KLOB_LOAD=1 $(GO) test -count=1 -timeout 30m -run '^$$' -bench '^Benchmark$(LOADBENCH)$$' -benchtime 1x -v ./cmd/klob

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# A short run of every fuzz target (FUZZTIME each).
FUZZTIME ?= 10s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

lint: tidy vet
	$(GO) run $(STATICCHECK) ./...

cover:
	$(GO) test -count=1 -coverprofile=cover.out ./...
	$(GO) tool cover -func=cover.out | tail -1

clean:
	rm -rf bin cover.out
