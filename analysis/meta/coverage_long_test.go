//go:build long

package meta_test

import "testing"

// TestMetaCoverageLong: over 200 seeds of the coverage roster, every
// cell's interval covers its known share in at least 94 % of them (the
// intervals hold jointly at 95 %), and a false dominance statement is
// made in at most 6 % (within α, with the binomial's slack at 200).
//
//	go test -tags long ./analysis/meta -run MetaCoverageLong -v
func TestMetaCoverageLong(t *testing.T) {
	held, wrong := metaCoverage(t, 200)
	t.Logf("every cell covered in %d of 200 seeds; a false dominance statement in %d", held, wrong)
	if held < 188 || wrong > 12 {
		t.Errorf("every cell covered in %d of 200 seeds (want ≥ 188), a false dominance statement in %d (want ≤ 12)", held, wrong)
	}
}
