package exact

import (
	"context"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// TestRoundsDistribution: the rounds distribution is bit for bit the one
// a plain sweep gives (referenceRounds: every position of every round,
// mass sent edge by edge to the node it names), whether the sweep lays
// out the graph for speed or sweepClosed follows a closed duel's chain;
// and the duel's is the geometric distribution it is by hand.
func TestRoundsDistribution(t *testing.T) {
	duel := "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}"
	for _, tc := range []struct {
		name   string
		c      *eclipse.Compiled
		tail   float64
		closed bool // sweepClosed takes the rounds over
	}{
		{"interceptor duel", compileSrc(t, duel, false), 0, true},
		// Below 1e-22 the sweep prunes: sweepClosed hands the rounds back.
		{"interceptor duel to 1e-40", compileSrc(t, duel, false), 1e-40, true},
		{"missiles, then a closed duel", compileSrc(t, `
blueprints:
  - {name: Missile Interceptor, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Plasma Missile]}
attacker: {ships: {Missile Interceptor: 1}}
defender: {ships: {Interceptor: 1}}`, false), 0, true},
		{"computers and shields", compileSrc(t, `
blueprints:
  - {name: Sharp Interceptor, base: Interceptor, parts: [Ion Cannon, Electron Computer, Nuclear Drive, Nuclear Source]}
  - {name: Shield Interceptor, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Phase Shield]}
attacker: {ships: {Sharp Interceptor: 1}}
defender: {ships: {Shield Interceptor: 1}}`, false), 0, true},
		{"cruiser against interceptor (not closed)", compileSrc(t, "attacker: {ships: {Cruiser: 1}}\ndefender: {ships: {Interceptor: 1}}", false), 0, false},
		{"stalemates", compileSrc(t, featureSrc(t, "stalemate-draw-after-missiles"), false), 0, false},
		{"retreats", compileSrc(t, featureSrc(t, "both-retreat"), false), 0, false},
		// Far in its tail, a closed duel between the last ship of each
		// side holds all the mass left.
		{"long battle", compileTestdata(t, "long-battle"), 0, false},
		{"long battle to 1e-30", compileTestdata(t, "long-battle"), 1e-30, true},
	} {
		opt := Options{Tail: tc.tail}.withDefaults()
		s, err := newSolver[float64](floats{}, tc.c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
		if err == nil {
			err = s.run()
		}
		res := s.result()
		rounds := newBudget(context.Background(), opt.MaxSteps, lookFloat)
		if err == nil {
			err = roundsDistribution(s, res, &rounds)
		}
		if err != nil {
			t.Fatal(err)
		}
		if took := s.closed.rounds > 0; took != tc.closed {
			t.Errorf("%s: sweepClosed swept %d rounds, want some: %v", tc.name, s.closed.rounds, tc.closed)
		}
		want, wantTail := referenceRounds(s)
		if len(res.Rounds) != len(want) || math.Float64bits(res.RoundsTail) != math.Float64bits(wantTail) {
			t.Errorf("%s: %d rounds and a tail of %g, want %d and %g", tc.name, len(res.Rounds), res.RoundsTail, len(want), wantTail)
			continue
		}
		for r := range want {
			if math.Float64bits(res.Rounds[r]) != math.Float64bits(want[r]) {
				t.Errorf("%s: P(rounds = %d) = %v, want %v", tc.name, r, res.Rounds[r], want[r])
			}
		}
	}
	// The duel by hand: a round ends it with 1/6 + 5/6·1/6 = 11/36.
	r := solveBuiltin(t, "interceptor-duel", Options{})
	for k, p := range r.Rounds[1:] {
		if want := math.Pow(25.0/36, float64(k)) * 11 / 36; math.Abs(p-want) > 1e-14*want {
			t.Errorf("interceptor duel: P(rounds = %d) = %v, want %v", k+1, p, want)
		}
	}
}

// referenceRounds is the rounds distribution of s's graph (solved, its
// edges as run left them) and its tail, by the definition the sweep
// implements: round after round, every position in topological order, a
// node's mass pruned below pruneMass, ended at a stalemate check, or sent
// along its edges, then its no-change exit, to the end of the battle,
// to a later node of the round or to the head of the next.
func referenceRounds(s *solver[float64, floats]) ([]float64, float64) {
	n := len(s.nodes)
	pos := make([]int, n)
	for i, a := range s.order {
		pos[a] = i
	}
	cur, nxt := make([]float64, n), make([]float64, n)
	nxt[pos[s.root]] = 1
	first := 1
	if s.enc.roundOf(s.nodes[s.root].key/s.enc.ptrs) == 0 {
		first = 0
	}
	var dist []float64
	pruned := 0.0
	for r := first; ; r++ {
		for len(dist) <= r {
			dist = append(dist, 0)
		}
		cur, nxt = nxt, cur
		ended, crumbs := 0.0, 0.0
		for i, a := range s.order {
			m := cur[i]
			if m == 0 {
				continue
			}
			cur[i] = 0
			nd := &s.nodes[a]
			switch {
			case m < pruneMass:
				crumbs += m
				continue
			case nd.stale:
				dist[max(r-1, 0)] += m
				continue
			}
			send := func(to int32, p float64) {
				switch {
				case to < 0:
					ended += m * p
				case s.nodes[to].k == 0:
					nxt[pos[to]] += m * p
				default:
					cur[pos[to]] += m * p
				}
			}
			e0, e1 := s.edges(a)
			for e := e0; e < e1; e++ {
				send(s.to[e], s.prob[e])
			}
			if nd.ncTo >= 0 && s.nc[a] != 0 {
				send(nd.ncTo, s.nc[a])
			}
		}
		pruned += crumbs
		dist[r] += ended
		remaining := 0.0
		for _, m := range nxt {
			remaining += m
		}
		if remaining < s.opt.Tail || r+1 > maxRounds {
			for len(dist) > 1 && dist[len(dist)-1] == 0 {
				dist = dist[:len(dist)-1]
			}
			return dist, remaining + pruned
		}
	}
}

// featureSrc is the source of the feature scenario of that name.
func featureSrc(t *testing.T, name string) string {
	for _, sc := range featureScenarios {
		if sc.name == name {
			return sc.src
		}
	}
	t.Fatalf("no feature scenario %q", name)
	return ""
}
