package eclipse

import (
	"math/bits"

	"github.com/crucible-sim/crucible/rules"
)

// dieStream is a battle's sequence of six-sided dice, rolled cheaply and
// without bias from the trial's stream: each 64-bit draw is cut into four
// 16-bit chunks, lowest first; a chunk x gives the face ⌊6x / 2¹⁶⌋ + 1 by
// Lemire's multiply-shift and is rejected when the low half of 6x is below
// 2¹⁶ mod 6 = 4, so that every face has exactly 10922 accepted chunks. A
// rejected chunk is skipped. The i-th die of a battle is the i-th accepted
// chunk since Reset, however the dice are grouped into volleys.
//
// It rolls ahead (the fighter asks for a round's dice at the round's
// start) and keeps the running counts of the faces rolled, a byte per face
// in one word (sum[i] counts dice 0..i−1), so the counts of a volley of
// n ≤ 255 dice are one subtraction, and rolling has no branch on a face. A
// battle may draw a round's dice more than it uses, from its own stream
// only: Reset discards them.
type dieStream struct {
	sum      [diceSum]uint64
	pos, end int // dice used, dice rolled (since the last move to the front)
}

// diceSum is the length of dieStream.sum: at least a volley counted at once
// (255 dice) and a draw's 4 more; a power of two, so that masked indices
// need no bounds check.
const diceSum = 512

// Reset discards the dice rolled ahead: the next die comes from the next
// draw.
func (d *dieStream) Reset() { d.pos, d.end = 0, 0 }

// Tally rolls the next n ≤ 255 dice and returns how many show each face:
// byte f of the result counts face f.
func (d *dieStream) Tally(r *rules.Rand, n int) uint64 {
	d.Ahead(r, n)
	return d.Take(n)
}

// Ahead rolls dice until n are rolled and not yet used; n + 4 must be
// less than diceSum.
func (d *dieStream) Ahead(r *rules.Rand, n int) {
	for d.end-d.pos < n {
		d.roll(r)
	}
}

// Take is Tally for dice already rolled (Ahead): small enough to inline.
func (d *dieStream) Take(n int) uint64 {
	i := d.pos
	d.pos += n
	return d.sum[(i+n)&(diceSum-1)] - d.sum[i&(diceSum-1)] // bytes ≤ n ≤ 255: no carry between them
}

// Fill rolls len(faces) dice into faces.
func (d *dieStream) Fill(r *rules.Rand, faces []uint8) {
	for len(faces) > 0 {
		n := min(len(faces), 255)
		d.Ahead(r, n)
		for i := range faces[:n] { // the one byte set is the face's
			faces[i] = uint8(bits.TrailingZeros64(d.sum[d.pos+i+1]-d.sum[d.pos+i]) / 8)
		}
		d.pos += n
		faces = faces[n:]
	}
}

// roll rolls the chunks of one draw onto the end of sum, moving the dice
// not yet used to the front first when sum would overflow.
func (d *dieStream) roll(r *rules.Rand) {
	if d.end+4 >= diceSum {
		n := copy(d.sum[:], d.sum[d.pos:d.end+1]) - 1
		d.pos, d.end = 0, n
	}
	w := r.Uint64()
	m0, m1, m2, m3 := (w&0xffff)*6, (w>>16&0xffff)*6, (w>>32&0xffff)*6, (w>>48)*6
	e := d.end & (diceSum - 1)
	if min(m0&0xffff, m1&0xffff, m2&0xffff, m3&0xffff) < 4 {
		// A chunk is rejected (one draw in about 4000): take the
		// accepted ones in order.
		for _, m := range [4]uint64{m0, m1, m2, m3} {
			if m&0xffff >= 4 {
				d.sum[(d.end+1)&(diceSum-1)] = d.sum[d.end&(diceSum-1)] + face(m)
				d.end++
			}
		}
		return
	}
	s0 := d.sum[e] + face(m0)
	s1 := s0 + face(m1)
	s2 := s1 + face(m2)
	d.sum[(e+1)&(diceSum-1)] = s0
	d.sum[(e+2)&(diceSum-1)] = s1
	d.sum[(e+3)&(diceSum-1)] = s2
	d.sum[(e+4)&(diceSum-1)] = s2 + face(m3)
	d.end += 4
}

// face is the count, at its byte, of the face of an accepted chunk x
// given as m = 6x: face m>>16 + 1 (m>>16 ≤ 5).
func face(m uint64) uint64 { return 1 << ((m >> 13 & 0x38) + 8) }
