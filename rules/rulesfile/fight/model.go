package fight

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
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

// Step is where a battle stands after the Stepper plays a part of it.
type Step struct {
	Over   bool
	Winner rules.Side
	End    int // index in Spec().Ends
	// Ender is the side that reached an end that is not a victory (its
	// a.<end> or b.<end> counter), or −1.
	Ender int
}

// Stepper plays parts of battles from given states; it is not safe for
// concurrent use.
type Stepper struct{ f *Fighter }

// NewStepper returns a Stepper of the battle.
func NewStepper(b *program.Battle) *Stepper { return &Stepper{f: NewFighter(b)} }

// Initial fills st with the state of b before its start phases.
func Initial(b *program.Battle, st []int32) {
	f := NewFighter(b)
	copy(st, f.Init)
}

// Start plays the start phases from state st (round 0), drawing from ch,
// and leaves the state after them in st.
func (s *Stepper) Start(st []int32, ch Chooser) Step {
	f := s.f
	f.load(st, ch)
	f.phases(f.B.Start)
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
	f.Over, f.winner, f.end, f.ender, f.Round = step.Over, step.Winner, step.End, step.Ender, st[0]
	f.Record(o)
}

// load sets the fighter to state st, with its totals worked out from it.
func (f *Fighter) load(st []int32, ch Chooser) {
	b := f.B
	copy(f.St, st)
	f.touched()
	f.ch = ch
	clear(f.Reg)
	f.Over, f.winner, f.end, f.ender, f.Round = false, rules.None, 0, -1, st[0]
	f.endsFresh = [2]bool{}
	f.dirty = 0
	clear(f.HpCount)
	f.Agg = [2][3]int32{}
	// Type by type, its units' slots one stride apart (compileFile lays
	// them out so): the exact solver loads a state for every fire
	// outcome it works out and every end it records.
	for _, ut := range b.Types {
		counts, agg := f.HpCount[ut.HpOff:], &f.Agg[ut.Side]
		alive := int32(0)
		for slot, end := b.UnitBase+ut.First*b.UnitStride, b.UnitBase+(ut.First+ut.Count)*b.UnitStride; slot < end; slot += b.UnitStride {
			hp := f.St[slot]
			counts[hp]++
			agg[program.AggHP] += hp
			alive += Living(hp)
		}
		agg[program.AggAlive] += alive
		if ut.Armed {
			agg[program.AggArmed] += alive
		}
	}
}

// unload writes the fighter's state to st and says where the battle
// stands.
func (f *Fighter) unload(st []int32) Step {
	f.SyncUnits()
	copy(st, f.St)
	f.ch = nil
	return Step{Over: f.Over, Winner: f.winner, End: f.end, Ender: f.ender}
}

// Living is 1 when a unit of hit points hp is not destroyed (hp > 0), else
// 0, worked out without a branch: which units are left is data the branch
// predictor cannot learn.
func Living(hp int32) int32 { return int32(uint32(-int64(hp)>>32) & 1) }
