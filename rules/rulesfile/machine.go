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
