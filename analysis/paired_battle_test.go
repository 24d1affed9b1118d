package analysis

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// The paired battle fights both variants from one stream without
// allocating, and reports the pair's winners, ends and |Δ rounds|.
func TestPairedBattle(t *testing.T) {
	load := func(set string) rules.Battle {
		sc, err := scenarios.Load("stratfight/thug-vs-guard")
		if err == nil {
			err = sc.Set(set)
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := sc.Compile()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := load("options.round-cap=200"), load("options.round-cap=190")
	p := NewPairedBattle(a, b)
	if k := len(a.Spec().Ends); len(p.Spec().Ends) != k*k || len(p.Spec().Counters) != 9+len(a.Spec().Counters) {
		t.Fatalf("spec: %d ends, %d counters", len(p.Spec().Ends), len(p.Spec().Counters))
	}
	f := p.NewFighter()
	o := sim.NewOutcome(p.Spec())
	streams := sim.NewStreams(1, sim.Key("pair"))
	var i int64
	allocs := testing.AllocsPerRun(200, func() {
		r := rulesRand(streams, i)
		o.Reset()
		f.Fight(i, r, o)
		i++
	})
	if allocs != 0 {
		t.Errorf("%g allocations per paired trial", allocs)
	}
	// Trial by trial, the pair agrees with each variant fought alone.
	fa, fb := a.NewFighter(), b.NewFighter()
	oa, ob := sim.NewOutcome(a.Spec()), sim.NewOutcome(b.Spec())
	for i := range int64(300) {
		o.Reset()
		f.Fight(i, rulesRand(streams, i), o)
		oa.Reset()
		fa.Fight(i, rulesRand(streams, i), oa)
		ob.Reset()
		fb.Fight(i, rulesRand(streams, i), ob)
		d := oa.Rounds - ob.Rounds
		if d < 0 {
			d = -d
		}
		w := o.Counters[3*int(oa.Winner)+int(ob.Winner)]
		if o.End != oa.End*len(a.Spec().Ends)+ob.End || o.Rounds != d || w != 1 {
			t.Fatalf("trial %d: pair %+v, A %+v, B %+v", i, o, oa, ob)
		}
		for k := range oa.Counters { // both variants report the same counters, in one order
			if got := o.Counters[9+k]; got != ob.Counters[k]-oa.Counters[k] {
				t.Fatalf("trial %d: diff.%s %d, A %d, B %d", i, a.Spec().Counters[k].Name, got, oa.Counters[k], ob.Counters[k])
			}
		}
	}
}

// rulesRand seeds one reused stream for trial i, so that seeding
// allocates nothing.
func rulesRand(s sim.Streams, i int64) *rules.Rand {
	testRand.Seed(s.Trial(i))
	return &testRand
}

var testRand rules.Rand

// The paired fighter passes the run's stop on to the variants' fighters:
// a pair of duels that would run to a round cap of a billion (about 30 s
// each) ends at the duels' first look at a stop raised before the trial.
func TestPairedBattlePassesTheStopOn(t *testing.T) {
	src := []byte(`ruleset: stratfight
options: {s8-helpless: off, round-cap: 1000000000}
a: {fighter: cat, s10-concession: never, armor: {armor_value: 63}}
b: {fighter: thug, s10-concession: never, armor: {armor_value: 63}}
`)
	sc, err := scenarios.Parse("unending.yaml", "unending", src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	f, ok := NewPairedBattle(b, b).NewFighter().(rules.Stoppable)
	if !ok {
		t.Fatal("the paired fighter is not rules.Stoppable")
	}
	stop := new(rules.Stop)
	stop.Raise()
	f.SetStop(stop)
	f.Fight(0, sim.Stream(1, 1, 0), sim.NewOutcome(NewPairedBattle(b, b).Spec()))
	pf := f.(*pairedFighter)
	if pf.oa.Rounds >= 1_000_000 || pf.ob.Rounds >= 1_000_000 {
		t.Errorf("with the stop raised, the variants fought %d and %d rounds", pf.oa.Rounds, pf.ob.Rounds)
	}
}
