package exact

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// The agreement test (issue: "Agreement between the two engines"): every
// built-in scenario is solved exactly and fought by Monte Carlo from a fixed
// seed; every probability the exact solver gives (winner, end reason,
// every counter's distribution) is checked by a z test or an exact binomial test, the
// mean number of rounds by a z test with the exact variance, and the rounds
// distribution by a chi-square test with sparse bins pooled. The family-wise
// false-alarm rate is 1e-6, split evenly over all the tests (Bonferroni).

const familyAlpha = 1e-6

// agreeTrials is the Monte Carlo trial count per scenario (agree_long_test.go
// raises it under the build tag `long`).
var agreeTrials int64 = 30_000

const builtinDir = "../../../scenarios/builtin/eclipse"

// loadBuiltin reads a built-in scenario file the way the scenario loader
// hands it to the ruleset: the common fields removed.
func loadBuiltin(t testing.TB, name string) *doc.Node {
	t.Helper()
	return loadFile(t, filepath.Join(builtinDir, name+".yaml"))
}

// loadFile reads a scenario file the way the scenario loader hands it to
// the ruleset.
func loadFile(t testing.TB, file string) *doc.Node {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n, err := scenarios.ParseDocument(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func builtinNames(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(builtinDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in eclipse scenarios in %s: %v", builtinDir, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	sort.Strings(names)
	return names
}

// agreementChecks solves one compiled battle and tests Monte Carlo against
// it with the conformance kit's agreement test.
func agreementChecks(t testing.TB, c *eclipse.Compiled, seed uint64, trials int64) (*rules.Exact, []rulestest.Agreement) {
	r, err := Solve(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r, rulestest.Agree(c, r, seed, trials)
}

func TestAgreementBuiltin(t *testing.T) {
	names := builtinNames(t)
	type outcome struct {
		name string
		cs   []rulestest.Agreement
	}
	var all []outcome
	total := 0
	for i, name := range names {
		c, err := eclipse.Compile(loadBuiltin(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, cs := agreementChecks(t, c, 0xEC11_95E0+uint64(i), agreeTrials)
		all = append(all, outcome{name, cs})
		total += len(cs)
	}
	alpha := familyAlpha / float64(total)
	t.Logf("%d scenarios, %d tests, %d trials each; per-test α = %.3g", len(names), total, agreeTrials, alpha)
	for _, o := range all {
		for _, c := range o.cs {
			if c.P < alpha {
				t.Errorf("%s: %s disagrees (p = %.3g < %.3g): %s", o.name, c.Name, c.P, alpha, c.Info)
			}
		}
	}
}
