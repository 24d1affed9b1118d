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
// n ≤ 255 dice are one subtraction, and rolling has no branch on a face.
// sum is a ring indexed modulo its length: the counts are plain integer
// sums, so a difference of two of them is exact however often the words
// wrapped. A battle may draw a round's dice more than it uses, from its own
// stream only: Reset discards them.
type dieStream struct {
	sum      [diceSum]uint64
	pos, end int // dice used, dice rolled (since Reset)
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
	if d.end-d.pos < n {
		d.roll(r, d.pos+n)
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
			j := d.pos + i
			faces[i] = uint8(bits.TrailingZeros64(d.sum[(j+1)&(diceSum-1)]-d.sum[j&(diceSum-1)]) / 8)
		}
		d.pos += n
		faces = faces[n:]
	}
}

// Lanes of a draw: the chunks of a draw are multiplied by 6 two at a time,
// chunks 0 and 2 in the low and high 32-bit halves of one word, chunks 1
// and 3 in another (6x < 2¹⁹ stays in its half). A half's bits 16..18 are
// then the face − 1 and its bits 0..15 the low half of 6x.
const (
	evenChunks = 0x0000ffff_0000ffff // chunks 0 and 2 of a draw
	lowHalves  = 0x0000fffc_0000fffc // the bits of a low half of 6x that make it ≥ 4
	accepted   = 0x00010000_00010000 // bit 16 of each half
)

// roll rolls draws until dice up to end (exclusive, counted since Reset)
// are rolled, appending their running counts to the ring sum.
func (d *dieStream) roll(r *rules.Rand, end int) {
	e := d.end
	s := d.sum[e&(diceSum-1)]
	for e < end {
		w := r.Uint64()
		lo, hi := (w&evenChunks)*6, (w>>16&evenChunks)*6
		// A low half l (even, < 2¹⁶) is ≥ 4 when l&0xfffc ≠ 0, that is
		// when adding 0xfffc carries into bit 16 (no carry leaves a half).
		if (lo&lowHalves+lowHalves)&(hi&lowHalves+lowHalves)&accepted != accepted {
			// A chunk is rejected (one draw in about 4000): take the
			// accepted ones in order.
			for _, m := range [4]uint64{lo, hi, lo >> 32, hi >> 32} {
				if m&0xffff >= 4 {
					s += oneHot[m>>16&7]
					e++
					d.sum[e&(diceSum-1)] = s
				}
			}
			continue
		}
		s0 := s + oneHot[lo>>16&7]
		s1 := s0 + oneHot[hi>>16&7]
		s2 := s1 + oneHot[lo>>48&7]
		s = s2 + oneHot[hi>>48&7]
		d.sum[(e+1)&(diceSum-1)] = s0
		d.sum[(e+2)&(diceSum-1)] = s1
		d.sum[(e+3)&(diceSum-1)] = s2
		d.sum[(e+4)&(diceSum-1)] = s
		e += 4
	}
	d.end = e
}

// oneHot[f] is the count, at its byte, of face f + 1 (f ≤ 5): a table
// load is cheaper than a variable shift.
var oneHot = [8]uint64{1 << 8, 1 << 16, 1 << 24, 1 << 32, 1 << 40, 1 << 48}
