package rulesfile

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// sideValC is a compiled side value (SideValueDecl): its expression for
// each unit type, with self that type's unit, and the range of its value
// for each side.
type sideValC struct {
	decl   *document.SideValueDecl
	per    []*cexpr // by unit type
	lo, hi [2]int32
}

// compileSideValues compiles the file's side values for every unit type.
// Their expressions read the unit (self) and the options, not the sides:
// a side value is not worked out from side values.
func (b *Battle) compileSideValues(cp *compiler) error {
	for i := range b.file.SideValues {
		d := &b.file.SideValues[i]
		sv := sideValC{decl: d, per: make([]*cexpr, len(b.types))}
		for t, ut := range b.types {
			c := &context{reads: readOptions | readSelf, types: [nRoles]int{t, -1, -1}, side: ut.side}
			e, err := cp.compile(&d.Of, c, d.Count)
			if err != nil {
				return err
			}
			sv.per[t] = e
			// A unit not destroyed adds its value; one destroyed adds 0.
			lo, hi := e.bounds()
			sv.lo[ut.side] += min(lo, 0) * int32(ut.count)
			sv.hi[ut.side] += max(hi, 0) * int32(ut.count)
		}
		b.sideVals = append(b.sideVals, sv)
	}
	return nil
}

// sideValue works out side value k of side s: its expression summed over
// the side's units not destroyed (a condition counts 1 where it holds).
// It reads each unit's state, so the roster's hit points are put back on
// the units first.
func (f *fighter) sideValue(k, s int) int32 {
	b := f.b
	if f.dirty != 0 {
		f.syncUnits()
	}
	sv := &b.sideVals[k]
	si := &b.sides[s]
	c := ectx{unit: noUnits, side: s}
	total := int32(0)
	for u := int32(si.first); u < int32(si.first+si.n); u++ {
		if f.st[b.units[u].slot] <= 0 {
			continue
		}
		c.unit[roleSelf] = u
		total += f.val(sv.per[b.units[u].typ], &c)
	}
	return total
}
