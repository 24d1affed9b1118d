package fight

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// exec plays flat program prog in context c until the battle ends, as run
// plays the effects it was compiled from.
func (f *Fighter) exec(prog []program.Instr, c *Ectx) {
	for pc := 0; pc < len(prog); {
		s := &prog[pc]
		pc++
		switch s.Code {
		case program.OpCoins:
			h := int32(f.r.Heads(int(max(f.Val(s.X, c), 0))))
			if s.Y != nil {
				h += f.Val(s.Y, c)
			}
			f.Reg[s.Reg] = h
		case program.OpIf:
			if f.Val(s.X, c) == 0 {
				pc = int(s.Jump)
			} else if g := s.E.Guard; g != nil { // eval left the index the pool shares
				f.guarded, f.guardIdx = g, f.lastIdx
			}
		case program.OpJump:
			pc = int(s.Jump)
		case program.OpFlips:
			var ks int32
			if s.X == f.guarded { // read by the if just before
				ks = max(s.X.Table[f.guardIdx], 0)
			} else {
				ks = max(f.Val(s.X, c), 0)
			}
			f.guarded = nil
			pc = s.Branch(pc, f.flipOff(s.Ties, ks, max(f.Val(s.Y, c), 0)))
		case program.OpContest:
			pc = s.Branch(pc, f.contest(s.E.Contest, c.Unit[program.RoleSelf], c.Unit[program.RoleOther], true))
		case program.OpTrack:
			v := f.Val(s.X, c)
			if u := c.Unit[s.Role&3]; u >= 0 {
				at := f.unitBase + int(u)*f.stride + int(s.Off)
				old := f.St[at]
				if n := min(max(apply(s.Kind, old, v), s.Lo), s.Hi); n != old {
					f.St[at] = n
					f.touched()
				}
			}
		case program.OpSideTrack:
			v := f.Val(s.X, c)
			side := c.Side
			if s.Enemy {
				side = 1 - side
			}
			at := 1 + side*f.nSideTrk + int(s.Off)
			f.setSideTrack(at, min(max(apply(s.Kind, f.St[at], v), s.Lo), s.Hi))
		default:
			if f.effect(s.E, c); f.Over {
				return
			}
		}
	}
}
