package enumerate

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Root calls emit with where the battle goes from its start state: the
// first step to play, or its end.
func (s *Enumerator[T, A]) Root(emit func(w T, o *Outcome)) error {
	c := fight.Cfg{St: s.m.Start(), Ender: -1, Reg: make([]int32, s.m.B.NumRegisters)}
	return s.advance(0, s.m.NStart == 0, &c, s.ar.Frac(1, 1), emit)
}

// Step plays step pos in state st (canonical, as an Outcome gives it) and
// calls emit with each distinct outcome and its weight; the weights of a
// Step's outcomes add up to 1.
func (s *Enumerator[T, A]) Step(pos int, st []int32, emit func(w T, o *Outcome)) (err error) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case *fight.HookError:
			err = r
		case stopStep:
			err = r.err
		default:
			panic(r)
		}
	}()
	// The registers start at zero at every step; their array is the
	// Enumerator's (a configuration kept is cloned).
	s.regBuf = append(s.regBuf[:0], make([]int32, s.m.B.NumRegisters)...)
	c := fight.Cfg{St: st, Ender: -1, Reg: s.regBuf}
	next := pos + 1
	if stp := &s.m.StepList[pos]; stp.Indep[0] && stp.Indep[1] {
		return s.fireApart(pos, stp, &c, emit)
	}
	out := s.bag()
	defer s.put(out)
	if err := s.play(&s.m.StepList[pos], &c, out); err != nil {
		return err
	}
	for i := range out.items {
		it := &out.items[i]
		if err := s.advance(next, next == s.m.NStart, &it.c, it.w, emit); err != nil {
			return err
		}
	}
	return nil
}

// StepKey is Step of the step and state packed in key (Packing, of
// StepOptions.RoundTrack, when it fits): the parts of the state a fire
// step's sides change are read off the key's bits, not packed again.
func (s *Enumerator[T, A]) StepKey(key uint64, emit func(w T, o *Outcome)) error {
	pos, st := s.Pack.Decode(key, s.stBuf)
	s.stBuf = st
	s.Key, s.keyed = key&^(1<<s.Pack.PosBits-1), true
	defer func() { s.keyed = false }()
	return s.Step(pos, st, emit)
}

// play plays one step from c into out.
func (s *Enumerator[T, A]) play(st *exactmodel.Step, c *fight.Cfg, out *bag[T, A]) error {
	f := s.f
	switch st.Phase.Kind {
	case program.PhFire:
		return s.fire(st, c, out)
	case program.PhContest:
		s.contestPhase(st.Phase, c, out)
	case program.PhEach:
		s.eachPhase(st.Phase, c, out)
	case program.PhHook:
		f.LoadCfg(c)
		f.CallHook(st.Phase.Hook, -1, -1, 0)
		f.SaveCfg(&s.keep, false)
		out.add(&s.keep, s.ar.Frac(1, 1))
	}
	// phases settles after every phase (fire settles after each step).
	for i := range out.items {
		it := &out.items[i]
		f.LoadCfg(&it.c)
		f.Settle()
		clear(f.Reg) // a named roll is read only in its own effects
		f.SaveCfg(&it.c, false)
	}
	out.remerge()
	return nil
}

// NewEnumerator returns a Enumerator of the model in arithmetic ar.
func NewEnumerator[T any, A exactmodel.Arith[T]](m *exactmodel.Model, ar A, opt StepOptions) *Enumerator[T, A] {
	s := &Enumerator[T, A]{rolls: map[rollKey][]rollOut[T]{}, pairs: map[pairsKey][]pairSeq[T]{}, fires: map[string][]sideOut[T]{}, vols: map[string][]volley[T]{},
		enemies: map[string]uint64{}, classIDs: map[classKey]int32{}, codes: map[string]int32{}}
	s.Reset(m, ar, opt)
	return s
}

// Reset makes s a new Enumerator of model m in arithmetic ar, as
// NewEnumerator does, that reuses the maps and arrays s grew: nothing of
// the battle s worked out before is kept, only the memory and the
// binomials and powers, which are every battle's. A solver that solves
// battle after battle (claims, sweeps, a server) saves their allocation
// and collection, which took about a third of a solve.
func (s *Enumerator[T, A]) Reset(m *exactmodel.Model, ar A, opt StepOptions) {
	if s.m != m {
		s.f = fight.NewMachine(m.B)
	}
	s.m, s.ar, s.opt = m, ar, opt
	// Binomials and powers are the same in every solve of one arithmetic:
	// a pooled Enumerator keeps them.
	s.bin.Ar, s.pw.Ar = ar, ar
	clear(s.rolls)
	clear(s.pairs)
	clear(s.fires)
	clear(s.vols)
	s.pfires.reset()
	s.pvols.reset()
	clear(s.pfireList)
	clear(s.pvolList)
	s.pfireList, s.pvolList = s.pfireList[:0], s.pvolList[:0]
	s.assigns.reset()
	clear(s.enemies)
	clear(s.classIDs)
	clear(s.codes)
	s.assignList = s.assignList[:0]
	s.slab.reset()
	s.outSlab.reset()
	s.hitSlab.reset()
	s.volSlab.reset()
	s.i16Slab.reset()
	s.stills = [2][1]sideOut[T]{} // their slices were cut from the slab
	s.stillCounts.reset()
	s.gone.reset()
	clear(s.goneList)
	s.goneList = s.goneList[:0]
	s.goneSt.reset()
	s.goneCtr.reset()
	if s.record == nil {
		s.record = s.recordGone
	}
	clear(s.stillList)
	s.stillList = s.stillList[:0]
	n := len(m.B.RulesSpec.Counters)
	if cap(s.out.Counters) < n {
		s.out.Counters = make([]int64, n)
	}
	s.out = Outcome{State: s.out.State[:0], Counters: s.out.Counters[:n]}
	s.Pack = m.Packing(opt.RoundTrack)
	s.work = 0
	if s.Pack.OK {
		b := m.B
		nt := len(b.SideTrk)
		for side := range 2 {
			lo, hi, _, _ := b.SideRange(1 - side)
			s.enemyMask[side] = s.Pack.Mask(lo, hi-lo)
			s.sideMask[side] = s.Pack.Mask(1+side*nt, nt) | s.enemyMask[side]
		}
		s.fireMasks(&s.Pack)
	}
}
