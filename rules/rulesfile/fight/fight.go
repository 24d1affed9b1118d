package fight

import (
	"io"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Fight implements rules.Fighter.
func (f *Fighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	f.log = nil
	f.play(r, o)
}

// Replay implements rules.Fighter.
func (f *Fighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	f.log = &account{w: w, b: f.B}
	f.play(r, o)
	f.log = nil
}

// reset sets the state to the start of a battle.
func (f *Fighter) reset(r *rules.Rand) {
	b := f.B
	f.r = r
	copy(f.St, f.Init)
	f.touched()
	copy(f.HpCount, f.hpCount0)
	f.dirty = 0
	clear(f.Reg)
	f.word, f.chunks = 0, 0
	f.Over, f.winner, f.end, f.ender, f.Round = false, rules.None, 0, -1, 0
	f.endsFresh = [2]bool{}
	for s := range 2 {
		si := &b.Sides[s]
		f.Agg[s][program.AggAlive], f.Agg[s][program.AggHP], f.Agg[s][program.AggArmed] = int32(si.N), int32(si.HpMax), 0
		for _, t := range si.Types {
			if b.Types[t].Armed {
				f.Agg[s][program.AggArmed] += int32(b.Types[t].Count)
			}
		}
	}
}

// stopEvery is how many rounds a battle fights between looks at the stop.
const stopEvery = 1 << 12

func (f *Fighter) play(r *rules.Rand, o *rules.Outcome) {
	b := f.B
	f.reset(r)
	if f.log != nil {
		f.log.header()
	}
	if len(b.Start) > 0 {
		f.log.line("before the first round")
		f.phases(b.Start)
	}
	for round := int32(1); !f.Over; round++ {
		f.playRound(round)
		if round%stopEvery == 0 && f.stop.Requested() {
			return
		}
	}
	f.Record(o)
}

// playRound plays round number round: the ends checked at its start, its
// phases, the ends checked at its end, the round cap.
func (f *Fighter) playRound(round int32) {
	f.Round = round
	f.St[0] = round
	if f.log != nil {
		f.log.printf("round %d\n", round)
	}
	if !f.endsFresh[0] {
		if f.CheckEnds(0); f.Over {
			return
		}
	}
	if f.phases(f.B.Round); f.Over {
		return
	}
	if !f.endsFresh[1] {
		if f.CheckEnds(1); f.Over {
			return
		}
	}
	if int(round) >= f.B.Cap {
		f.Finish(rules.None, program.EndRoundCap)
	}
}

// phases plays a list of phases until the battle ends.
func (f *Fighter) phases(list []*program.Phase) {
	for _, p := range list {
		switch p.Kind {
		case program.PhFire:
			f.fire(p)
		case program.PhContest:
			f.contestPhase(p)
		case program.PhEach:
			f.eachPhase(p)
		case program.PhHook:
			f.CallHook(p.Hook, -1, -1, 0)
		}
		if f.ended() {
			return
		}
	}
}

// Record fills the outcome.
func (f *Fighter) Record(o *rules.Outcome) {
	b := f.B
	o.Winner, o.End, o.Rounds = f.winner, f.end, int64(f.Round)
	if f.end == program.EndRoundCap {
		o.Rounds = int64(b.Cap)
	}
	for s := range 2 {
		for k, t := range b.Sides[s].Types {
			ut := b.Types[t]
			o.Counters[b.Survivors[s][k]] = int64(ut.Count) - int64(f.HpCount[ut.HpOff])
		}
		o.Counters[b.Dealt[s]] = int64(b.Sides[1-s].HpMax) - int64(f.Agg[1-s][program.AggHP])
	}
	for _, e := range b.Ends {
		if e.SideCtr[0] >= 0 && f.end == e.Index && f.ender >= 0 {
			o.Counters[e.SideCtr[f.ender]] = 1
		}
	}
	for _, c := range b.Counters {
		for s := range 2 {
			if c.Index[s] >= 0 {
				o.Counters[c.Index[s]] = int64(f.Val(c.Value[s], &EvalContext{Unit: noUnits, Side: s}))
			}
		}
	}
}

// NewMonteCarlo returns the Monte Carlo fighter of b (rules.Battle's
// NewFighter). It keeps what expressions read of one unit (fighter.memo):
// the fighters of the exact paths, which load states wholesale, do not.
func NewMonteCarlo(b *program.Battle) rules.Fighter {
	f := NewFighter(b)
	f.memo = make([]memoEntry, b.NumMemos)
	f.flat = b.Flat
	return f
}
