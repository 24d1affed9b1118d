package analysis

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// A level below 100 % never reads "100 %": a sequential check's looks
// spend α/2, α/4, …, and at the tenth look of a claim's 0.005 the interval
// holds at 99.9995 %, which "%.4g" wrote as "100 %". The test reads the
// number back and asks that it be below 100, at most 100·(1 − α) and
// within a unit of its last digit of it (rounded down, never up); past
// what a float64 tells apart from 100 the rate is written beside it.
func TestLevelTextNeverReads100(t *testing.T) {
	for _, c := range []struct {
		alpha float64
		want  string
	}{{0.05, "95 %"}, {0.005, "99.5 %"}, {0.01 / 3, "99.6666 %"}, {0.00625, "99.375 %"}, {0.005 / 256, "99.998 %"}, {0.005 / 2048, "99.9997 %"}, {0.005 / 1024, "99.9995 %"}, {0, "100 %"}} {
		if got := LevelText(c.alpha); got != c.want {
			t.Errorf("LevelText(%g) = %q, want %q", c.alpha, got, c.want)
		}
	}
	for k := range 80 {
		alpha := 0.005 / math.Pow(2, float64(k))
		s := strings.TrimSuffix(LevelText(alpha), " %")
		if rest, ok := strings.CutPrefix(s, "100 − "); ok {
			r, err := strconv.ParseFloat(rest, 64)
			if err != nil || math.Abs(r-100*alpha) > 0.05*100*alpha {
				t.Errorf("α = %g: %q", alpha, s)
			}
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		digits := len(s) - strings.IndexByte(s+".", '.') - 1
		if level := 100 * (1 - alpha); err != nil || v >= 100 || v > level*(1+1e-15) || level-v > math.Pow(10, -float64(max(digits, 4))) {
			t.Errorf("α = %g: %q", alpha, s)
		}
	}
	// A claim's interval at such a rate says so.
	e := EstimateOf(&Result{Tally: &sim.Tally{Trials: 100, Wins: [3]int64{0, 60, 40}}}, rules.Metric{Kind: rules.WinShare, Side: rules.A}, 0.005/1024)
	if !strings.HasPrefix(e.Method, "99.9995 % ") {
		t.Errorf("the claim's interval: %q", e.Method)
	}
}
