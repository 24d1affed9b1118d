package fight

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// sideValue works out side value k of side s: its expression summed over
// the side's units not destroyed (a condition counts 1 where it holds).
// It reads each unit's state, so the roster's hit points are put back on
// the units first.
func (f *Fighter) sideValue(k, s int) int32 {
	b := f.B
	if f.dirty != 0 {
		f.SyncUnits()
	}
	sv := &b.SideVals[k]
	si := &b.Sides[s]
	c := Ectx{Unit: noUnits, Side: s}
	total := int32(0)
	for u := int32(si.First); u < int32(si.First+si.N); u++ {
		if f.St[b.AllUnits[u].Slot] <= 0 {
			continue
		}
		c.Unit[program.RoleSelf] = u
		total += f.Val(sv.Per[b.AllUnits[u].Typ], &c)
	}
	return total
}
