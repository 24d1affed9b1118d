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
	copy(f.st, c.st)
	copy(f.reg, c.reg)
	f.over, f.winner, f.end, f.ender = c.over, c.winner, c.end, c.ender
	f.round = f.st[0]
	f.derive()
}

// saveCfg copies the fighter's state into c (reusing its arrays).
func (f *fighter) saveCfg(c *cfg, done bool) {
	c.st = append(c.st[:0], f.st...)
	c.reg = append(c.reg[:0], f.reg...)
	c.over, c.winner, c.end, c.ender, c.done = f.over, f.winner, f.end, f.ender, done
}

// derive recomputes what the fighter keeps up to date with the state: the
// sides' units alive, hit points and armed units, and the roster of hit
// points per type.
func (f *fighter) derive() {
	b := f.b
	clear(f.hpCount)
	f.alive, f.hpLeft, f.armed = [2]int32{}, [2]int32{}, [2]int32{}
	for _, ut := range b.types {
		slot := b.unitBase + ut.first*b.stride
		for range ut.count {
			hp := f.st[slot]
			f.hpCount[ut.hpOff+int(hp)]++
			if hp > 0 {
				f.alive[ut.side]++
				f.hpLeft[ut.side] += hp
				if ut.armed {
					f.armed[ut.side]++
				}
			}
			slot += b.stride
		}
	}
}

// deriveDealt sets the damage each side has dealt as the hit points the
// enemy's units have lost (Model.DealtDerived says when that holds).
func (f *fighter) deriveDealt() {
	b := f.b
	f.dealt = [2]int64{}
	for _, u := range b.units {
		f.dealt[1-u.side] += b.types[u.typ].stats[0] - int64(f.st[u.slot])
	}
}

// newMachine returns a fighter for the Enumerator: no random stream.
func newMachine(b *Battle) *fighter {
	f := newFighter(b)
	copy(f.st, f.init)
	f.derive()
	return f
}
