package fight

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Test reports whether face index fi meets the face test in context c.
func (f *Fighter) Test(ft *program.FaceTest, fi int32, c *EvalContext) bool {
	if ft.E == nil {
		return ft.Mask[fi]
	}
	c.face = fi
	return f.Val(ft.E, c) != 0
}

// die rolls one die of n ≤ 65536 faces and returns the face index. Each
// 64-bit draw of the trial's stream gives four 16-bit chunks, lowest
// first; a chunk x gives the face ⌊n·x / 2¹⁶⌋ by Lemire's multiply-shift,
// and is rejected when the low half of n·x is below 2¹⁶ mod n, so that
// every face has exactly ⌊2¹⁶ / n⌋ accepted chunks: no bias, and a die
// costs a quarter of a draw. The chunks left of a draw serve the next dice
// of the battle (reset starts each battle with none).
func (f *Fighter) die(n int) int32 {
	if f.ch != nil {
		return int32(f.ch.Uniform(n))
	}
	for {
		if f.chunks == 0 {
			f.word, f.chunks = f.r.Uint64(), 4
		}
		x := f.word & 0xffff
		f.word >>= 16
		f.chunks--
		v := x * uint64(n)
		if v&0xffff >= uint64(65536%n) {
			return int32(v >> 16)
		}
	}
}

// roll rolls a roll in context c and returns its result and the number of
// dice it rolled (a value that is not dice rolls none).
// It is a hot loop, run on every roll of every trial, and stays whole: its
// cases, one per kind of roll, read at once, and a call per kind would
// cost in every roll.
func (f *Fighter) roll(rc *program.Roll, c *EvalContext) (val, ndice int32) {
	if rc.Coins {
		// Coins summed are heads counted: Rand.Heads flips n at once. The
		// commonest roll of a coin game comes first.
		n := max(f.Val(rc.Dice, c), 0)
		var h int32
		if f.ch == nil { // Rand.Heads inlined, not through heads: a call per roll counts
			h = int32(f.r.Heads(int(n)))
		} else {
			h = f.heads(int(n))
		}
		if f.log != nil {
			f.log.printf("    %s flips %d coins: %d heads\n", f.log.unit(c.Unit[program.RoleSelf]), n, h)
		}
		if rc.Plus != nil {
			h += f.Val(rc.Plus, c)
		}
		return h, n
	}
	if rc.Value != nil {
		return f.Val(rc.Value, c), 0
	}
	n := max(f.Val(rc.Dice, c), 0)
	plus := int32(0)
	if rc.Plus != nil {
		plus = f.Val(rc.Plus, c)
	}
	if rc.Faces != nil {
		// Dice of 1..N faces, N from the state: none below one face.
		nf := f.Val(rc.Faces, c)
		total := int32(0)
		for range n {
			if nf >= 1 {
				v := f.die(int(nf)) + 1
				total += v
				if f.log != nil {
					f.log.face(int64(v))
				}
			}
		}
		if f.log != nil {
			f.log.rolled(rc, c.Unit[program.RoleSelf], total+plus)
		}
		return total + plus, n
	}
	nf := len(rc.Die)
	if rc.Keep != 0 {
		f.faces = f.faces[:0]
	}
	total := int32(0)
	for range n {
		fi := f.die(nf)
		if rc.Reroll.Set && f.Test(&rc.Reroll, fi, c) {
			fi = f.die(nf)
		}
		v := int32(rc.Die[fi])
		if f.log != nil {
			f.log.face(rc.Die[fi])
		}
		counted := int32(0)
		if rc.Count.Set && f.Test(&rc.Count, fi, c) {
			counted++
		}
		if rc.Explode.Set {
			for depth := 0; depth < rc.Depth && f.Test(&rc.Explode, fi, c); depth++ {
				fi = f.die(nf)
				v += int32(rc.Die[fi])
				if f.log != nil {
					f.log.face(rc.Die[fi])
				}
				if rc.Count.Set && f.Test(&rc.Count, fi, c) {
					counted++
				}
			}
		}
		switch {
		case rc.Count.Set:
			total += counted
		case rc.Keep != 0:
			f.faces = append(f.faces, v)
		default:
			total += v
		}
	}
	if rc.Keep != 0 {
		total = keepSum(f.faces, rc.KeepN, rc.Keep == 1)
	}
	if f.log != nil {
		f.log.rolled(rc, c.Unit[program.RoleSelf], total+plus)
	}
	return total + plus, n
}

// heads flips n fair coins and returns the heads.
func (f *Fighter) heads(n int) int32 {
	if f.ch != nil {
		return int32(f.ch.Heads(n))
	}
	return int32(f.r.Heads(n))
}

// coin flips one fair coin.
func (f *Fighter) coin() bool {
	if f.ch != nil {
		return f.ch.Uniform(2) == 1
	}
	return f.r.Coin()
}

// keepSum returns the sum of the k highest (or lowest) values, sorting
// values in place (insertion sort: pools are small, and it allocates
// nothing).
func keepSum(values []int32, k int, highest bool) int32 {
	for i := 1; i < len(values); i++ {
		for j := i; j > 0 && (highest && values[j] > values[j-1] || !highest && values[j] < values[j-1]); j-- {
			values[j], values[j-1] = values[j-1], values[j]
		}
	}
	s := int32(0)
	for _, v := range values[:min(k, len(values))] {
		s += v
	}
	return s
}
