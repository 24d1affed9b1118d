//go:build long

package tune_test

import "testing"

// TestTuneCoverageLong: the answers' 95 % statements hold in at least 94 %
// of 200 replications (seeds 1 to 200) of each case of coverageCases.
//
//	go test -tags long ./analysis/tune -run TuneCoverageLong -v
func TestTuneCoverageLong(t *testing.T) {
	for _, c := range coverageCases {
		held, bracketed := coverage(t, c, 200)
		t.Logf("%s: statements held in %d of 200 replications; %d bracketed", c.name, held, bracketed)
		if held < 188 {
			t.Errorf("%s: statements held in %d of 200 replications, want at least 188 (94 %%)", c.name, held)
		}
	}
}
