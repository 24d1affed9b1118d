package rulesfile

import (
	"fmt"

	"github.com/crucible-sim/crucible/rules"
)

// This file is the compiled form as an exact solver reads it (package
// rulesfile/exact): the state, its bounds, and a Stepper that plays the
// start and one round from any state with a Chooser answering its random
// events — the Monte Carlo battle's own program, so that the two cannot
// differ.
//
// A state is a vector of integers (Battle.StateLen): st[0] the round
// number, then each side's tracks, then each unit's hit points and tracks
// (Battle.Units says where each unit type's units are). Between rounds it
// is the whole of a battle: the results of named rolls last one round at
// most, and the side totals (units alive, hit points left) follow from
// it. Units of one type are interchangeable when the battle is
// Interchangeable: a solver may sort their slots.

// Chooser answers a battle's random events, in the order the battle meets
// them. The Monte Carlo battle draws each from the trial's stream; a
// solver enumerates the outcomes (each event's distribution is given by
// the method: every outcome has a probability that is a ratio of small
// integers).
type Chooser interface {
	// Uniform returns an outcome from 0 to n−1, each with chance 1/n: a
	// die's face index, a random target among n.
	Uniform(n int) int
	// Heads returns how many of n fair coins show heads: a binomial
	// (n, 1/2) count, a pool of coins summed.
	Heads(n int) int
	// Multinomial fills counts[g], for each class g, with how many of n
	// dice fall into it, each die independently into class g with
	// probability weights[g] / Σ weights: a volley of dice sorted by the
	// targets each face reaches (class 0 the misses).
	Multinomial(n int, weights []int64, counts []int32)
}

// Step is where a battle stands after the Stepper plays a part of it.
type Step struct {
	Over   bool
	Winner rules.Side
	End    int // index in Spec().Ends
	// Ender is the side that reached an end that is not a victory (its
	// a.<end> or b.<end> counter), or −1.
	Ender int
}

// StateLen returns the length of the battle's state vector.
func (b *Battle) StateLen() int { return b.stateLen }

// Bounds returns the least and greatest values of slot k of the state
// (the round number's greatest is the round cap).
func (b *Battle) Bounds(k int) (lo, hi int32) {
	switch {
	case k == 0:
		return 0, int32(b.cap)
	case k < b.unitBase:
		t := (k - 1) % max(len(b.sideTrk), 1)
		return b.sideTrk[t].lo[0], b.sideTrk[t].hi[0]
	}
	u := (k - b.unitBase) / b.stride
	typ := b.units[u].typ
	if j := (k - b.unitBase) % b.stride; j > 0 {
		return b.unitTrk[j-1].lo[typ], b.unitTrk[j-1].hi[typ]
	}
	return 0, int32(b.types[typ].stats[0])
}

// Units returns, for each unit type of the battle (side a's, then side
// b's), the slot of its first unit's hit points and its number of units;
// a unit's slots are Stride apart.
func (b *Battle) Units() (first []int, count []int) {
	for _, ut := range b.types {
		first = append(first, b.unitBase+ut.first*b.stride)
		count = append(count, ut.count)
	}
	return first, count
}

// Stride returns the number of slots of one unit: its hit points and its
// tracks.
func (b *Battle) Stride() int { return b.stride }

// Interchangeable reports whether two units of one type in the same state
// (hit points and tracks) are alike in everything the battle does: no
// phase picks a unit by its place (a contest's champion), no hook sees
// one.
func (b *Battle) Interchangeable() bool {
	for _, ph := range append(append([]*phaseC{}, b.start...), b.round...) {
		if ph.kind == phContest || ph.kind == phHook {
			return false
		}
	}
	return b.hooks == nil
}

// Exact returns nil when every random number of the battle comes from its
// declared events (dice, coins, random targets): an exact solver can
// enumerate it. A file whose hooks draw random numbers (battle.roll,
// battle.choose) is refused, naming the hooks.
func (b *Battle) Exact() error {
	if b.hooks != nil && b.hooks.draws {
		return fmt.Errorf("the rules file's hooks draw random numbers (battle.roll or battle.choose, %s): a hook's draws are not declared events, so the battle has no exact solution; crucible run estimates it", b.hooks.file)
	}
	return nil
}

// Initial fills st with the state before the battle's start phases.
func (b *Battle) Initial(st []int32) {
	f := newFighter(b)
	copy(st, f.init)
}

// Stepper plays parts of battles from given states; it is not safe for
// concurrent use.
type Stepper struct{ f *fighter }

// NewStepper returns a Stepper of the battle.
func (b *Battle) NewStepper() *Stepper { return &Stepper{f: newFighter(b)} }

// Start plays the start phases from state st (round 0), drawing from ch,
// and leaves the state after them in st.
func (s *Stepper) Start(st []int32, ch Chooser) Step {
	f := s.f
	f.load(st, ch)
	f.phases(f.b.start)
	return f.unload(st)
}

// Round plays the round after the one st is at, drawing from ch, and
// leaves the state after it in st.
func (s *Stepper) Round(st []int32, ch Chooser) Step {
	f := s.f
	f.load(st, ch)
	f.playRound(st[0] + 1)
	return f.unload(st)
}

// Outcome fills o with the outcome of a battle that ended at step in
// state st: winner, end, rounds and counters (o.Counters has one entry per
// Spec().Counters).
func (s *Stepper) Outcome(st []int32, step Step, o *rules.Outcome) {
	f := s.f
	f.load(st, nil)
	f.over, f.winner, f.end, f.ender, f.round = step.Over, step.Winner, step.End, step.Ender, st[0]
	f.record(o)
}

// load sets the fighter to state st, with its totals worked out from it.
func (f *fighter) load(st []int32, ch Chooser) {
	b := f.b
	copy(f.st, st)
	f.touched()
	f.ch = ch
	clear(f.reg)
	f.over, f.winner, f.end, f.ender, f.round = false, rules.None, 0, -1, st[0]
	f.endsFresh = [2]bool{}
	f.dirty = 0
	clear(f.hpCount)
	f.agg = [2][3]int32{}
	// Type by type, its units' slots one stride apart (compileFile lays
	// them out so): the exact solver loads a state for every fire
	// outcome it works out and every end it records.
	for _, ut := range b.types {
		counts, agg := f.hpCount[ut.hpOff:], &f.agg[ut.side]
		alive := int32(0)
		for slot, end := b.unitBase+ut.first*b.stride, b.unitBase+(ut.first+ut.count)*b.stride; slot < end; slot += b.stride {
			hp := f.st[slot]
			counts[hp]++
			agg[aggHP] += hp
			alive += living(hp)
		}
		agg[aggAlive] += alive
		if ut.armed {
			agg[aggArmed] += alive
		}
	}
}

// unload writes the fighter's state to st and says where the battle
// stands.
func (f *fighter) unload(st []int32) Step {
	f.syncUnits()
	copy(st, f.st)
	f.ch = nil
	return Step{Over: f.over, Winner: f.winner, End: f.end, Ender: f.ender}
}
