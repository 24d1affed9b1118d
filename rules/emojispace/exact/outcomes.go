package exact

import (
	"fmt"

	"github.com/crucible-sim/crucible/rules/emojispace"
)

// outcome is one ship's state after the attacks of a round, with its
// probability as an integer weight over its list's denominator.
type outcome struct {
	w   int64
	wf  float64  // the probability w/den, for the floating-point walk
	key uint32   // the state's number
	end endState // its counters
}

// outList is one ship's outcomes after an attack: the destroyed states
// and the others, with integer weights over a common denominator.
type outList struct {
	dead, alive []outcome
	den         int64
	mass        [2]int64 // the weights of the destroyed and of the alive outcomes
	// pf is the probabilities of the groups, mass/den, for the float walk,
	// which scales by probabilities so as to divide by no denominator in
	// its hot loop.
	pf [2]float64
	// ended is the mass, per unit of probability, with which the float walk
	// ended the combat on each group. The walk adds it to the counters
	// once, at its end (outTable.endCounters), rather than each outcome's
	// share at every pair it ends: the same few lists end again and again,
	// and that was 1.2 million additions for P5 against N5b.
	ended [2]float64
	// sum is where the float walk last kept the list's sum in rowSums; a
	// hint, which holds if that sum is still the list's.
	sum int32
}

// outTable keeps one ship's outcome lists by state, band delta and
// evasion: they depend neither on the round nor on the other ship, and a
// state is reached again and again. A negative delta deals no damage
// whatever its size (§12 step 8), so deltas are clamped at −1. Lookups
// are direct: each (evasion, delta) seen gets a column over the ship's
// states, so a visit costs a few loads, not a search.
type outTable struct {
	sd    *side
	cols  [][]*outList // [2·(delta+1) + evasive][state]; nil for not yet made
	lists []outList    // the lists are cut from chunks that never move
	chunk []outcome    // and so are their outcomes
	buf   []outcome    // scratch for a list being made
	dmg   []int64      // scratch for DamageWeights
}

func newOutTable(sd *side) *outTable { return &outTable{sd: sd} }

// get returns the outcome list of state i after an attack with the given
// band delta, making it on first use.
func (t *outTable) get(i uint32, delta int, evasive bool) *outList {
	k := 2 * (max(delta, -1) + 1)
	if evasive {
		k++
	}
	if k < len(t.cols) && int(i) < len(t.cols[k]) && t.cols[k][i] != nil {
		return t.cols[k][i]
	}
	return t.add(i, k)
}

// add makes the outcome list of column k for state i.
func (t *outTable) add(i uint32, k int) *outList {
	for len(t.cols) <= k {
		t.cols = append(t.cols, nil)
	}
	if int(i) >= len(t.cols[k]) { // a column covers the states numbered
		t.cols[k] = append(t.cols[k], make([]*outList, t.sd.reached()-len(t.cols[k]))...)
	}
	if len(t.lists) == cap(t.lists) { // a new chunk, twice the last, up to 256
		t.lists = make([]outList, 0, min(256, max(16, 2*cap(t.lists))))
	}
	t.lists = append(t.lists, t.makeList(i, k/2-1, k%2 == 1))
	l := &t.lists[len(t.lists)-1]
	t.cols[k][i] = l
	return l
}

// endCounters adds to a ship's counter distributions the outcomes of
// every list's groups, each with its probability times its group's ended.
func (t *outTable) endCounters(hull, spent []float64, red *[4]float64) {
	for _, col := range t.cols {
		for _, l := range col {
			if l != nil {
				l.endCounters(hull, spent, red)
			}
		}
	}
}

// endCounters adds the outcomes of l's groups to the counters.
func (l *outList) endCounters(hull, spent []float64, red *[4]float64) {
	for g, e := range l.ended {
		if e == 0 {
			continue
		}
		for _, o := range l.group(g) {
			q := e * o.wf
			hull[o.end.hull] += q
			spent[o.end.spent] += q
			red[o.end.red] += q
		}
	}
}

// maxChunk bounds the outcomes of a chunk, which starts small for a small
// duel and doubles.
const maxChunk = 4096

// makeList works out the outcomes of state i after an attack.
func (t *outTable) makeList(i uint32, delta int, evasive bool) outList {
	var den int64
	t.buf, den = t.attack(t.sd.state(i), delta, evasive, t.buf[:0])
	if len(t.chunk)+len(t.buf) > cap(t.chunk) {
		t.chunk = make([]outcome, 0, max(min(maxChunk, 2*cap(t.chunk)), 64, len(t.buf)))
	}
	start := len(t.chunk)
	t.chunk = append(t.chunk, t.buf...)
	outs := t.chunk[start:len(t.chunk):len(t.chunk)]
	l := outList{den: den}
	for i := range outs {
		outs[i].wf = float64(outs[i].w) / float64(den)
	}
	for _, o := range outs {
		alive := min(1, o.end.hull)
		l.mass[alive] += o.w
		if alive == 0 {
			l.dead = outs[:len(l.dead)+1]
		}
	}
	l.alive = outs[len(l.dead):]
	for g, m := range l.mass {
		l.pf[g] = float64(m) / float64(den)
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
	key := sd.id(st)
	for i := start; i < len(outs); i++ {
		if outs[i].key == key {
			outs[i].w += wt
			return outs
		}
	}
	return append(outs, outcome{w: wt, key: key, end: sd.endState(st)})
}
