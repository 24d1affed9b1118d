package exact

// A volley's rolls, the multinomial counts of its dice over the face
// classes and their probabilities (§8.2), depend only on its shape: the
// firing type, missile or cannon dice, the ships firing and which enemy
// types are in the battle (which fixes the classes). Thousands of volleys
// against different enemy states share a few dozen shapes, so each
// shape's rolls are enumerated once and every volley of that shape
// replays them against its own enemy side. The replay adds the same
// probabilities, computed by the same products, in the same order as the
// enumeration did: the results are the same to the bit.

// rollShape is the rolls of one shape: shapeRolls[r0:r1].
type rollShape struct{ r0, r1 int32 }

// shapeRoll is a roll of a shape: its probability and its index in the
// outcome tables of the volleys of that shape (0 when no die hits; see
// volleyEnum.leaf).
type shapeRoll[T any] struct {
	p   T
	idx int32
}

// shape returns the rolls of the volley v is about to enumerate, a fixed
// policy's with an outcome table, whose enemy types in the battle are
// enemies (as local bits) and tag its volleyTag: from the shape memo, or
// enumerated and recorded.
func (s *solver[T, A]) shape(v *volleyEnum[T, A], enemies uint8, tag uint32) rollShape {
	i, found := s.shapeMemo.getOrPut(uint64(enemies), tag, int32(len(s.shapes)))
	if found {
		return s.shapes[i]
	}
	r0 := int32(len(s.shapeRolls))
	v.record = true
	v.colour(0, s.ar.frac(1, 1)) // recording spends no step: it cannot fail
	v.record = false
	sh := rollShape{r0: r0, r1: int32(len(s.shapeRolls))}
	s.shapes = append(s.shapes, sh)
	return sh
}

// replay adds the rolls of shape sh to the volley v enumerates, as leaf
// would have, a step each.
func (v *volleyEnum[T, A]) replay(sh rollShape) error {
	s := v.s
	for r := sh.r0; r < sh.r1; r++ {
		if err := s.bud.spend(1); err != nil {
			return err
		}
		sr := &s.shapeRolls[r]
		if sr.idx == 0 {
			v.entry.nc = s.ar.add(v.entry.nc, sr.p)
			continue
		}
		if s.outTab[v.tab+int(sr.idx)] == 0 {
			v.unindex(int(sr.idx)) // place needs the roll itself
		}
		if err := v.place(int(sr.idx), sr.p); err != nil {
			return err
		}
	}
	return nil
}

// unindex sets v.kq's hitting dice from a roll's index (see leaf); the
// counts of the classes that hit nothing are left as they are, which no
// outcome reads.
func (v *volleyEnum[T, A]) unindex(idx int) {
	for i := v.ncols - 1; i >= 0; i-- {
		for q := v.nq - 1; q >= 0; q-- {
			if v.cls[q].mask != 0 {
				radix := v.maxD[i] + 1
				v.kq[i][q] = idx % radix
				idx /= radix
			}
		}
	}
}
