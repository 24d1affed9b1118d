package enumerate

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// advance goes on from configuration c, whose next step is pos, through
// what is certain — the ends checked at a round's start and end, the cap,
// a new round, steps with nothing to play — to the next step to play or
// the end, and emits it.
func (s *Enumerator[T, A]) advance(pos int, begin bool, c *fight.Cfg, w T, emit func(T, *Outcome)) error {
	s.f.LoadCfg(c)
	return s.goOn(pos, begin, w, emit)
}

// goOn is advance from the fighter's state.
func (s *Enumerator[T, A]) goOn(pos int, begin bool, w T, emit func(T, *Outcome)) error {
	f, m := s.f, s.m
	rounds := 0
	for {
		if f.Over {
			return s.emitEnd(rounds, w, emit)
		}
		if begin {
			if rounds > int(s.opt.RoundTrack)+1 && !s.opt.Cap {
				return fmt.Errorf("exact: %w (from round %d on, with no step to play)", ErrNoProgress, s.opt.RoundTrack)
			}
			rounds++
			r := f.St[0] + 1
			if !s.opt.Cap && r > s.opt.RoundTrack {
				r = s.opt.RoundTrack
			}
			f.St[0], f.Round = r, r
			begin = false
			if f.CheckEnds(0); f.Over {
				continue
			}
		}
		if pos == len(m.StepList) { // the round ends
			if f.CheckEnds(1); f.Over {
				continue
			}
			if s.opt.Cap && int(f.Round) >= m.B.Cap {
				f.Finish(rules.None, program.EndRoundCap)
				continue
			}
			pos, begin = m.NStart, true
			continue
		}
		if s.idleIn(pos, f.St) {
			pos++
			begin = pos == m.NStart
			continue
		}
		f.SyncUnits()
		s.out.Rounds = rounds
		s.emitNode(pos, f.St, w, emit)
		return nil
	}
}

// emitNode emits step pos to play in state st, made canonical.
func (s *Enumerator[T, A]) emitNode(pos int, st []int32, w T, emit func(T, *Outcome)) {
	s.out.Pos = pos
	if s.hinted && slices.Equal(st[1:], s.next[1:]) {
		// Nothing but the round changed the state fireApart combined, whose
		// units are canonical already: its key, the round's part replaced.
		s.out.Key = uint64(pos) | (s.hint - s.Pack.Part(s.next[:1], 0) + s.Pack.Part(st[:1], 0))
		s.out.Keyed = true
		emit(w, &s.out)
		s.out.Keyed, s.out.Rounds = false, 0
		return
	}
	s.out.State = append(s.out.State[:0], st...)
	s.m.Canon(s.out.State)
	emit(w, &s.out)
	s.out.Rounds = 0
}

// idleIn is idle in state st.
func (s *Enumerator[T, A]) idleIn(pos int, st []int32) bool {
	stp := &s.m.StepList[pos]
	if stp.Fire == nil {
		return false
	}
	b := s.f.B
	for _, t := range stp.Fire {
		ut := b.Types[t]
		lo := b.UnitBase + ut.First*b.UnitStride
		for k := range ut.Count {
			if st[lo+k*b.UnitStride] > 0 {
				return false
			}
		}
	}
	return true
}

// idle reports whether step pos has nothing to play in the fighter's
// state: a fire step none of whose types has a unit left.
func (s *Enumerator[T, A]) idle(pos int) bool {
	st := &s.m.StepList[pos]
	if st.Fire == nil {
		return false
	}
	f := s.f
	for _, t := range st.Fire {
		ut := f.B.Types[t]
		if f.HpCount[ut.HpOff] < int32(ut.Count) {
			return false
		}
	}
	return true
}

// emitEnd emits the end the fighter's state has reached.
func (s *Enumerator[T, A]) emitEnd(rounds int, w T, emit func(T, *Outcome)) error {
	f := s.f
	f.FreshRoster()
	o := rules.Outcome{Counters: s.out.Counters}
	clear(o.Counters)
	f.Record(&o)
	s.out.Pos, s.out.Rounds, s.out.Winner, s.out.End = -1, rounds, o.Winner, o.End
	s.out.State = append(s.out.State[:0], f.St...)
	s.m.Canon(s.out.State)
	emit(w, &s.out)
	return nil
}
