//go:build long

package skill_test

import "testing"

// TestMoveFalseVerdicts on 3,000 seeds a case: the skill axis's false
// verdicts stay at most 5 %, where the independent interval's SKILL-
// SENSITIVE of a 5-point move coupled negatively (p50 → q55) passes 5 %:
// it assumes a correlation the common streams do not guarantee.
func TestMoveFalseVerdictsLong(t *testing.T) {
	indeps := checkFalseVerdicts(t, 3000)
	c := moveCase{"p50", "q55", "sensitive", 400}
	if n := indeps[c]; float64(n) <= 0.05*3000 {
		t.Errorf("the independent interval flags %s → %s on %d of 3000 seeds, not more than 5 %%: the case no longer shows why the axis does not use it", c.from, c.to, n)
	}
}

// TestFirstMoverFalseVerdicts on every case, 3,000 seeds a case: the
// first mover's axis on a mirrored battle errs no more than side a's.
func TestFirstMoverFalseVerdictsLong(t *testing.T) {
	for _, c := range moveCases {
		checkFirstMoverFalse(t, c, 3000)
	}
}
