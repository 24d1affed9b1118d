package eclipse

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// refDice is the definition of the battle's dice that Dice implements:
// the accepted 16-bit chunks of successive draws, lowest chunk first.
type refDice struct {
	r    *rules.Rand
	w    uint64
	left int
}

func (d *refDice) roll() uint8 {
	for {
		if d.left == 0 {
			d.w, d.left = d.r.Uint64(), 4
		}
		m := (d.w & 0xffff) * 6
		d.w >>= 16
		d.left--
		if m&0xffff >= 4 {
			return uint8(m>>16) + 1
		}
	}
}

// TestDice: faces are uniform (chi-square, fixed seed), and Tally and Fill
// roll exactly the reference sequence, whatever the sizes of the volleys,
// across the wrap of the ring of running counts.
func TestDice(t *testing.T) {
	var d dieStream
	r := rules.NewRand(42, 43)
	var counts [7]int
	faces := make([]uint8, 600)
	for range 1000 {
		d.Fill(r, faces)
		for _, f := range faces {
			counts[f]++
		}
	}
	if counts[0] != 0 {
		t.Fatal("face 0")
	}
	const n = 600_000
	x2 := 0.0
	for f := 1; f <= 6; f++ {
		e := float64(n) / 6
		x2 += (float64(counts[f]) - e) * (float64(counts[f]) - e) / e
	}
	if x2 > 40 { // χ²(5) exceeds 40 with probability ~1.5e-7
		t.Errorf("faces %v: χ² = %.1f", counts[1:], x2)
	}
	ref := refDice{r: rules.NewRand(7, 8)}
	r = rules.NewRand(7, 8)
	d.Reset()
	for i := range 20000 {
		nd := (i * 37) % 256
		var want uint64
		for range nd {
			want += 1 << (8 * ref.roll())
		}
		if i%3 == 0 { // Fill, then count its faces
			var got uint64
			d.Fill(r, faces[:nd])
			for _, f := range faces[:nd] {
				got += 1 << (8 * f)
			}
			if got != want {
				t.Fatalf("volley %d of %d dice: Fill %016x, reference %016x", i, nd, got, want)
			}
		} else if got := d.Tally(r, nd); got != want {
			t.Fatalf("volley %d of %d dice: Tally %016x, reference %016x", i, nd, got, want)
		}
	}
}
