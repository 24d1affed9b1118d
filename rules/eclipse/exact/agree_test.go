package exact

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/scenarios"
)

// The agreement test (issue: "Agreement between the two engines"): every
// built-in scenario is solved exactly and fought by Monte Carlo from a fixed
// seed; every probability the exact solver gives (winner, end reason,
// survivors per type) is checked by a z test or an exact binomial test, the
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
	file := filepath.Join(builtinDir, name+".yaml")
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

// mcTally is what the agreement test counts from Monte Carlo.
type mcTally struct {
	n         int64
	wins      [3]int64
	ends      []int64
	rounds    map[int64]int64
	survivors [][]int64 // per type, per count
}

// monteCarlo fights trials battles on all cores from a fixed seed; trial i
// uses the stream (seed, i), so the result does not depend on the split.
func monteCarlo(c *eclipse.Compiled, seed uint64, trials int64) *mcTally {
	workers := int64(runtime.GOMAXPROCS(0))
	parts := make([]*mcTally, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := newTally(c)
			f := c.NewFighter()
			o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
			r := rules.NewRand(0, 0)
			for i := w; i < trials; i += workers {
				o.Reset()
				r.Seed(seed, uint64(i))
				f.Fight(0, r, &o)
				t.add(c, &o)
			}
			parts[w] = t
		}()
	}
	wg.Wait()
	total := newTally(c)
	for _, p := range parts {
		total.n += p.n
		for i := range p.wins {
			total.wins[i] += p.wins[i]
		}
		for i := range p.ends {
			total.ends[i] += p.ends[i]
		}
		for k, v := range p.rounds {
			total.rounds[k] += v
		}
		for t := range p.survivors {
			for k := range p.survivors[t] {
				total.survivors[t][k] += p.survivors[t][k]
			}
		}
	}
	return total
}

func newTally(c *eclipse.Compiled) *mcTally {
	t := &mcTally{ends: make([]int64, len(eclipse.EndNames)), rounds: map[int64]int64{}}
	for i := range c.Types {
		t.survivors = append(t.survivors, make([]int64, c.Types[i].Count+1))
	}
	return t
}

func (t *mcTally) add(c *eclipse.Compiled, o *rules.Outcome) {
	t.n++
	t.wins[o.Winner]++
	t.ends[o.End]++
	t.rounds[o.Rounds]++
	spec := c.Spec()
	for i := range c.Types {
		k := spec.CounterIndex(survivorsCounter(c, i))
		t.survivors[i][o.Counters[k]]++
	}
}

// survivorsCounter names the survivors counter of type t.
func survivorsCounter(c *eclipse.Compiled, t int) string {
	return eclipse.SideLetter(c.Types[t].Side) + ".survivors." + c.Types[t].Name
}

// check is one statistical test: its p-value under agreement.
type check struct {
	name string
	p    float64
	info string
}

// binomialP is the two-sided p-value of x successes in n trials with
// probability p: a z test when n·p·(1−p) ≥ 25, else the exact binomial
// (twice the smaller tail). p = 0 or 1 admit only x = 0 or n.
func binomialP(x, n int64, p float64) float64 {
	const eps = 1e-12
	switch {
	case p <= eps:
		if x == 0 {
			return 1
		}
		if p == 0 {
			return 0
		}
	case p >= 1-eps:
		if x == n {
			return 1
		}
		if p == 1 {
			return 0
		}
	}
	v := float64(n) * p * (1 - p)
	if v >= 25 {
		z := (float64(x) - float64(n)*p) / math.Sqrt(v)
		return math.Erfc(math.Abs(z) / math.Sqrt2)
	}
	b := distuv.Binomial{N: float64(n), P: p}
	lo := b.CDF(float64(x))
	hi := 1.0
	if x > 0 {
		hi = 1 - b.CDF(float64(x-1))
	}
	return math.Min(1, 2*math.Min(lo, hi))
}

// chiSquareRounds tests the Monte Carlo rounds histogram against the exact
// distribution, pooling adjacent bins until each expects at least 5.
func chiSquareRounds(mc *mcTally, r *rules.Exact) check {
	n := float64(mc.n)
	for k, v := range mc.rounds {
		if v > 0 && (k >= int64(len(r.Rounds)) && r.RoundsTail == 0 || k < int64(len(r.Rounds)) && r.Rounds[k] == 0) {
			return check{"rounds χ²", 0, fmt.Sprintf("%d battles took %d rounds, which the exact solver gives probability 0", v, k)}
		}
	}
	type bin struct{ obs, exp float64 }
	var bins []bin
	cur := bin{}
	maxR := int64(len(r.Rounds))
	for k := range mc.rounds {
		maxR = max(maxR, k+1)
	}
	for k := int64(0); k < maxR; k++ {
		if k < int64(len(r.Rounds)) {
			cur.exp += n * r.Rounds[k]
		}
		cur.obs += float64(mc.rounds[k])
		if cur.exp >= 5 {
			bins = append(bins, cur)
			cur = bin{}
		}
	}
	cur.exp += n * r.RoundsTail
	if len(bins) == 0 {
		bins = append(bins, cur)
	} else {
		bins[len(bins)-1].obs += cur.obs
		bins[len(bins)-1].exp += cur.exp
	}
	if len(bins) < 2 {
		return check{"rounds χ²", 1, "one bin"}
	}
	x2 := 0.0
	for _, b := range bins {
		x2 += (b.obs - b.exp) * (b.obs - b.exp) / b.exp
	}
	df := float64(len(bins) - 1)
	return check{"rounds χ²", distuv.ChiSquared{K: df}.Survival(x2), fmt.Sprintf("χ² = %.2f, %d bins", x2, len(bins))}
}

func meanRoundsCheck(mc *mcTally, r *rules.Exact) check {
	var m2 float64
	for k, p := range r.Rounds {
		m2 += float64(k*k) * p
	}
	v := m2 - r.RoundsMean.F*r.RoundsMean.F
	var sum float64
	for k, c := range mc.rounds {
		sum += float64(k) * float64(c)
	}
	mean := sum / float64(mc.n)
	if v <= 0 {
		if math.Abs(mean-r.RoundsMean.F) < 1e-9 {
			return check{"rounds mean", 1, ""}
		}
		return check{"rounds mean", 0, fmt.Sprintf("MC %.6f, exact %.6f with zero variance", mean, r.RoundsMean.F)}
	}
	z := (mean - r.RoundsMean.F) / math.Sqrt(v/float64(mc.n))
	return check{"rounds mean", math.Erfc(math.Abs(z) / math.Sqrt2), fmt.Sprintf("MC %.5f, exact %.5f, z = %.2f", mean, r.RoundsMean.F, z)}
}

// agreementChecks runs both engines on one compiled battle.
func agreementChecks(t testing.TB, c *eclipse.Compiled, seed uint64, trials int64) (*rules.Exact, *mcTally, []check) {
	r, err := Solve(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mc := monteCarlo(c, seed, trials)
	var cs []check
	prob := func(name string, x int64, p float64) {
		cs = append(cs, check{name, binomialP(x, mc.n, p), fmt.Sprintf("MC %d/%d = %.5f, exact %.6f", x, mc.n, float64(x)/float64(mc.n), p)})
	}
	prob("win.a", mc.wins[rules.A], r.Win[rules.A].F)
	prob("win.b", mc.wins[rules.B], r.Win[rules.B].F)
	prob("win.none", mc.wins[rules.None], r.Win[rules.None].F)
	for i, e := range r.Ends {
		prob("end."+e.Name, mc.ends[i], e.F)
	}
	for i := range c.Types {
		d, _ := r.Counter(survivorsCounter(c, i))
		for k, p := range d.P {
			prob(fmt.Sprintf("P(%s = %d)", d.Name, k), mc.survivors[i][k], p)
		}
	}
	cs = append(cs, meanRoundsCheck(mc, r), chiSquareRounds(mc, r))
	return r, mc, cs
}

func TestAgreementBuiltin(t *testing.T) {
	names := builtinNames(t)
	type outcome struct {
		name string
		cs   []check
	}
	var all []outcome
	total := 0
	for i, name := range names {
		c, err := eclipse.Compile(loadBuiltin(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, _, cs := agreementChecks(t, c, 0xEC11_95E0+uint64(i), agreeTrials)
		all = append(all, outcome{name, cs})
		total += len(cs)
	}
	alpha := familyAlpha / float64(total)
	t.Logf("%d scenarios, %d tests, %d trials each; per-test α = %.3g", len(names), total, agreeTrials, alpha)
	for _, o := range all {
		for _, c := range o.cs {
			if c.p < alpha {
				t.Errorf("%s: %s disagrees (p = %.3g < %.3g): %s", o.name, c.name, c.p, alpha, c.info)
			}
		}
	}
}
