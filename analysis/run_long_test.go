//go:build long

package analysis_test

import "testing"

// TestSequentialErrorRates at 2,000 repetitions on the bound: a false-FAIL
// rate of 0.05 would show about 100; the test allows 130 (the 99.8th
// percentile of Binomial(2000, 0.05) is 129).
func TestSequentialErrorRatesLong(t *testing.T) { sequentialErrorRates(t, 2000, 130) }
