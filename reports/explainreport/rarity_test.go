package explainreport

import (
	"testing"

	"github.com/crucible-sim/crucible/analysis/explain"
)

// Rarity says the searched share in words and with its interval; with no
// match, its bound is the closed form 1 − 0.025^(1/n): 3.69e-06 for a
// million trials, fewer than 1 game in 271,085.
func TestRarityWords(t *testing.T) {
	for _, c := range []struct {
		s    explain.Search
		want string
	}{
		{explain.Search{Trials: 1_000_000}, "no game of 1,000,000 ended like this: it happens in fewer than 1 game in 271,085 (95 % bound 3.69e-06)"},
		{explain.Search{Trials: 12_517_376, Matches: 6}, "6 of 12,517,376 games ended like this: about 1 game in 2,086,229 (4.79e-07; 95 % 1.76e-07 to 1.04e-06)"},
	} {
		if got := Rarity(c.s); got != c.want {
			t.Errorf("Rarity(%+v):\n got %s\nwant %s", c.s, got, c.want)
		}
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %s, want %s", n, got, want)
		}
	}
	for p, want := range map[float64]string{0: "0 %", 0.5: "50 %", 0.99987793: "99.9878 %", 1.22e-4: "1.22e-04"} {
		if got := pctWords(p); got != want {
			t.Errorf("pctWords(%v) = %s, want %s", p, got, want)
		}
	}
}
