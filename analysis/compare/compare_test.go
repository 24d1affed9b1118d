package compare_test

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
)

// Comparisons driven as a program would drive them. Every statistical
// assertion below runs at a fixed seed, so it is decided once and for all;
// the false-alarm rate each would have at a random seed is stated beside it.

// variant loads a scenario with overrides.
func variant(t *testing.T, name string, sets ...string) compare.Variant {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		if err := sc.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	return compare.Variant{Label: strings.Join(append([]string{name}, sets...), " "), Scenario: sc}
}

func compared(t *testing.T, r analysis.Run, a, b compare.Variant) *compare.Comparison {
	t.Helper()
	c, err := compare.Run(context.Background(), r, a, b, compare.DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A variant compared with itself: every pair concordant, every difference
// exactly zero, and "no significant difference". (The chi-square test
// compares two independent halves, so at a random seed it alone would
// raise a false alarm with probability α/Tests = 0.05/9.)
func TestCompareIdenticalVariants(t *testing.T) {
	a := variant(t, "stratfight/thug-vs-guard")
	c := compared(t, analysis.Run{Seed: 1, Trials: 20000}, a, a)
	if c.Tests() != 3+4+2 {
		t.Errorf("%d tests, want 3 win shares + 4 end reasons + 2", c.Tests())
	}
	for _, s := range c.Shares {
		if s.Counts.OnlyA != 0 || s.Counts.OnlyB != 0 || s.Diff != 0 || s.Test.P != 1 || s.Paired.Lo >= 0 || s.Paired.Hi <= 0 {
			t.Errorf("%s: %+v", s.Metric, s)
		}
		// With no discordant pair in n the paired interval is ±z/(n+2).
		if s.Paired.Width() > 2*3.1/20002 {
			t.Errorf("%s: paired interval %+v wider than ±z/(n+2)", s.Metric, s.Paired)
		}
	}
	if r := c.Rounds; r.Diff != 0 || r.SD != 0 || r.Differ != 0 || r.P != 1 || r.Paired != (analysis.Interval{}) {
		t.Errorf("rounds: %+v", r)
	}
	if sig := c.Significant(); len(sig) != 0 {
		t.Errorf("significant differences between identical variants: %v", sig)
	}
}

// At a tiny false-alarm rate the intervals are wide but finite: z comes
// from the lower tail, where 1 − alpha/(2·tests) would round to 1.
func TestCompareTinyAlphaKeepsIntervalsFinite(t *testing.T) {
	a := variant(t, "stratfight/thug-vs-guard", "options.round-cap=200")
	b := variant(t, "stratfight/thug-vs-guard", "options.round-cap=50")
	c, err := compare.Run(context.Background(), analysis.Run{Seed: 1, Trials: 2000}, a, b, 1e-300)
	if err != nil {
		t.Fatal(err)
	}
	for _, iv := range []analysis.Interval{c.Rounds.Paired, c.Rounds.Unpaired} {
		if math.IsInf(iv.Lo, 0) || math.IsInf(iv.Hi, 0) || math.IsNaN(iv.Lo) || iv.Lo >= c.Rounds.Diff || iv.Hi <= c.Rounds.Diff {
			t.Errorf("rounds.mean interval %+v around %g", iv, c.Rounds.Diff)
		}
	}
}

// Where the variants are close — thug against guard with the round cap at
// 200 or 190, which changes only the 13 % of fights that last that long —
// the paired intervals are several times narrower than the unpaired ones
// the same trials would give on independent streams.
func TestComparePairedIntervalsAreNarrower(t *testing.T) {
	a := variant(t, "stratfight/thug-vs-guard", "options.round-cap=200")
	b := variant(t, "stratfight/thug-vs-guard", "options.round-cap=190")
	c := compared(t, analysis.Run{Seed: 7, Trials: 20000}, a, b)
	for _, s := range c.Shares {
		if s.Counts.A() == 0 && s.Counts.B() == 0 {
			continue // an outcome neither variant has: no width to compare
		}
		ratio := s.Unpaired.Width() / s.Paired.Width()
		t.Logf("%-16s diff %+.5f  paired [%+.5f, %+.5f] width %.5f  unpaired width %.5f  ratio %.1f  %s p %.3g",
			s.Metric, s.Diff, s.Paired.Lo, s.Paired.Hi, s.Paired.Width(), s.Unpaired.Width(), ratio, s.Test.Method(), s.Test.P)
		if ratio < 3 {
			t.Errorf("%s: paired width %g is not visibly narrower than unpaired %g", s.Metric, s.Paired.Width(), s.Unpaired.Width())
		}
	}
	r := c.Rounds
	t.Logf("rounds.mean      diff %+.4f  paired width %.4f  unpaired width %.4f  ratio %.1f  p %.3g",
		r.Diff, r.Paired.Width(), r.Unpaired.Width(), r.Unpaired.Width()/r.Paired.Width(), r.P)
	if r.Unpaired.Width() < 3*r.Paired.Width() {
		t.Errorf("rounds: paired width %g is not visibly narrower than unpaired %g", r.Paired.Width(), r.Unpaired.Width())
	}
	// A lower cap shortens every capped fight by 10 rounds: a real
	// difference the paired test finds far beyond its threshold (z ≈ −57
	// here, against a threshold of 2.8).
	if r.Diff >= 0 || r.Paired.Hi >= 0 || !r.Significant {
		t.Errorf("a lower round cap did not shorten the fights significantly: %+v", r)
	}
}

// Eclipse, two attacker policies on one scenario: the comparison works the
// same on a second ruleset.
func TestCompareEclipse(t *testing.T) {
	a := variant(t, "eclipse/two-cruisers-vs-interceptor-and-cruiser")
	b := variant(t, "eclipse/two-cruisers-vs-interceptor-and-cruiser", "attacker.policy=largest-killable-first")
	c := compared(t, analysis.Run{Seed: 3, Trials: 20000}, a, b)
	if len(c.Shares) != 3+5 || c.Shares[0].Metric != "win.a" || c.Shares[3].Metric != "end.destroyed" {
		t.Fatalf("shares: %+v", c.Shares)
	}
	w := c.Shares[0]
	t.Logf("win.a %.4f → %.4f, paired width %.4f, unpaired %.4f, %s p %.3g", w.A, w.B, w.Paired.Width(), w.Unpaired.Width(), w.Test.Method(), w.Test.P)
	if w.Counts.A() != c.A.Tally.Wins[1] || w.Counts.B() != c.B.Tally.Wins[1] {
		t.Errorf("win.a counts %+v disagree with the variants' runs", w.Counts)
	}
	if w.Paired.Width() >= w.Unpaired.Width() {
		t.Errorf("win.a: paired width %g not below unpaired %g", w.Paired.Width(), w.Unpaired.Width())
	}
}

// Two different scenarios of one ruleset, compared on common random
// numbers: A's figures are exactly those `crucible run` gives for A.
func TestCompareTwoScenarios(t *testing.T) {
	a, b := variant(t, "stratfight/thug-vs-guard"), variant(t, "stratfight/thug-vs-guard-underdog")
	r := analysis.Run{Seed: 5, Trials: 4000}
	c := compared(t, r, a, b)
	alone, _, err := r.Fight(context.Background(), a.Scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tallyJSON(t, c.A) != tallyJSON(t, alone) {
		t.Error("A's pass differs from a run of A with the same seed")
	}
	if c.Streams != "stratfight/thug-vs-guard" || c.Trials() != 4000 {
		t.Errorf("streams %q, trials %d", c.Streams, c.Trials())
	}
}

// Lifetimes in seconds pass 2^31, beyond what sim's counters hold per
// trial; the comparison keeps rounds in histograms, whose sums are exact.
func TestCompareLifespans(t *testing.T) {
	a, b := variant(t, "stratfight/lifespan-30-coins"), variant(t, "stratfight/lifespan-30-coins-old-age")
	c := compared(t, analysis.Run{Seed: 2, Trials: 2000}, a, b)
	if c.Rounds.Unit != "seconds" || c.A.Tally.Rounds.Max() < 1<<33 || c.Rounds.Diff >= 0 || !c.Rounds.Significant {
		t.Errorf("old age should shorten lives of up to 2^33 s and more: max %d, %+v", c.A.Tally.Rounds.Max(), c.Rounds)
	}
}

// The same seed gives the same comparison for any worker count and chunk
// size.
func TestCompareDeterministicAcrossWorkers(t *testing.T) {
	a := variant(t, "eclipse/two-cruisers-vs-interceptor-and-cruiser")
	b := variant(t, "eclipse/two-cruisers-vs-interceptor-and-cruiser", "attacker.policy=largest-killable-first")
	one := compared(t, analysis.Run{Seed: 11, Trials: 5000, Workers: 1, Chunk: 97}, a, b)
	two := compared(t, analysis.Run{Seed: 11, Trials: 5000, Workers: 2, Chunk: 1000}, a, b)
	if !reflect.DeepEqual(one.Shares, two.Shares) || !reflect.DeepEqual(one.Rounds, two.Rounds) || one.Dist != two.Dist ||
		tallyJSON(t, one.A, one.B) != tallyJSON(t, two.A, two.B) {
		t.Error("the comparison depends on the workers or the chunk size")
	}
}

// Variants whose outcomes mean different things are refused, naming both.
func TestCompareRefusesUnlikeVariants(t *testing.T) {
	for _, c := range []struct {
		a, b compare.Variant
		want string
	}{
		{variant(t, "stratfight/thug-vs-guard"), variant(t, "eclipse/interceptor-duel"),
			"cannot compare stratfight/thug-vs-guard (ruleset stratfight) with eclipse/interceptor-duel (ruleset eclipse)"},
		{variant(t, "stratfight/thug-vs-guard"), variant(t, "stratfight/lifespan-13-coins"),
			"(end reasons death, helpless, concession, round-cap) with stratfight/lifespan-13-coins (end reasons death, stopped)"},
	} {
		_, err := compare.Run(context.Background(), analysis.Run{Seed: 1, Trials: 10}, c.a, c.b, 0.05)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	a := variant(t, "stratfight/thug-vs-guard")
	if _, err := compare.Run(context.Background(), (analysis.Run{Seed: 1, Trials: 100}), a, a, 1); err == nil {
		t.Error("alpha 1 accepted")
	}
	if _, err := compare.Run(context.Background(), (analysis.Run{Seed: 1, Trials: 29}), a, a, 0.05); err == nil || !strings.Contains(err.Error(), "at least 30") {
		t.Errorf("29 trials: %v", err)
	}
}

// A cancelled comparison reports the interrupt and no comparison: its
// passes would cover different trials.
func TestCompareInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := variant(t, "stratfight/thug-vs-guard")
	c, err := compare.Run(ctx, analysis.Run{Seed: 1, Trials: 100000}, a, a, 0.05)
	if c != nil || !analysis.Interrupted(err) {
		t.Errorf("got %v, %v; want no comparison and an interrupt", c, err)
	}
}

// Counters are compared pair by pair: each mean is the variant's own run's,
// the difference that of the pairs; a counter equal in every pair has no
// difference at all; a distribution counter's distributions are tested;
// the counters are a family of their own.
func TestCompareCounters(t *testing.T) {
	c := compared(t, analysis.Run{Seed: 7, Trials: 20000},
		variant(t, "stratfight/thug-vs-guard", "options.round-cap=200"), variant(t, "stratfight/thug-vs-guard", "options.round-cap=190"))
	if len(c.Counters) != len(c.A.Spec.Counters) || c.CounterTests() != len(c.Counters) || c.Tests() != 9 {
		t.Fatalf("%d counters, %d counter tests, %d tests", len(c.Counters), c.CounterTests(), c.Tests())
	}
	n := float64(c.Trials())
	for i, k := range c.Counters {
		a, b := float64(c.A.Tally.Counters[i])/n, float64(c.B.Tally.Counters[i])/n
		if k.Name != c.A.Spec.Counters[i].Name || k.MeanA != a || k.MeanB != b || math.Abs(k.Diff-(b-a)) > 1e-12 {
			t.Errorf("%s: %+v, want means %g and %g", k.Name, k, a, b)
		}
		if !k.Differ && (k.Diff != 0 || k.SD != 0 || k.Significant) {
			t.Errorf("%s equal in every pair: %+v", k.Name, k)
		}
		if k.Differ && !(k.Paired.Lo <= k.Diff && k.Diff <= k.Paired.Hi && k.Paired.Width() < k.Unpaired.Width()) {
			t.Errorf("%s: paired %+v, unpaired %+v", k.Name, k.Paired, k.Unpaired)
		}
	}
	// The lower cap ends the longest duels sooner: fewer flip-offs (0.54
	// fewer, p < 1e-300 at this seed).
	if k := c.Counters[len(c.Counters)-1]; k.Name != "flipoffs" || !k.Significant || k.Paired.Hi >= 0 {
		t.Errorf("flipoffs: %+v", k)
	}

	// A raider of a larger system has a higher tier: its distribution
	// counter differs in mean and in distribution.
	c = compared(t, analysis.Run{Seed: 2, Trials: 4000}, variant(t, "emojispace/p0-vs-alien-vessel-pop1"), variant(t, "emojispace/p0-vs-alien-vessel-pop3"))
	dists := 0
	for _, k := range c.Counters {
		if k.Dist != nil {
			dists++
		}
		if k.Name == "b.npc-tier" && (k.Dist == nil || !k.Dist.Significant || !k.Significant || k.Diff <= 0 || k.Dist.NA != 2000 || k.Dist.NB != 2000) {
			t.Errorf("b.npc-tier: %+v, distribution %+v", k, k.Dist)
		}
	}
	if dists == 0 || c.CounterTests() != len(c.Counters)+dists {
		t.Errorf("%d distribution counters of %d counters, %d counter tests", dists, len(c.Counters), c.CounterTests())
	}
}

// compare --exact: the differences are those of the two solutions, as
// fractions exactly (5/11 against 125/1001: 30/91 fewer), and a margin judges them with
// nothing undecided.
func TestCompareExactDifferences(t *testing.T) {
	a := variant(t, "eclipse/interceptor-duel")
	b := variant(t, "eclipse/interceptor-duel", "defender.ships.Interceptor=2")
	c, err := compare.Exact(context.Background(), a, b, true)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Diffs[0]
	if d.Metric != "win.a" || d.RatA != "5/11" || d.RatB != "125/1001" || d.RatD != "-30/91" || d.Diff != -30.0/91 {
		t.Errorf("win.a: %+v", d)
	}
	if err := c.ApplyMargins([]compare.Margin{{Metric: "win.a", Value: 30}, {Metric: "win.b", Value: 40}}); err != nil {
		t.Fatal(err)
	}
	if c.Diffs[0].Margin.Kind != compare.MarginLower || c.Diffs[1].Margin.Kind != compare.MarginEquivalent || c.Diffs[2].Margin != nil {
		t.Errorf("margins: %+v %+v %+v", c.Diffs[0].Margin, c.Diffs[1].Margin, c.Diffs[2].Margin)
	}
	if err := c.ApplyMargins([]compare.Margin{{Metric: "counter.nonsense", Value: 1}}); err == nil || !strings.Contains(err.Error(), "the exact comparison gives no counter.nonsense") {
		t.Errorf("a margin of no metric: %v", err)
	}
	if _, err := compare.Exact(context.Background(), a, variant(t, "stratfight/thug-vs-guard"), false); err == nil ||
		!strings.Contains(err.Error(), "both variants must be of one ruleset") {
		t.Errorf("two rulesets: %v", err)
	}
}

// tallyJSON returns the tallies of rs as JSON, to compare them whole.
func tallyJSON(t *testing.T, rs ...*analysis.Result) string {
	t.Helper()
	var out string
	for _, r := range rs {
		b, err := json.Marshal(r.Tally)
		if err != nil {
			t.Fatal(err)
		}
		out += string(b) + "\n"
	}
	return out
}
