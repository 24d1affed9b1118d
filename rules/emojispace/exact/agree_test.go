package exact

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/scenarios"
)

// The agreement test (issue 12, item 6): every built-in duel between two
// fixed ships is solved exactly and fought by Monte Carlo from a fixed
// seed; every probability the solver gives (winner, end reason, and each
// value of every counter it solves) is checked by a z test or an exact
// binomial test, the mean rounds by a z test with the exact variance, and
// the rounds distribution by a chi-square test with sparse bins pooled.
// The family-wise false-alarm rate is 1e-6, split evenly over all the tests
// (Bonferroni), so the test does not flake; the seed is fixed, so it is
// deterministic besides.

const familyAlpha = 1e-6

// agreeTrials is the Monte Carlo trial count per scenario.
const agreeTrials = 200_000

// mcTally is what the agreement test counts from Monte Carlo.
type mcTally struct {
	n        int64
	wins     [3]int64
	ends     []int64
	rounds   map[int64]int64
	counters map[string]map[int64]int64
}

func newTally() *mcTally {
	return &mcTally{ends: make([]int64, len(emojispace.EndNames)), rounds: map[int64]int64{}, counters: map[string]map[int64]int64{}}
}

func (t *mcTally) add(spec rules.Spec, o *rules.Outcome) {
	t.n++
	t.wins[o.Winner]++
	t.ends[o.End]++
	t.rounds[o.Rounds]++
	for i, c := range spec.Counters {
		if t.counters[c.Name] == nil {
			t.counters[c.Name] = map[int64]int64{}
		}
		t.counters[c.Name][o.Counters[i]]++
	}
}

func (t *mcTally) merge(o *mcTally) {
	t.n += o.n
	for i := range t.wins {
		t.wins[i] += o.wins[i]
	}
	for i := range t.ends {
		t.ends[i] += o.ends[i]
	}
	for k, v := range o.rounds {
		t.rounds[k] += v
	}
	for name, h := range o.counters {
		if t.counters[name] == nil {
			t.counters[name] = map[int64]int64{}
		}
		for k, v := range h {
			t.counters[name][k] += v
		}
	}
}

// monteCarlo fights trials battles on all cores; trial i uses the stream
// (seed, i), so the result does not depend on the split.
func monteCarlo(b *emojispace.Battle, seed uint64, trials int64) *mcTally {
	workers := int64(runtime.GOMAXPROCS(0))
	parts := make([]*mcTally, workers)
	spec := b.Spec()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := newTally()
			f := b.NewFighter()
			o := rules.Outcome{Counters: make([]int64, len(spec.Counters))}
			r := rules.NewRand(0, 0)
			for i := w; i < trials; i += workers {
				o.Reset()
				r.Seed(seed, uint64(i))
				f.Fight(i, r, &o)
				t.add(spec, &o)
			}
			parts[w] = t
		}()
	}
	wg.Wait()
	total := newTally()
	for _, p := range parts {
		total.merge(p)
	}
	return total
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
		if v > 0 && (k >= int64(len(r.Rounds)) || r.Rounds[k] == 0) {
			return check{"rounds χ²", 0, fmt.Sprintf("%d battles took %d rounds, which the exact solver gives probability 0", v, k)}
		}
	}
	type bin struct{ obs, exp float64 }
	var bins []bin
	cur := bin{}
	for k := range r.Rounds {
		cur.exp += n * r.Rounds[k]
		cur.obs += float64(mc.rounds[int64(k)])
		if cur.exp >= 5 {
			bins = append(bins, cur)
			cur = bin{}
		}
	}
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
	v := *r.RoundsSD * *r.RoundsSD
	var sum float64
	for k, c := range mc.rounds {
		sum += float64(k) * float64(c)
	}
	mean := sum / float64(mc.n)
	if v <= 1e-12 {
		if math.Abs(mean-r.RoundsMean.F) < 1e-9 {
			return check{"rounds mean", 1, ""}
		}
		return check{"rounds mean", 0, fmt.Sprintf("MC %.6f, exact %.6f with zero variance", mean, r.RoundsMean.F)}
	}
	z := (mean - r.RoundsMean.F) / math.Sqrt(v/float64(mc.n))
	return check{"rounds mean", math.Erfc(math.Abs(z) / math.Sqrt2), fmt.Sprintf("MC %.5f, exact %.5f, z = %.2f", mean, r.RoundsMean.F, z)}
}

// agreementChecks runs both engines on one compiled battle.
func agreementChecks(t testing.TB, b *emojispace.Battle, seed uint64, trials int64) []check {
	r, err := Solve(context.Background(), b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mc := monteCarlo(b, seed, trials)
	var cs []check
	prob := func(name string, x int64, p float64) {
		cs = append(cs, check{name, binomialP(x, mc.n, p), fmt.Sprintf("MC %d/%d = %.5f, exact %.6g", x, mc.n, float64(x)/float64(mc.n), p)})
	}
	prob("win.a", mc.wins[rules.A], r.Win[rules.A].F)
	prob("win.b", mc.wins[rules.B], r.Win[rules.B].F)
	prob("win.none", mc.wins[rules.None], r.Win[rules.None].F)
	for i, e := range r.Ends {
		prob("end."+e.Name, mc.ends[i], e.F)
	}
	for _, d := range r.Counters {
		h := mc.counters[d.Name]
		for k, p := range d.P {
			prob(fmt.Sprintf("P(%s = %d)", d.Name, k), h[int64(k)], p)
		}
		for k, v := range h { // values the solver gives no probability
			if k < 0 || k >= int64(len(d.P)) {
				cs = append(cs, check{fmt.Sprintf("P(%s = %d)", d.Name, k), 0, fmt.Sprintf("%d trials, beyond the exact distribution", v)})
			}
		}
	}
	return append(cs, meanRoundsCheck(mc, r), chiSquareRounds(mc, r))
}

// variants are duels beyond the built-in ones that reach the other paths
// of the round: escapes and surrenders, the random policy's mixture, plans,
// crew and secondaries, the live profile and every option.
var variants = map[string]string{
	"live": "options: {profile: live}\na: {ship: P3}\nb: {ship: N3b}\n",
	"options": "options: {red-override: additive, mutual-escape: auto, crew-in-combat: false, max-rounds: 7, escape-result: no-winner, tr-includes-crew: true, live-action-id-bug: true}\n" +
		"a: {ship: P1, policy: [escape-below:0.5, default-selector]}\nb: {ship: N1b, policy: [escape-below:0.6, random]}\n",
	"escape-resolve": "a: {ship: P3, policy: [escape-below:0.75, reinforce]}\nb: {ship: N2a, policy: [escape-below:0.5, random]}\n",
	"surrender":      "a: {ship: P0, policy: [surrender-below:0.5, reinforce]}\nb: {ship: N2b, policy: [surrender-below:0.9, evasive]}\n",
	"crew-plan": `a:
  ship:
    hull_id: aln_t4_axolotl
    module_instances:
      - {module_id: weapon_energy_mk2, secondary_tags: [alien, efficient]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact, unstable]}
      - {module_id: defense_armored_mk1, secondary_tags: [enhanced]}
      - {module_id: combat_utility_repair_system_mk1, secondary_tags: [efficient, alien]}
      - {module_id: combat_utility_repair_system_mk2}
      - {module_id: ship_utility_probe_array}
      - {module_id: combat_utility_engine_boost_mk1, secondary_tags: [prototype]}
    degradation_state: {weapon: 1}
    crew:
      - {crew_role_id: engineer, crew_tags: [crew:alien, crew:damage_control]}
      - {crew_role_id: gunner, crew_tags: [crew:steady_aim, crew:overconfident]}
      - crew:pilot
    tags: [faction_alien]
  policy: [surrender-below:0.1, {plan: [scan, repair, reinforce, evasive, escape, scan, repair]}, focus-fire]
b: {ship: {hull_id: xc_t3_bulwark, module_instances: [{module_id: ship_utility_interdiction}, {module_id: defense_adaptive_mk2, secondary_tags: [prototype]}, {module_id: weapon_disruptive_mk2}], crew: [crew:pilot, {crew_role_id: tactician, crew_tags: [crew:evasive, crew:slow_reactions]}]}, policy: [escape-below:0.5, evasive]}
`,
}

func TestAgreementBuiltin(t *testing.T) {
	names := fixedBuiltins(t)
	type outcome struct {
		name string
		cs   []check
	}
	var all []outcome
	total := 0
	docs := map[string]*doc.Node{}
	for _, name := range names {
		docs[name] = loadBuiltin(t, name)
	}
	for name, src := range variants {
		n, err := scenarios.ParseDocument(name+".yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = n
		names = append(names, name)
	}
	sort.Strings(names)
	for i, name := range names {
		b, err := emojispace.Compile(docs[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cs := agreementChecks(t, b, 0xE305_0012+uint64(i), agreeTrials)
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

// TestAgreementHasPower checks that the agreement test can fail: Monte
// Carlo of one duel against the exact solution of a slightly different one
// (P1 against N1b and against N2a) must disagree.
func TestAgreementHasPower(t *testing.T) {
	b1, err := emojispace.Compile(loadBuiltin(t, "p1-vs-n1b"))
	if err != nil {
		t.Fatal(err)
	}
	b2, err := emojispace.Compile(loadBuiltin(t, "p1-vs-n2a"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), b2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mc := monteCarlo(b1, 7, 20_000)
	if p := binomialP(mc.wins[rules.A], mc.n, r.Win[rules.A].F); p > 1e-9 {
		t.Errorf("win.a of p1-vs-n1b by Monte Carlo agrees with the exact win.a of p1-vs-n2a (p = %.3g)", p)
	}
}
