package fight

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// EvalContext is where an expression is evaluated: the units in each role, the
// side of self (or of the side view), the face of the die at hand.
type EvalContext struct {
	Unit [program.NumRoles + 1]int32 // one more, so that unit[role&3] needs no bounds check
	Side int
	face int32
}

var noUnits = [program.NumRoles + 1]int32{-1, -1, -1, -1}

// Val evaluates a compiled expression in context c, a constant without a
// call.
func (f *Fighter) Val(e *program.Expr, c *EvalContext) int32 {
	if e.Shape == program.ShConst {
		return e.K
	}
	return f.eval(e, c)
}

// eval evaluates a compiled expression in context c. An expression of
// one state value (shape) reads it with nothing else to decide (the first
// value's stride is 1); any other walks its values, here rather than in a
// call of its own: eval is the hot path of every battle whose expressions
// read the state.
func (f *Fighter) eval(e *program.Expr, c *EvalContext) int32 {
	switch e.Shape {
	case program.ShConst:
		return e.K
	case program.ShUnitSlot:
		v := &e.Vars[0]
		x := int32(0)
		if u := c.Unit[v.Role&3]; u >= 0 {
			x = f.St[f.unitBase+int(u)*f.stride+int(v.Off)]
		}
		return cell(e.Table, x, v.Lo, v.N)
	case program.ShReg:
		v := &e.Vars[0]
		return cell(e.Table, f.Reg[v.Slot], v.Lo, v.N)
	case program.ShSideTrack:
		v := &e.Vars[0]
		return cell(e.Table, f.St[int(v.Off)+(c.Side^int(v.Role))*f.nSideTrk], v.Lo, v.N)
	case program.ShSlots:
		if e.OneUnit {
			// The unit found once for all its values: the
			// defender's pool, the condition of an attack.
			u := c.Unit[e.UnitRole&3]
			var idx int32
			if f.memo != nil {
				if m := &f.memo[e.Memo]; m.gen == f.gen && m.unit == u {
					idx = m.idx
				} else {
					idx = f.unitIndex(e, u)
					*m = memoEntry{gen: f.gen, unit: u, idx: idx}
				}
			} else {
				idx = f.unitIndex(e, u)
			}
			for i := range e.Regs {
				v := &e.Regs[i]
				idx += v.Index(f.Reg[v.Slot])
			}
			f.lastIdx = idx
			return e.Table[idx]
		}
		// Several values, each a unit's hp or track or a named roll: the
		// commonest formula of a duel (attack − pain − incapacitation),
		// read without a switch per value.
		st, reg, base, stride := f.St, f.Reg, f.unitBase, f.stride
		idx := int32(0)
		for i := range e.Vars {
			v := &e.Vars[i]
			var x int32
			if v.Kind == program.VReg {
				x = reg[v.Slot]
			} else if u := c.Unit[v.Role&3]; u >= 0 {
				x = st[base+int(u)*stride+int(v.Off)]
			}
			idx += v.Index(x)
		}
		f.lastIdx = idx
		return e.Table[idx]
	case program.ShSideAggs:
		idx := int32(0)
		for i := range e.Vars {
			v := &e.Vars[i]
			idx += v.Index(f.Agg[(c.Side^int(v.Role))&1][v.Which])
		}
		return e.Table[idx]
	}
	idx := int32(0)
	for i := range e.Vars {
		v := &e.Vars[i]
		var x int32
		// Every kind but the side values is read inline.
		switch v.Kind {
		case program.VUnitHP, program.VUnitTrack:
			if u := c.Unit[v.Role&3]; u >= 0 {
				x = f.St[f.unitBase+int(u)*f.stride+int(v.Off)]
			}
		case program.VReg:
			x = f.Reg[v.Slot]
		case program.VSideTrack:
			x = f.St[int(v.Off)+(c.Side^int(v.Role))*f.nSideTrk]
		case program.VFace:
			x = c.face
		case program.VRound:
			x = f.Round
		case program.VUnitAlive:
			if u := c.Unit[v.Role&3]; u >= 0 && f.St[f.unitBase+int(u)*f.stride] > 0 {
				x = 1
			}
		case program.VSideAgg: // a fleet's stalemate reads side.armed every round
			s := (c.Side ^ int(v.Role)) & 1
			if v.Which < program.AggLost {
				x = f.Agg[s][v.Which]
			} else {
				x = int32(f.B.Sides[s].N) - f.Agg[s][program.AggAlive]
			}
		default:
			x = f.value(v, c)
		}
		if x -= v.Lo; uint32(x) >= uint32(v.N) { // out of the table: the nearest end
			x = max(0, min(x, v.N-1))
		}
		idx += x * v.Stride
	}
	return e.Table[idx]
}

// unitIndex returns the part of a oneUnit expression's index that unit
// u's values make (nothing of a unit that is not there).
func (f *Fighter) unitIndex(e *program.Expr, u int32) int32 {
	var us []int32
	if u >= 0 {
		at := f.unitBase + int(u)*f.stride
		us = f.St[at : at+f.stride]
	}
	idx := int32(0)
	for i := range e.Vars {
		v := &e.Vars[i]
		if v.Kind == program.VReg {
			continue
		}
		var x int32
		if us != nil {
			x = us[v.Off]
		}
		idx += v.Index(x)
	}
	return idx
}

// cell returns the entry of a one-value table of n entries from lo for
// value x: past its ends, the nearest end's.
func cell(table []int32, x, lo, n int32) int32 {
	if x -= lo; uint32(x) >= uint32(n) {
		x = max(0, min(x, n-1))
	}
	return table[x]
}

// value returns the state value v reads in context c.
func (f *Fighter) value(v *program.VarRef, c *EvalContext) int32 {
	b := f.B
	switch v.Kind {
	case program.VUnitHP:
		if u := c.Unit[v.Role]; u >= 0 {
			return f.St[b.AllUnits[u].Slot]
		}
	case program.VUnitAlive:
		if u := c.Unit[v.Role]; u >= 0 && f.St[b.AllUnits[u].Slot] > 0 {
			return 1
		}
	case program.VUnitTrack:
		if u := c.Unit[v.Role]; u >= 0 {
			return f.St[b.AllUnits[u].Slot+1+v.Which]
		}
	case program.VSideAgg:
		s := c.Side ^ int(v.Role)
		if v.Which < len(f.Agg[s]) {
			return f.Agg[s][v.Which]
		}
		return int32(b.Sides[s].N) - f.Agg[s][program.AggAlive] // lost
	case program.VSideTrack:
		s := c.Side
		if v.Role == 1 {
			s = 1 - s
		}
		return f.St[1+s*len(b.SideTrk)+v.Which]
	case program.VSideVal:
		return f.sideValue(v.Which, c.Side^int(v.Role))
	case program.VRound:
		return f.Round
	case program.VFace:
		return c.face
	case program.VReg:
		return f.Reg[v.Slot]
	}
	return 0
}

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
	c := EvalContext{Unit: noUnits, Side: s}
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
