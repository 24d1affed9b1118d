package enumerate

import (
	"encoding/binary"
	"errors"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
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

// merger merges partial volleys of equal counts and tracks.
type merger[T any, A exactmodel.Arith[T]] struct {
	ar    A
	s     *Enumerator[T, A]
	out   []vstate[T]
	index map[string]int
	buf   []byte
}

// volMerger returns one of the Enumerator's two mergers, emptied: the
// other's outcomes are the partial volleys the block at hand folds in
// (countVolley's cur), so that each block's merger, its map and its array
// are reused, not made again for every block of every volley.
func (s *Enumerator[T, A]) volMerger() *merger[T, A] {
	s.vflip = 1 - s.vflip
	m := &s.vmerge[s.vflip]
	// A map that held many keys keeps their room, which clear would go
	// over at every block after: it is made again instead.
	if m.index == nil || len(m.index) > mergerKeep {
		m.index = map[string]int{}
	}
	m.ar, m.s = s.ar, s
	m.out = m.out[:0]
	clear(m.index)
	return m
}

// mergerKeep is the most keys a merger's map may have held to be cleared
// for the next block rather than made again.
const mergerKeep = 1 << 12

func (m *merger[T, A]) add(counts []int16, tracks []int32, w T) {
	m.s.tick()
	m.buf = m.buf[:0]
	for _, c := range counts {
		m.buf = binary.LittleEndian.AppendUint16(m.buf, uint16(c))
	}
	for _, t := range tracks {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(t))
	}
	if i, ok := m.index[string(m.buf)]; ok {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return
	}
	m.index[string(m.buf)] = len(m.out)
	m.out = append(m.out, vstate[T]{counts: m.s.i16Slab.clone(counts), tracks: m.s.slab.clone(tracks), w: w})
}
