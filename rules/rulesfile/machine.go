package rulesfile

import (
	"encoding/binary"
	"errors"
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// The Enumerator runs the fighter's own deterministic code — expressions,
// targeting, damage, track changes, ends, hooks — on configurations it
// loads into it, and enumerates the random events itself. A fighter used
// so has no random stream (r is nil): a hook that draws fails with
// errNoDraws instead of drawing.

// errNoDraws is a hook's error when it draws during an exact solve.
var errNoDraws = errors.New("a hook drew a random number (battle.roll or battle.choose): the exact solver follows only the rules file's declared dice")

// cfg is the fighter's changing state at a point of a step: what the
// Enumerator keeps of each outcome and loads back to go on from it.
type cfg struct {
	st     []int32
	over   bool
	winner rules.Side
	end    int
	ender  int
	reg    []int32
	// done marks an outcome whose side has no target left for the hits
	// still to assign in the current step (assign returns there).
	done bool
}

func (c *cfg) clone() cfg {
	d := *c
	d.st = slices.Clone(c.st)
	d.reg = slices.Clone(c.reg)
	return d
}

// key appends the configuration's identity to buf: two configurations of
// equal keys go on alike.
func (c *cfg) key(buf []byte) []byte {
	for _, v := range c.st {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	for _, v := range c.reg {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	flags := byte(0)
	if c.over {
		flags |= 1
	}
	if c.done {
		flags |= 2
	}
	return append(buf, flags, byte(c.winner), byte(c.end), byte(c.end>>8), byte(c.ender+1))
}

// loadCfg makes c the fighter's state, with what it derives from it.
func (f *fighter) loadCfg(c *cfg) {
	f.load(c.st, nil)
	copy(f.reg, c.reg)
	f.over, f.winner, f.end, f.ender = c.over, c.winner, c.end, c.ender
}

// saveCfg copies the fighter's state into c (reusing its arrays).
func (f *fighter) saveCfg(c *cfg, done bool) {
	f.syncUnits()
	c.st = append(c.st[:0], f.st...)
	c.reg = append(c.reg[:0], f.reg...)
	c.over, c.winner, c.end, c.ender, c.done = f.over, f.winner, f.end, f.ender, done
}

// newMachine returns a fighter for the Enumerator: no random stream.
func newMachine(b *Battle) *fighter {
	f := newFighter(b)
	f.load(f.init, nil)
	return f
}

// sideSnapshot is what the fighter knows of one side's units, to put back
// between outcomes that change only them.
type sideSnapshot struct {
	units, hpCount []int32
	agg            [3]int32
}

// sideRange returns the slots of side s's units and its types' part of
// the roster.
func (b *Battle) sideRange(s int) (lo, hi, rlo, rhi int) {
	si := &b.sides[s]
	first, last := b.types[si.types[0]], b.types[si.types[len(si.types)-1]]
	return b.unitBase + si.first*b.stride, b.unitBase + (si.first+si.n)*b.stride, first.hpOff, last.hpOff + int(last.stats[0]) + 1
}

// snapSide keeps side s's units as they are in the fighter (synced).
func (f *fighter) snapSide(s int, sn *sideSnapshot) {
	f.syncUnits()
	lo, hi, rlo, rhi := f.b.sideRange(s)
	sn.units = append(sn.units[:0], f.st[lo:hi]...)
	sn.hpCount = append(sn.hpCount[:0], f.hpCount[rlo:rhi]...)
	sn.agg = f.agg[s]
}

// restoreSide puts side s's units back as snapSide kept them.
func (f *fighter) restoreSide(s int, sn *sideSnapshot) {
	b := f.b
	lo, _, rlo, _ := b.sideRange(s)
	copy(f.st[lo:], sn.units)
	f.touched()
	copy(f.hpCount[rlo:], sn.hpCount)
	f.agg[s] = sn.agg
	f.endsFresh = [2]bool{}
	for _, t := range b.sides[s].types {
		f.dirty &^= 1 << uint(t)
	}
}

// loadWith makes st the fighter's state with the sides' aggregates
// (alive, hp, armed: fighter.agg) as given, which the side's outcomes of a
// fire step carry, but not the roster: enough to settle, check ends and go
// on to the next step (Enumerator.goOn), which reloads in full before it
// reads the roster (to record an end).
func (f *fighter) loadWith(st []int32, agg [2][3]int32) {
	copy(f.st, st)
	f.touched()
	clear(f.reg)
	f.over, f.winner, f.end, f.ender, f.round = false, rules.None, 0, -1, st[0]
	f.endsFresh = [2]bool{}
	f.dirty = 0
	f.agg = agg
}

// freshRoster works the roster out again from the units (loadWith
// leaves it stale), keeping where the battle stands.
func (f *fighter) freshRoster() {
	f.syncUnits()
	over, winner, end, ender, round := f.over, f.winner, f.end, f.ender, f.round
	f.load(f.st, nil)
	f.over, f.winner, f.end, f.ender, f.round = over, winner, end, ender, round
}

// unitCtx is the context of an expression with these units in the roles
// self, target and other (−1: none), side the side of self.
func unitCtx(self, target, other int32, side int) ectx {
	c := ectx{side: side}
	for i := range c.unit {
		c.unit[i] = -1
	}
	c.unit[roleSelf], c.unit[roleTarget], c.unit[roleOther] = self, target, other
	return c
}
