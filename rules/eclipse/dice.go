package eclipse

import "github.com/crucible-sim/crucible/rules"

// D6 rolls six-sided dice cheaply and without bias: it draws one 64-bit
// word from the trial's stream and cuts it into four 16-bit chunks; each
// chunk x gives a face by Lemire's multiply-shift, face = ⌊6x / 2¹⁶⌋ + 1,
// rejecting the chunk when the low half of 6x is below 2¹⁶ mod 6 = 4 (so
// every face has exactly 10922 accepted chunks). A rejected chunk is simply
// skipped, so the faces are independent and uniform, and the sequence
// depends only on the stream. Reset it at the start of every battle so that
// no chunk carries over from one trial to the next.
type D6 struct {
	buf  uint64
	left uint8
}

// Reset discards any buffered chunks.
func (d *D6) Reset() { d.buf, d.left = 0, 0 }

// Roll returns a face 1..6.
func (d *D6) Roll(r *rules.Rand) int {
	for {
		if d.left == 0 {
			d.buf, d.left = r.Uint64(), 4
		}
		m := (d.buf & 0xffff) * 6
		d.buf >>= 16
		d.left--
		if m&0xffff >= 4 {
			return int(m>>16) + 1
		}
	}
}

// Fill rolls len(faces) dice into faces: the same sequence as that many
// calls of Roll, with the buffer kept in registers.
func (d *D6) Fill(r *rules.Rand, faces []uint8) {
	buf, left := d.buf, d.left
	for i := range faces {
		for {
			if left == 0 {
				buf, left = r.Uint64(), 4
			}
			m := (buf & 0xffff) * 6
			buf >>= 16
			left--
			if m&0xffff >= 4 {
				faces[i] = uint8(m>>16) + 1
				break
			}
		}
	}
	d.buf, d.left = buf, left
}

// Tally rolls n ≤ 255 dice exactly as Fill would (the same draws, the same
// faces) but keeps only how many show each face: byte f of the result is
// the count of face f. The counts stay in a register, so a volley costs no
// stores per die, and a miss is one AND with the plan's hitFaces.
func (d *D6) Tally(r *rules.Rand, n int) uint64 {
	buf, left := d.buf, d.left
	var faces uint64
	for range n {
		for {
			if left == 0 {
				buf, left = r.Uint64(), 4
			}
			m := (buf & 0xffff) * 6
			buf >>= 16
			left--
			if m&0xffff >= 4 {
				faces += 1 << (8 * (m>>16 + 1))
				break
			}
		}
	}
	d.buf, d.left = buf, left
	return faces
}
