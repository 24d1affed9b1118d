package enumerate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Enumerator plays the steps of a model over every outcome of their random
// events, each with its exact weight in the arithmetic A: where the
// fighter rolls dice, the Enumerator enumerates the distribution of what
// they do — a pool of dice as counts of faces per class of effect, a roll
// as the distribution of its result, a contest as the chances of each
// side winning, ties re-rolled summed as a geometric series — and runs
// the fighter's own deterministic code on each outcome. Outcomes that
// leave the battle alike are merged as they are found, so that the work
// of a step grows with its distinct outcomes, not with its dice.
//
// A Enumerator is not safe for concurrent use.
type Enumerator[T any, A exactmodel.Arith[T]] struct {
	m   *exactmodel.Model
	ar  A
	f   *fight.Fighter
	opt StepOptions
	bin exactmodel.Pascal[T, A]
	pw  exactmodel.Powers[T, A]
	// bags reused by the steps
	bags []*bag[T, A]
	// rolls memoises roll distributions by roll and context
	rolls map[rollKey][]rollOut[T]
	// pairs memoises the pair sequences of contests of compare: pairs
	pairs map[pairsKey][]pairSeq[T]
	// fires keeps a side's outcomes of a fire step by what they depend
	// on (sideFire).
	fires map[string][]sideOut[T]
	vols  map[string][]volley[T]
	// fires and vols by packed keys (firekey.go), indexes into pfireList
	// and pvolList, and what each step's fire reads of a packed key
	pfires    wordTable
	pvols     wordTable
	pfireList [][]sideOut[T]
	pvolList  [][]volley[T]
	Masks     [][2]fireMask
	keyBuf    []byte
	OwnLen    int
	next      []int32
	stills    [2][1]sideOut[T]
	// the counts of the enemy's units a side that does not fire sees, by
	// the part of the key its outcome replaces (still): indexes into
	// stillList, whose entries keep only the counts
	stillCounts wordTable
	stillList   []assignment
	snap        fight.SideSnapshot
	Pack        exactmodel.Packing
	assigns     wordTable         // assignKey's words, into assignList
	enemies     map[string]uint64 // enemyKey's names of unpacked units
	assignList  []assignment
	slab        int32Slab       // the small slices the Enumerator keeps
	outs        outMerger[T, A] // a fire step's outcomes (merger)
	outSlab     slab[sideOut[T]]
	// a volley's hits, the volleys and their partial counts (countVolley)
	hitSlab  slab[fight.Hit]
	volSlab  slab[volley[T]]
	i16Slab  slab[int16]
	codeBuf  []byte
	classIDs map[classKey]int32
	codes    map[string]int32 // volleys' codes by number (codeOf)
	out      Outcome
	keep     fight.Cfg
	work     int64
	// hint is the packed key, less the step, of s.next, a canonical
	// state fireApart combined, while hinted (see emitNode).
	hint   uint64
	hinted bool
	// Key is the packed key, less the step, of the state StepKey plays,
	// while keyed; sideMask[s] are the bits of side s's tracks and of
	// its enemy's units (partOf).
	Key       uint64
	keyed     bool
	sideMask  [2]uint64
	enemyMask [2]uint64 // the bits of side s's enemy's units
	stBuf     []int32
	regBuf    []int32 // a step's registers at its start (Step)
	// the partial volleys' mergers, taken in turn (volMerger), and a
	// volley's counts being made (multinomial)
	vmerge   [2]merger[T, A]
	vflip    int
	countBuf []int16
	// a volley's scratch (volleyScratch): its classes, blocks, the
	// blocks' faces and the faces' hits
	cls      classes
	blocks   []block
	faces    []dieHits
	faceHits []int
	groups   []faceGroup  // multinomial's
	delta    []int16      // the hits a spread adds (multinomial)
	start    [1]vstate[T] // countVolley's first partial volley
	// gone keeps where fireApart's outcomes that go on through the
	// fighter lead (goOnKept): the outcome goOn emitted, by the packed
	// key of the state fireApart combined (hint) and the step after it,
	// an index into goneList, whose states and counters are cut from
	// goneSt and goneCtr; record is the method value that records it
	// on its way to goneTo.
	gone     wordTable
	goneList []Outcome
	goneSt   int32Slab
	goneCtr  slab[int64]
	record   func(T, *Outcome)
	goneTo   func(T, *Outcome)
}

// StepOptions say how the Enumerator treats the round number.
type StepOptions struct {
	// RoundTrack is the highest round the state records: past it the state
	// keeps RoundTrack (expressions read it, and must tell no later round
	// from it: Model.RoundSaturation). 0 keeps no round at all.
	RoundTrack int32
	// Cap ends a battle at the round cap (round-cap), which needs the
	// state to record every round up to it (RoundTrack ≥ the cap).
	// Without it, the battle is played as if it had no cap.
	Cap bool
	// Spend, when set, is told of the Enumerator's work as it goes, in
	// steps (a configuration a step reaches, a partial volley counted);
	// an error it returns stops the step, which returns it.
	Spend func(n int64) error
}

// stopStep carries Spend's error out of a step.
type stopStep struct{ err error }

// tick counts one step of work.
func (s *Enumerator[T, A]) tick() {
	s.work++
	if s.work&1023 == 0 && s.opt.Spend != nil {
		if err := s.opt.Spend(1024); err != nil {
			panic(stopStep{err})
		}
	}
}

// Outcome is where a step leads: the next step to play and the state it
// is played in, or the end of the battle.
type Outcome struct {
	// Pos is the next step, or −1 when the battle is over.
	Pos int
	// State is the canonical state after the step; valid until the next
	// outcome. When Keyed is set, Key is the step and the state packed
	// (Model.Packing, of StepOptions.RoundTrack) and State is not set.
	State []int32
	Key   uint64
	Keyed bool
	// Rounds is the number of rounds begun on the way (rounds that have
	// no step to play are passed over).
	Rounds int
	// When the battle is over: its winner, its end (an index into
	// Spec().Ends) and its counters in the Spec's order.
	Winner   rules.Side
	End      int
	Counters []int64
}

// ErrNoProgress is returned when rounds pass with no step to play and
// nothing changing, so that without the round in the state the battle
// would go round for ever: only recording the rounds to the cap
// (StepOptions.Cap) can follow it.
var ErrNoProgress = errors.New("rounds pass with nothing to play")

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

// Root calls emit with where the battle goes from its start state: the
// first step to play, or its end.
func (s *Enumerator[T, A]) Root(emit func(w T, o *Outcome)) error {
	c := fight.Cfg{St: s.m.Start(), Ender: -1, Reg: make([]int32, s.m.B.Nregs)}
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
	s.regBuf = append(s.regBuf[:0], make([]int32, s.m.B.Nregs)...)
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

// bag is a set of weighted configurations, merged by key as they are
// added.
type bag[T any, A exactmodel.Arith[T]] struct {
	ar    A
	s     *Enumerator[T, A]
	items []bagItem[T]
	index map[string]int
	buf   []byte
}

type bagItem[T any] struct {
	c fight.Cfg
	w T
}

func (s *Enumerator[T, A]) bag() *bag[T, A] {
	if n := len(s.bags); n > 0 {
		b := s.bags[n-1]
		s.bags = s.bags[:n-1]
		return b
	}
	return &bag[T, A]{ar: s.ar, s: s, index: map[string]int{}}
}

func (s *Enumerator[T, A]) put(b *bag[T, A]) {
	b.items = b.items[:0]
	clear(b.index)
	s.bags = append(s.bags, b)
}

// add adds configuration c (copied) with weight w.
func (b *bag[T, A]) add(c *fight.Cfg, w T) {
	if b.ar.IsZero(w) {
		return
	}
	b.s.tick()
	b.buf = c.Key(b.buf[:0])
	if i, ok := b.index[string(b.buf)]; ok {
		b.items[i].w = b.ar.Add(b.items[i].w, w)
		return
	}
	b.index[string(b.buf)] = len(b.items)
	b.items = append(b.items, bagItem[T]{c: c.Clone(), w: w})
}

// remerge merges configurations that became equal after their items
// were changed in place.
func (b *bag[T, A]) remerge() {
	items := b.items
	b.items = nil
	clear(b.index)
	for i := range items {
		b.add(&items[i].c, items[i].w)
	}
}
