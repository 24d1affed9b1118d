package explainreport

import (
	"fmt"
	"math"
	"strconv"

	"github.com/crucible-sim/crucible/analysis/explain"
)

// Rarity says how often the searched trials met the condition, in words
// first ("about 1 game in 2,100,000"), then the share and its 95 %
// interval.
func Rarity(s explain.Search) string {
	p, lo, hi := s.Share()
	if s.Matches == 0 {
		return fmt.Sprintf("no game of %s ended like this: it happens in fewer than 1 game in %s (95 %% bound %s)",
			Count(s.Trials), Count(int64(math.Floor(1/hi))), prob(hi))
	}
	return fmt.Sprintf("%s of %s games ended like this: about 1 game in %s (%s; 95 %% %s to %s)",
		Count(s.Matches), Count(s.Trials), Count(int64(math.Round(1/p))), prob(p), prob(lo), prob(hi))
}

// prob writes a probability with three significant digits, in powers of
// ten when small.
func prob(p float64) string {
	if p != 0 && p < 1e-3 {
		return strconv.FormatFloat(p, 'e', 2, 64)
	}
	return strconv.FormatFloat(p, 'g', 3, 64)
}

// Count writes n with thousands separators.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
