//go:build long

package rulesfile_test

import (
	"math"
	"testing"
)

// Each twin's shares of wins for a, for b and for nobody agree with the Go
// ruleset's within ±0.5 points: two one-sided tests (TOST) at α = 0.01
// each, on 10⁶ trials of each side, so that the 98 % interval of the
// difference lies within ±0.5 points. With 10⁶ trials the standard error
// of a difference is at most 0.071 points and the interval ±0.16 points
// wide, so two games that are the same pass with room to spare, and a
// twin off by 0.5 points or more passes with chance under 1 %.
func TestParityLong(t *testing.T) {
	const (
		trials = 1_000_000
		margin = 0.005
		z      = 2.3263478740408408 // the 0.99 quantile of the normal
	)
	eachTwin(t, trials, 2701, func(t *testing.T, p [2]string, k int, d, se float64) {
		lo, hi := d-z*se, d+z*se
		t.Logf("%s: %s − %s = %+.3f points, 98 %% interval [%+.3f, %+.3f]", outcomeNames[k], p[0], p[1], 100*d, 100*lo, 100*hi)
		if lo <= -margin || hi >= margin || math.IsNaN(d) {
			t.Errorf("%s: %s − %s = %+.3f points, 98 %% interval [%+.3f, %+.3f]: not shown within ±0.5 points", outcomeNames[k], p[0], p[1], 100*d, 100*lo, 100*hi)
		}
	})
}
