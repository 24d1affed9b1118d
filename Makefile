# crucible — build, demo, tests and benchmarks. Every target uses only the Go
# toolchain; `make test` is what CI runs (.ci/run).

GO      ?= go
BIN     := ./crucible
OUT     ?= out
SEED    ?= 1
TRIALS  ?= 20000
FUZZTIME ?= 60s

.PHONY: build demo screenshots test check long bench fuzz vet clean skill-list

build:
	$(GO) build -o $(BIN) ./cmd/crucible

# The main job: the rulesets (crucible rules) and a built-in scenario's
# file (crucible show) as a designer starts, then every built-in scenario,
# a fixed seed, a report in out/; then every built-in sweep (at its own
# trials per point) into out/sweeps/<ruleset>/<name>/.
demo: build
	$(BIN) rules > $(OUT).txt
	$(BIN) show eclipse/interceptor-duel >> $(OUT).txt
	$(BIN) run --all --trials $(TRIALS) --seed $(SEED) --out $(OUT) >> $(OUT).txt
	@for s in $$($(BIN) scenarios | awk '/\(sweep for crucible sweep\)/ {print $$1}'); do \
	  echo "$(BIN) sweep $$s --seed $(SEED) --out $(OUT)/sweeps/$$s"; \
	  $(BIN) sweep $$s --seed $(SEED) --out $(OUT)/sweeps/$$s >> $(OUT).txt 2>/dev/null || exit 1; \
	done
	@echo "report: $(OUT)/index.html, sweeps: $(OUT)/sweeps/*/*/index.html (tables: $(OUT).txt)"

# Screenshots of each kind of report page at 1,400 px wide, as a headless
# chromium draws them, into $(SHOTS)/ (ignored by git), for review: the
# reports themselves are in $(SHOTS)/pages/; and the workbench with a
# built-in scenario's odds in (a test drives it: it never ends loading).
SHOTS ?= screenshots
screenshots: build
	rm -rf $(SHOTS) && mkdir -p $(SHOTS)/pages
	$(BIN) run eclipse/two-cruisers-vs-interceptor-and-cruiser --trials $(TRIALS) --seed $(SEED) --out $(SHOTS)/pages/run >/dev/null
	$(BIN) exact eclipse/two-cruisers-vs-interceptor-and-cruiser --out $(SHOTS)/pages/exact >/dev/null
	$(BIN) sweep eclipse/shields-by-fleet --seed $(SEED) --out $(SHOTS)/pages/sweep >/dev/null
	$(BIN) tune eclipse/interceptors-for-70 --seed $(SEED) --out $(SHOTS)/pages/tune >/dev/null
	$(BIN) compare eclipse/fleet-mirror --set-b attacker.policy=largest-killable-first --trials $(TRIALS) --seed $(SEED) --out $(SHOTS)/pages/compare >/dev/null
	$(BIN) check stratfight/lifespan-claims --seed $(SEED) --out $(SHOTS)/pages/check >/dev/null; [ $$? -le 1 ] # a claim that fails (exit 1) is on the page too
	$(BIN) run dbd/cavalry_hammer --trials 2000 --seed $(SEED) --out $(SHOTS)/pages/board >/dev/null
	$(BIN) meta eclipse/cruiser-designs --seed $(SEED) --out $(SHOTS)/pages/meta >/dev/null
	@for k in run exact sweep tune compare check board meta; do \
	  chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
	    --user-data-dir=$$(mktemp -d) --window-size=1400,2000 \
	    --screenshot=$(CURDIR)/$(SHOTS)/$$k.png file://$(CURDIR)/$(SHOTS)/pages/$$k/index.html 2>/dev/null || exit 1; \
	  echo "$(SHOTS)/$$k.png"; \
	done
	$(GO) test -count=1 -tags screenshots -run TestScreenshot ./reports/workbench -args -shots=$(CURDIR)/$(SHOTS) >/dev/null
	@ls $(SHOTS)/workbench-*.png

# The default test run: formatting, vet, a tidy go.mod, then unit, golden,
# determinism and fixed-seed statistical tests (about a minute on 2 cores).
# go test's own vet (a subset of vet's checks on the same files) is off:
# the vet target has just run every check on every package and its tests.
# go test starts the test binaries in the order of its package list, two at
# a time (-p is the cores): the longest are named first, so that they start
# at once and the short ones fill the cores at the end, rather than a long
# one starting last; ./... adds every other package once (bench/tests.txt).
# rules/dbd's conformance checks run one after another (25 s alone), so it
# starts before reports, which takes less time for more CPU.
# The tests run with the garbage collector at GOGC=$(TEST_GOGC): their heaps
# are small and short-lived, the machine has memory to spare, and on 2 cores
# the collector's CPU was a tenth of the run (tests that measure memory
# collect first). Products and benchmarks keep Go's default.
SLOWEST := ./cmd/cli ./reports/workbench ./rules/dbd ./reports \
	./rules/rulesfile/exact ./rules/rulesfile ./analysis
TEST_GOGC ?= 800
test: vet
	$(GO) mod tidy -diff
	GOGC=$(TEST_GOGC) $(GO) test -vet=off -count=1 $(SLOWEST) ./...

# The regression gate: the claims of scenarios/gate at a fixed seed, sized
# so that a 2-point shift in a gated win rate fails (TestRegressionGateCatchesAShift).
# An INCONCLUSIVE claim fails the gate too (--strict).
check: build
	$(BIN) check scenarios/gate/*.yaml --seed 20261124 --strict

# Long statistical and soak runs.
long:
	$(GO) test -count=1 -tags long -timeout 60m ./...

# Every built-in's skill verdict (issue 29 §4), with the players asked,
# into bench/skill-flags.txt (a few minutes: exact solves of optimal play).
skill-list: build
	BIN=$(BIN) sh bench/skill-flags.sh

# Benchmarks, recorded with the command that produced them.
bench:
	@mkdir -p bench
	{ echo "# $$(date -u +%Y-%m-%dT%H:%MZ)  $(GO) test -run '^$$' -bench . -benchmem ./..."; \
	  $(GO) test -run '^$$' -bench . -benchmem ./... ; } | tee bench/latest.txt

# Each fuzz target for FUZZTIME. Go 1.26's fuzz coordinator can fail a run
# with "context deadline exceeded" as FUZZTIME ends, with no crasher
# (golang/go#75804, fixed in Go 1.27): such a run counts as passed; a run
# that writes a crasher to testdata/fuzz, or fails otherwise, stops here.
fuzz:
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	$(GO) list -f '{{.ImportPath}} {{.Dir}}' ./... | while read pkg dir; do \
	  for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/func //'); do \
	    echo "fuzz $$pkg $$f"; before=$$(ls $$dir/testdata/fuzz/$$f 2>/dev/null | wc -l); \
	    if $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg > $$log 2>&1; then tail -1 $$log; continue; fi; \
	    after=$$(ls $$dir/testdata/fuzz/$$f 2>/dev/null | wc -l); \
	    if [ "$$after" = "$$before" ] && grep -q '^    context deadline exceeded$$' $$log; then \
	      echo "ok (the run ended on golang/go#75804's race; no crasher)"; continue; fi; \
	    cat $$log; exit 1; \
	  done; done

# One vet, with the long tests' files: every file of the default build is
# in it too (no file is built only without long), and vet's cache keys on
# the tags, so a second vet without them type-checked the tree again (18 s
# of CPU after a change, bench/tests.txt).
vet:
	@test -z "$$(grep -rl --include='*.go' '^//go:build.*!long' .)" || { echo "built only without -tags long, so unvetted:"; grep -rl --include='*.go' '^//go:build.*!long' .; exit 1; }
	$(GO) vet -tags long ./...
	@test -z "$$(gofmt -l .)" || { gofmt -l .; exit 1; }

clean:
	rm -rf $(BIN) $(OUT) $(OUT).txt
