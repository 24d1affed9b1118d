package reports

import (
	"fmt"
	"testing"

	"github.com/crucible-sim/crucible/reports/figure"
)

// The chance of at least k is drawn at every whole k from 1 to the
// largest value, flat where no value lies: a survivor count of 1, 2 or 4
// has P(at least 3) = P(at least 4), not a line from 2 to 4.
func TestAtLeastOf(t *testing.T) {
	for _, c := range []struct {
		p    []float64 // P(0), P(1), …
		want string
	}{
		{[]float64{0.5, 0.25, 0.25}, "[{1 0.5} {2 0.25}]"},
		{[]float64{0, 0.2, 0.3, 0, 0.5}, "[{1 1} {2 0.8} {3 0.5} {4 0.5}]"},
		{[]float64{1}, "[]"},
	} {
		a := figure.AtLeastOf("a.survivors.Cruiser", figure.ExactSteps(c.p))
		if got := fmt.Sprint(a.Xys); got != c.want {
			t.Errorf("P %v: at least k %s, want %s", c.p, got, c.want)
		}
	}
}
