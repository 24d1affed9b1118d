package stratfight

import (
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestLifespanClosedForms checks the closed forms against hand-derived
// values: from 30 coins to death Σ_{k=1..30} 2^k = 2^31 − 2 seconds; from 15,
// 2^16 − 2 = 65534 s; one coin k alone lasts 2^k s on average.
func TestLifespanClosedForms(t *testing.T) {
	for _, c := range []struct {
		start, stop int
		mean        float64
		min         int64
	}{
		{30, 0, 1<<31 - 2, 30},
		{15, 0, 65534, 15},
		{30, 29, 1 << 30, 1},
		{29, 0, 1<<30 - 2, 29},
		{28, 0, 1<<29 - 2, 28},
		{27, 0, 1<<28 - 2, 27},
		{15, 14, 32768, 1},
		{14, 0, 32766, 14},
		{14, 13, 16384, 1},
		{13, 0, 16382, 13},
		{13, 12, 8192, 1},
		{1, 0, 2, 1},
	} {
		if got := LifespanMean(c.start, c.stop); got != c.mean {
			t.Errorf("LifespanMean(%d, %d) = %v, want %v", c.start, c.stop, got, c.mean)
		}
		if got := LifespanMin(c.start, c.stop); got != c.min {
			t.Errorf("LifespanMin(%d, %d) = %d, want %d", c.start, c.stop, got, c.min)
		}
	}
	// In the units of §3: 2^31 − 2 s ≈ 68.05 years; 65534 s ≈ 18.2 hours.
	if y := LifespanMean(30, 0) / Year; math.Abs(y-68.05) > 0.01 {
		t.Errorf("30 coins: %.4f years", y)
	}
	if h := LifespanMean(15, 0) / 3600; math.Abs(h-18.204) > 0.001 {
		t.Errorf("15 coins: %.4f hours", h)
	}
	// Variance of one geometric wait with p = ½: (1 − p)/p² = 2.
	if v := LifespanVariance(1, 0); v != 2 {
		t.Errorf("LifespanVariance(1, 0) = %v", v)
	}
}

// TestLifespanMeanMatchesClosedForm: Monte Carlo means agree with the
// closed form. z-tests at fixed seeds, false-alarm rate 6e-5 each.
func TestLifespanMeanMatchesClosedForm(t *testing.T) {
	for _, c := range []struct{ start, stop int }{{15, 0}, {30, 0}, {30, 29}, {14, 13}, {5, 2}} {
		src := "kind: lifespan\nstart_coins: " + itoa(c.start) + "\nstop_at_coins: " + itoa(c.stop) + "\n"
		b := compileYAML(t, src)
		const n = 200_000
		var sum float64
		shortest := int64(math.MaxInt64)
		run(b, 31, n, func(o *rules.Outcome) {
			sum += float64(o.Rounds)
			shortest = min(shortest, o.Rounds)
			wantEnd := "stopped"
			if c.stop == 0 {
				wantEnd = "death"
			}
			if o.Winner != rules.None || endName(b, o) != wantEnd || o.Counters[0] != int64(c.start-c.stop) {
				t.Fatalf("%+v", o)
			}
		})
		mean := sum / n
		if z := zTest(mean, LifespanMean(c.start, c.stop), LifespanVariance(c.start, c.stop), n); math.Abs(z) > zMax {
			t.Errorf("%d→%d coins: mean %.6g s, closed form %.6g (z = %.1f)", c.start, c.stop, mean, LifespanMean(c.start, c.stop), z)
		}
		if shortest < LifespanMin(c.start, c.stop) {
			t.Errorf("%d→%d coins: a life of %d s, below the minimum", c.start, c.stop, shortest)
		}
	}
}

// TestLifespanOneCoin: with one coin the life is geometric with p = ½:
// P(k seconds) = 2^−k. Chi-square, false-alarm rate 0.1 %.
func TestLifespanOneCoin(t *testing.T) {
	b := compileYAML(t, "kind: lifespan\nstart_coins: 1\n")
	obs := make([]int64, 21)
	prob := make([]float64, 21)
	for k := 1; k <= 20; k++ {
		prob[k] = math.Ldexp(1, -k)
	}
	prob[20] *= 2
	run(b, 32, 100_000, func(o *rules.Outcome) { obs[min(o.Rounds, 20)]++ })
	if obs[0] != 0 {
		t.Fatal("a life of 0 seconds")
	}
	if p := chiSquare(t, obs[1:], prob[1:]); p < alpha {
		t.Errorf("one coin: %v, p = %.2g", obs[1:8], p)
	}
}

// TestLifespanOldAge: §9.2 old-age on. From 60 coins the all-tails waits
// (about 2^50 s and more) never come before a birthday, so every coin from
// the 100th birthday on is lost to old age: 10 coins by the 109th birthday.
func TestLifespanOldAge(t *testing.T) {
	b := compileYAML(t, "kind: lifespan\nstart_coins: 60\nstop_at_coins: 50\noptions: {old-age: on}\n")
	run(b, 33, 1000, func(o *rules.Outcome) {
		if o.Rounds != 109*Year || endName(b, o) != "stopped" || o.Counters[0] != 10 {
			t.Fatalf("%+v, want %d s", o, 109*Year)
		}
	})
	// From 30 coins, old age takes at most the 30 coins left at 100, the
	// last at the 129th birthday; without it some lives run longer.
	const n = 100_000
	for _, mode := range []string{"on", "off"} {
		b := compileYAML(t, "kind: lifespan\nstart_coins: 30\noptions: {old-age: "+mode+"}\n")
		var longest int64
		var past100 int
		run(b, 34, n, func(o *rules.Outcome) {
			longest = max(longest, o.Rounds)
			if o.Rounds > 100*Year {
				past100++
			}
			if endName(b, o) != "death" || o.Counters[0] != 30 {
				t.Fatalf("%+v", o)
			}
		})
		if mode == "on" && longest > 129*Year || mode == "off" && longest <= 130*Year || past100 == 0 {
			t.Errorf("old-age %s: longest life %.1f years, %d past 100", mode, float64(longest)/Year, past100)
		}
	}
}

// TestNextBirthday: the first birthday at age ≥ 100 strictly after t.
func TestNextBirthday(t *testing.T) {
	for _, c := range []struct{ t, want int64 }{
		{0, 100 * Year}, {100*Year - 1, 100 * Year}, {100 * Year, 101 * Year}, {150*Year + 7, 151 * Year},
	} {
		if got, ok := nextBirthday(c.t); !ok || got != c.want {
			t.Errorf("nextBirthday(%d) = %d, want %d", c.t, got, c.want)
		}
	}
	if _, ok := nextBirthday(math.MaxInt64 - 5); ok {
		t.Error("no birthday past int64")
	}
}

// TestLifespanSaturates: with 63 coins lives exceed int64 seconds; the time
// saturates instead of wrapping.
func TestLifespanSaturates(t *testing.T) {
	b := compileYAML(t, "kind: lifespan\nstart_coins: 63\n")
	if len(b.Spec().Notes) == 0 {
		t.Error("63 coins needs a note about int64 sums")
	}
	run(b, 35, 1000, func(o *rules.Outcome) {
		if o.Rounds < 63 {
			t.Fatalf("rounds %d", o.Rounds)
		}
	})
	if satAdd(math.MaxInt64-1, 5) != math.MaxInt64 || satAdd(3, 4) != 7 {
		t.Error("satAdd")
	}
}
