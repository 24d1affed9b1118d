package eclipse

import (
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// duelFloor fights interceptor-duel with its rules written into the loop:
// one die a volley, the defender first (equal initiative, §3.1), a 6
// destroys the one enemy ship (hit on 6 only, HP 1). It draws the same
// dice as Fight and returns how many it rolled. It exists to measure the
// least such a battle can cost with per-die rolls from a per-trial stream
// (BenchmarkDuelFloor); TestDuelFloor checks it is the same battle.
func duelFloor(r *rules.Rand, d *dieStream, o *rules.Outcome) (dice int) {
	const six = 0xff << 48 // the byte of face 6 in Take's counts
	d.Reset()
	for round := int64(1); ; round++ {
		d.Ahead(r, 2)
		dice++
		if d.Take(1)&six != 0 {
			o.Winner, o.Rounds = rules.B, round
			o.Counters[0], o.Counters[1], o.Counters[2], o.Counters[3] = 0, 1, 1, 2
			return dice
		}
		dice++
		if d.Take(1)&six != 0 {
			o.Winner, o.Rounds = rules.A, round
			o.Counters[0], o.Counters[1], o.Counters[2], o.Counters[3] = 1, 0, 2, 1
			return dice
		}
	}
}

func TestDuelFloor(t *testing.T) {
	f := newFighter(loadScenario(t, "interceptor-duel"))
	o := rules.Outcome{Counters: make([]int64, len(f.c.Spec().Counters))}
	floor := rules.Outcome{Counters: make([]int64, 4)}
	var d dieStream
	r := rules.NewRand(0, 0)
	for i := range uint64(10000) {
		r.Seed(3, i)
		o.Reset()
		f.Fight(0, r, &o)
		r.Seed(3, i)
		dice := duelFloor(r, &d, &floor)
		if floor.Winner != o.Winner || floor.Rounds != o.Rounds || dice != f.rolled || !slices.Equal(floor.Counters, o.Counters) {
			t.Fatalf("trial %d: floor winner %v, rounds %d, %d dice, counters %v; Fight %v, %d, %d, %v",
				i, floor.Winner, floor.Rounds, dice, floor.Counters, o.Winner, o.Rounds, f.rolled, o.Counters)
		}
	}
}

// BenchmarkDuelFloor is BenchmarkFight/interceptor-duel for duelFloor:
// what the general fighter costs above it is the price of reading the
// battle from the compiled scenario.
func BenchmarkDuelFloor(b *testing.B) {
	pcg := rulestest.PCGDraw()
	r := rules.NewRand(0, 0)
	var d dieStream
	o := rules.Outcome{Counters: make([]int64, 4)}
	dice, battles := 0, 0
	i := uint64(0)
	for b.Loop() {
		r.Seed(9, i)
		i++
		o.Reset()
		dice += duelFloor(r, &d, &o)
		battles++
	}
	reportPerDie(b, float64(dice)/float64(battles), pcg)
	b.ReportMetric(float64(dice)/float64(battles), "dice/battle")
}
