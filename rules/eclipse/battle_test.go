package eclipse

import (
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

func builtinScenarios(t testing.TB) []string {
	files, err := filepath.Glob("../../scenarios/builtin/eclipse/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in scenarios: %v", err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	return names
}

type mcResult struct {
	n              int64
	wins           [3]int64
	rounds, round2 float64
}

func fightMany(c *Compiled, seed uint64, n int64) mcResult {
	f := newFighter(c)
	o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
	r := rules.NewRand(0, 0)
	var res mcResult
	for i := range n {
		r.Seed(seed, uint64(i))
		o.Reset()
		f.Fight(0, r, &o)
		res.n++
		res.wins[o.Winner]++
		x := float64(o.Rounds)
		res.rounds += x
		res.round2 += x * x
	}
	return res
}

// TestEValuesMonteCarlo: the hand-derived values of §10 as fixed-seed
// statistical tests of the Monte Carlo battle (z tests, family-wise α 1e-6).
func TestEValuesMonteCarlo(t *testing.T) {
	const trials = 200_000
	type test struct {
		what string
		z    float64
	}
	var tests []test
	zProb := func(x, n int64, p float64) float64 {
		return (float64(x) - float64(n)*p) / math.Sqrt(float64(n)*p*(1-p))
	}
	for i, e := range []struct {
		scenario string
		pa       float64
		rounds   float64 // 0: not tested
	}{
		{"interceptor-duel", 5.0 / 11, 36.0 / 11},           // E1
		{"cruiser-vs-interceptor", 29.0 / 32, 0},            // E2
		{"interceptor-vs-ancient", 9.0 / 289, 0},            // E7
		{"missile-interceptor-vs-ancient", 851.0 / 2601, 0}, // E3
	} {
		res := fightMany(loadScenario(t, e.scenario), 0xE1E1+uint64(i), trials)
		tests = append(tests, test{e.scenario + " P(attacker)", zProb(res.wins[rules.A], res.n, e.pa)})
		if e.rounds > 0 {
			mean := res.rounds / trials
			v := res.round2/trials - mean*mean
			tests = append(tests, test{e.scenario + " E[rounds]", (mean - e.rounds) / math.Sqrt(v/trials)})
		}
		if res.wins[rules.None] != 0 {
			t.Errorf("%s: %d draws under the defaults", e.scenario, res.wins[rules.None])
		}
	}
	// Two-sided z at α = 1e-6 split over the tests.
	alpha := 1e-6 / float64(len(tests))
	for _, x := range tests {
		if p := math.Erfc(math.Abs(x.z) / math.Sqrt2); p < alpha {
			t.Errorf("%s: z = %.2f (p = %.3g < %.3g)", x.what, x.z, p, alpha)
		}
	}
}

// TestManyDice: a battle whose cannons roll more dice in a round than the
// die stream rolls ahead (768: every ship at the 32-dice limit or near it)
// is fought, and replayed to the same outcome (it once overflowed the
// stream).
func TestManyDice(t *testing.T) {
	c, err := Compile(parse(t, `
parts:
  - {name: Gatling, cannon: {yellow: 8}, energy: -1}
blueprints:
  - {name: Gat Interceptor, base: Interceptor, parts: [Gatling, Gatling, Gatling, Nuclear Drive]}
  - {name: Gat Cruiser, base: Cruiser, parts: [Gatling, Gatling, Gatling, Gatling, Nuclear Drive]}
  - {name: Gat Dreadnought, base: Dreadnought, parts: [Gatling, Gatling, Gatling, Gatling, Nuclear Drive]}
attacker: {ships: {Gat Interceptor: 8, Gat Cruiser: 4, Gat Dreadnought: 2}}
defender: {ships: {Gat Interceptor: 8, Gat Cruiser: 4, Gat Dreadnought: 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	f := c.NewFighter()
	for i := range uint64(50) {
		o1 := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
		o2 := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
		f.Fight(0, rules.NewRand(3, i), &o1)
		f.Replay(0, rules.NewRand(3, i), &o2, io.Discard)
		if o1.Winner != o2.Winner || o1.Rounds != o2.Rounds || !slices.Equal(o1.Counters, o2.Counters) {
			t.Fatalf("#%d: Fight %+v, Replay %+v", i, o1, o2)
		}
	}
}

// TestOneColourGreedyOrder: the classes of a colour, in the plan's order,
// are already in assign.Roster.GreedyOrder's order, whatever ships are in the battle, for
// random nested hit tables (a higher face hits a superset) as Compile
// builds them; counted relies on it.
func TestOneColourGreedyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for it := range 20000 {
		var hit [7]uint8
		m := uint8(0)
		for f := 2; f <= 6; f++ {
			m |= uint8(rng.IntN(1 << MaxPerSide))
			hit[f] = m
		}
		hit[6] = 1<<MaxPerSide - 1
		col := Colour(rng.IntN(int(nColours)))
		in := uint8(1 + rng.IntN(1<<MaxPerSide-1))
		p := newPlan([]Colour{col}, &hit, in, rng.IntN(2) == 0)
		var classes []assign.DieClass
		for _, b := range p.byClass[col][:p.nByClass[col]] {
			c := p.classes[b.k]
			c.N = int16(1 + rng.IntN(5))
			classes = append(classes, c)
		}
		// Any ships: the order depends on their number by type alone.
		var r assign.Roster
		var rank [MaxPerSide]int8
		var hp [MaxPerSide]int
		n := 1 + rng.IntN(MaxPerSide)
		for lt := range n {
			rank[lt], hp[lt] = int8(rng.IntN(3)), 1+rng.IntN(MaxHP)
		}
		r.SetTypes(&rank, &hp, n)
		for lt := range n {
			r.Fill(lt, rng.IntN(MaxShips+1), hp[lt])
		}
		var s assign.Scratch
		ord := r.GreedyOrder(classes, &s)
		for i, k := range ord {
			if int(k) != i {
				t.Fatalf("#%d hit table %v: classes %v ordered %v", it, hit, classes, ord)
			}
		}
	}
}
