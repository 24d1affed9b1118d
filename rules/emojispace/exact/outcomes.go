package exact

import (
	"fmt"

	"github.com/crucible-sim/crucible/rules/emojispace"
)

// outcome is one ship's state after the attacks of a round, with its
// probability as an integer weight over its list's denominator.
type outcome struct {
	w   int64
	key uint32   // the state's index
	end endState // its counters
}

// outList is one ship's outcomes after an attack: outcomes[start:start+n]
// of its table's arena, the dead first destroyed states.
type outList struct {
	start, n, dead int32
	den            int64    // the weights' denominator
	mass           [2]int64 // the weights of the destroyed and of the other outcomes
}

// outcomes returns the destroyed and the other outcomes of a list.
func (t *outTable) outcomes(l *outList) (dead, alive []outcome) {
	outs := t.arena[l.start : l.start+l.n]
	return outs[:l.dead], outs[l.dead:]
}

// outTable keeps one ship's outcome lists by state, band delta and
// evasion: they depend neither on the round nor on the other ship, and a
// state is reached again and again. A negative delta deals no damage
// whatever its size (§12 step 8), so deltas are clamped at −1. Lookups
// are direct: each (evasion, delta) seen gets a column over the ship's
// states of list numbers, so a visit costs three loads, not a search.
type outTable struct {
	sd    *side
	col   [2][]int32 // [evasive][delta+1]: 1 + the column's index, 0 for none yet
	cols  [][]int32  // cols[c][state]: 1 + the list's index, 0 for not yet made
	lists []outList
	arena []outcome
	dmg   []int64 // scratch for DamageWeights
}

func newOutTable(sd *side) *outTable {
	return &outTable{sd: sd, arena: make([]outcome, 0, min(1<<16, 16*sd.n))}
}

// get returns the outcome list of state i after an attack with the given
// band delta, making it on first use.
func (t *outTable) get(i uint32, delta int, evasive bool) *outList {
	delta = max(delta, -1)
	ev := 0
	if evasive {
		ev = 1
	}
	col := t.col[ev]
	if delta+1 >= len(col) || col[delta+1] == 0 {
		t.addColumn(ev, delta)
		col = t.col[ev]
	}
	c := t.cols[col[delta+1]-1]
	if c[i] == 0 {
		t.lists = append(t.lists, t.makeList(i, delta, evasive))
		c[i] = int32(len(t.lists))
	}
	return &t.lists[c[i]-1]
}

func (t *outTable) addColumn(ev, delta int) {
	for len(t.col[ev]) <= delta+1 {
		t.col[ev] = append(t.col[ev], 0)
	}
	if t.col[ev][delta+1] == 0 {
		t.cols = append(t.cols, make([]int32, t.sd.n))
		t.col[ev][delta+1] = int32(len(t.cols))
	}
}

// makeList appends the outcomes of state i after an attack to the arena
// and describes them.
func (t *outTable) makeList(i uint32, delta int, evasive bool) outList {
	start := len(t.arena)
	var den int64
	t.arena, den = t.attack(t.sd.decode(uint64(i)), delta, evasive, t.arena)
	l := outList{start: int32(start), n: int32(len(t.arena) - start), den: den}
	for _, o := range t.arena[start:] {
		alive := min(1, o.end.hull)
		l.mass[alive] += o.w
		if alive == 0 {
			l.dead++
		}
	}
	return l
}

// attack appends ship sd's states after taking an attack with the given
// band delta (§12 step 8, §13) to outs, destroyed states first, with
// integer weights over the returned denominator, equal states (saturated
// degradation) merged.
func (t *outTable) attack(x shipState, delta int, evasive bool, outs []outcome) ([]outcome, int64) {
	sd := t.sd
	sh := sd.ship
	weights, den := emojispace.DamageWeights(delta, evasive, t.dmg[:0])
	t.dmg = weights
	start := len(outs)
	// Every damage value gets the same number of degradation outcomes
	// (9 = 3² ordered pairs of rolls), so that one denominator serves all.
	const degDen = 9
	for d := len(weights) - 1; d >= 0; d-- { // the largest damage first: destroyed states lead
		wt := weights[d]
		if wt == 0 {
			continue
		}
		y := x
		y.hull = max(0, x.hull-d)
		drop := emojispace.ColourBand(x.hull, sh.HullMax) - emojispace.ColourBand(y.hull, sh.HullMax)
		switch drop {
		case 0:
			outs = addOutcome(outs, start, sd, y, wt*degDen)
		case 1:
			for k := range 3 {
				z := y
				z.deg[k] = min(sh.Cap[k], z.deg[k]+1)
				outs = addOutcome(outs, start, sd, z, wt*3)
			}
		case 2:
			// Two rolls: the same subsystem twice (one order) or two
			// different ones (two orders).
			for k := range 3 {
				for l := k; l < 3; l++ {
					z := y
					z.deg[k] = min(sh.Cap[k], z.deg[k]+1)
					z.deg[l] = min(sh.Cap[l], z.deg[l]+1)
					outs = addOutcome(outs, start, sd, z, wt*int64(1+min(1, l-k)))
				}
			}
		default:
			panic(fmt.Sprintf("exact: a colour band drop of %d", drop))
		}
	}
	return outs, den * degDen
}

// addOutcome adds an outcome to outs[start:], merging it with an equal one.
func addOutcome(outs []outcome, start int, sd *side, st shipState, wt int64) []outcome {
	key := uint32(sd.encode(st))
	for i := start; i < len(outs); i++ {
		if outs[i].key == key {
			outs[i].w += wt
			return outs
		}
	}
	return append(outs, outcome{w: wt, key: key, end: sd.endState(st)})
}
