package fight

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// The Enumerator runs the fighter's own deterministic code — expressions,
// targeting, damage, track changes, ends, hooks — on configurations it
// loads into it, and enumerates the random events itself. A fighter used
// so has no random stream (r is nil): a hook that draws fails with
// errNoDraws instead of drawing.

// Cfg is the fighter's changing state at a point of a step: what the
// Enumerator keeps of each outcome and loads back to go on from it.
type Cfg struct {
	St     []int32
	Over   bool
	winner rules.Side
	end    int
	Ender  int
	Reg    []int32
	// Done marks an outcome whose side has no target left for the hits
	// still to assign in the current step (assign returns there).
	Done bool
}

func (c *Cfg) Clone() Cfg {
	d := *c
	d.St = slices.Clone(c.St)
	d.Reg = slices.Clone(c.Reg)
	return d
}

// Key appends the configuration's identity to buf: two configurations of
// equal keys go on alike.
func (c *Cfg) Key(buf []byte) []byte {
	for _, v := range c.St {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	for _, v := range c.Reg {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	flags := byte(0)
	if c.Over {
		flags |= 1
	}
	if c.Done {
		flags |= 2
	}
	return append(buf, flags, byte(c.winner), byte(c.end), byte(c.end>>8), byte(c.Ender+1))
}

// LoadCfg makes c the fighter's state, with what it derives from it.
func (f *Fighter) LoadCfg(c *Cfg) {
	f.load(c.St, nil)
	copy(f.Reg, c.Reg)
	f.Over, f.winner, f.end, f.ender = c.Over, c.winner, c.end, c.Ender
}

// SaveCfg copies the fighter's state into c (reusing its arrays).
func (f *Fighter) SaveCfg(c *Cfg, done bool) {
	f.SyncUnits()
	c.St = append(c.St[:0], f.St...)
	c.Reg = append(c.Reg[:0], f.Reg...)
	c.Over, c.winner, c.end, c.Ender, c.Done = f.Over, f.winner, f.end, f.ender, done
}

// NewMachine returns a fighter for the Enumerator: no random stream.
func NewMachine(b *program.Battle) *Fighter {
	f := NewFighter(b)
	f.load(f.Init, nil)
	return f
}

// SideSnapshot is what the fighter knows of one side's units, to put back
// between outcomes that change only them.
type SideSnapshot struct {
	units, hpCount []int32
	agg            [3]int32
}

// SnapSide keeps side s's units as they are in the fighter (synced).
func (f *Fighter) SnapSide(s int, sn *SideSnapshot) {
	f.SyncUnits()
	lo, hi, rlo, rhi := f.B.SideRange(s)
	sn.units = append(sn.units[:0], f.St[lo:hi]...)
	sn.hpCount = append(sn.hpCount[:0], f.HpCount[rlo:rhi]...)
	sn.agg = f.Agg[s]
}

// RestoreSide puts side s's units back as snapSide kept them.
func (f *Fighter) RestoreSide(s int, sn *SideSnapshot) {
	b := f.B
	lo, _, rlo, _ := b.SideRange(s)
	copy(f.St[lo:], sn.units)
	f.touched()
	copy(f.HpCount[rlo:], sn.hpCount)
	f.Agg[s] = sn.agg
	f.endsFresh = [2]bool{}
	for _, t := range b.Sides[s].Types {
		f.dirty &^= 1 << uint(t)
	}
}

// LoadWith makes st the fighter's state with the sides' aggregates
// (alive, hp, armed: fighter.agg) as given, which the side's outcomes of a
// fire step carry, but not the roster: enough to settle, check ends and go
// on to the next step (Enumerator.goOn), which reloads in full before it
// reads the roster (to record an end).
func (f *Fighter) LoadWith(st []int32, agg [2][3]int32) {
	copy(f.St, st)
	f.touched()
	clear(f.Reg)
	f.Over, f.winner, f.end, f.ender, f.Round = false, rules.None, 0, -1, st[0]
	f.endsFresh = [2]bool{}
	f.dirty = 0
	f.Agg = agg
}

// FreshRoster works the roster out again from the units (loadWith
// leaves it stale), keeping where the battle stands.
func (f *Fighter) FreshRoster() {
	f.SyncUnits()
	over, winner, end, ender, round := f.Over, f.winner, f.end, f.ender, f.Round
	f.load(f.St, nil)
	f.Over, f.winner, f.end, f.ender, f.Round = over, winner, end, ender, round
}

// UnitCtx is the context of an expression with these units in the roles
// self, target and other (−1: none), side the side of self.
func UnitCtx(self, target, other int32, side int) EvalContext {
	c := EvalContext{Side: side}
	for i := range c.Unit {
		c.Unit[i] = -1
	}
	c.Unit[program.RoleSelf], c.Unit[program.RoleTarget], c.Unit[program.RoleOther] = self, target, other
	return c
}
