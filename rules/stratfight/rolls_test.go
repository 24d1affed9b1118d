package stratfight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestD2RollBinomial: D2ROLL(n) (§2.1, §10) follows Binomial(n, ½).
// Chi-square at a fixed seed, false-alarm rate alpha = 0.1 % per n.
func TestD2RollBinomial(t *testing.T) {
	r := rules.NewRand(11, 12)
	const draws = 200_000
	for _, n := range []int{1, 4, 7, 20, 63, 64, 65, 100} {
		obs := make([]int64, n+1)
		for range draws {
			obs[r.Heads(n)]++
		}
		prob := make([]float64, n+1)
		bin := distuv.Binomial{N: float64(n), P: 0.5}
		for k := range prob {
			prob[k] = bin.Prob(float64(k))
		}
		if p := chiSquare(t, obs, prob); p < alpha {
			t.Errorf("D2ROLL(%d): chi-square p = %.2g < %g", n, p, alpha)
		}
	}
	// n ≤ 0 flips nothing (§2.1) and draws nothing.
	r1, r2 := rules.NewRand(1, 1), rules.NewRand(1, 1)
	if r1.Heads(0) != 0 || r1.Heads(-3) != 0 || r1.Uint64() != r2.Uint64() {
		t.Errorf("D2ROLL(n ≤ 0) must give 0 and draw nothing")
	}
}

// TestFlipOffUniform: the Flip-Off (§2.3) is symmetric, so its winner is
// uniform among the tied players. Chi-square per n at a fixed seed,
// false-alarm rate alpha = 0.1 % per n.
func TestFlipOffUniform(t *testing.T) {
	r := rules.NewRand(21, 22)
	const runs = 60_000
	for n := 2; n <= 7; n++ {
		obs := make([]int64, n)
		for range runs {
			obs[flipOff(r, n, nil, nil)]++
		}
		prob := make([]float64, n)
		for i := range prob {
			prob[i] = 1 / float64(n)
		}
		if p := chiSquare(t, obs, prob); p < alpha {
			t.Errorf("flip-off among %d: winners %v, chi-square p = %.2g", n, obs, p)
		}
	}
	if w := flipOff(r, 1, nil, nil); w != 0 {
		t.Errorf("a single player wins the flip-off, got %d", w)
	}
}

// TestFlipOffDrawsOneBitPerPlayer: §10 says a Flip-Off draws one bit per
// remaining player per iteration, literally. The log lists every coin; the
// stream must have advanced by exactly that many draws, and the winner must
// be the only player left after the last flip that was not all tails.
func TestFlipOffDrawsOneBitPerPlayer(t *testing.T) {
	names := []string{"P0", "P1", "P2", "P3", "P4"}
	for seed := range uint64(300) {
		n := 2 + int(seed%4)
		r := rules.NewRand(seed, 5)
		var log strings.Builder
		w := flipOff(r, n, &log, names)
		coins := 0
		var last string
		for _, line := range strings.Split(log.String(), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "flip-off:"); ok {
				coins += strings.Count(rest, " H") + strings.Count(rest, " T")
				if strings.Contains(rest, " H") {
					last = rest
				}
			}
		}
		// Replay the stream: the coins were draws 1..coins; the next draw matches.
		ref := rules.NewRand(seed, 5)
		for range coins {
			ref.Uint64()
		}
		if ref.Uint64() != r.Uint64() {
			t.Fatalf("seed %d: flip-off among %d used a different number of draws than the %d coins it logged", seed, n, coins)
		}
		if strings.Count(last, " H") != 1 || !strings.Contains(last, fmt.Sprintf("%s H", names[w])) {
			t.Fatalf("seed %d: winner %s, last flip %q", seed, names[w], last)
		}
	}
}

// TestFlipOffTwoPlayers derives the two-player case by hand from the first
// two coins of the stream: HT → first, TH → second, HH or TT → flip again.
func TestFlipOffTwoPlayers(t *testing.T) {
	for seed := range uint64(500) {
		ref := rules.NewRand(seed, 9)
		want := -1
		for want < 0 {
			c1, c2 := ref.Coin(), ref.Coin()
			switch {
			case c1 && !c2:
				want = 0
			case !c1 && c2:
				want = 1
			}
		}
		if got := flipOff(rules.NewRand(seed, 9), 2, nil, nil); got != want {
			t.Fatalf("seed %d: flip-off winner %d, by hand %d", seed, got, want)
		}
	}
}
