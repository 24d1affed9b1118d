package program

// compileSideValues compiles the file's side values for every unit type.
// Their expressions read the unit (self) and the options, not the sides:
// a side value is not worked out from side values.
func (b *Battle) compileSideValues(cp *compiler) error {
	for i := range b.File.SideValues {
		d := &b.File.SideValues[i]
		sv := sideValue{decl: d, Per: make([]*Expr, len(b.Types))}
		for t, ut := range b.Types {
			c := &context{reads: readOptions | readSelf, types: [NumRoles]int{t, -1, -1}, side: ut.Side}
			e, err := cp.compile(&d.Of, c, d.Count)
			if err != nil {
				return err
			}
			sv.Per[t] = e
			// A unit not destroyed adds its value; one destroyed adds 0.
			lo, hi := e.Bounds()
			sv.lo[ut.Side] += min(lo, 0) * int32(ut.Count)
			sv.hi[ut.Side] += max(hi, 0) * int32(ut.Count)
		}
		b.SideVals = append(b.SideVals, sv)
	}
	return nil
}
