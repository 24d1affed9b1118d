package stratfight

import (
	"fmt"
	"io"
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Year is the year of §3: 365.25 days = 31 557 600 seconds.
const Year = 31_557_600

// oldAgeFrom is the first birthday (in years) at which old age takes a coin
// (§9 old-age, SF1: "lose one coin every year of life past 100").
const oldAgeFrom = 100

// End reasons of a lifespan (§9.3), in Spec order.
const (
	lifeDeath = iota
	lifeStopped
)

// lifespanBattle is the long-horizon Life Coin model (§9): one trial is one
// life, from start_coins until stop_at_coins remain (0 = death).
type lifespanBattle struct {
	spec        rules.Spec
	start, stop int
	oldAge      bool
	// logq[n] = log1p(−2^−n), the denominator of the §9.2 waiting time with
	// n coins, computed once per battle.
	logq [maxStartCoins + 1]float64
}

// LifespanParams are what makes one lifespan battle differ from another:
// its start and stop coins and whether old age takes coins (§9).
type LifespanParams struct {
	Start, Stop int
	OldAge      bool
}

// Lifespan returns the parameters of a lifespan battle compiled by this
// ruleset, and false for any other battle, a duel among them. Package
// exact reads them for the closed forms.
func Lifespan(b rules.Battle) (LifespanParams, bool) {
	lb, ok := b.(*lifespanBattle)
	if !ok {
		return LifespanParams{}, false
	}
	return LifespanParams{Start: lb.start, Stop: lb.stop, OldAge: lb.oldAge}, true
}

// lifespanDoc is a lifespan scenario (§9).
type lifespanDoc struct {
	Kind        *doc.Node `doc:"kind"`
	Options     *doc.Node `doc:"options"`
	StartCoins  *doc.Node `doc:"start_coins,required"`
	StopAtCoins *doc.Node `doc:"stop_at_coins"`
}

// compileLifespan validates a lifespan (§9) into its immutable battle.
func compileLifespan(n *doc.Node) (*lifespanBattle, error) {
	var d lifespanDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := lifespanOptions.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	start, err := intIn(d.StartCoins, 1, maxStartCoins) // §9: start_coins 1–63
	if err != nil {
		return nil, err
	}
	stop := 0 // §9: default 0 = until death
	if doc.Present(d.StopAtCoins) {
		v, err := doc.Range{Min: 0, Max: int64(start) - 1, Note: fmt.Sprintf("below start_coins %d", start)}.Int(d.StopAtCoins)
		if err != nil {
			return nil, err
		}
		stop = int(v)
	}
	b := newLifespan(start, stop, settings.Get(optOldAge) == "on")
	var notes []string
	if b.start >= 33 {
		// Mean lifetime is about 2^(start+1) seconds; int64 sums hold 2^63.
		notes = append(notes, fmt.Sprintf("start_coins %d: a mean life is about 2^%d seconds, so int64 sums of seconds hold only about 2^%d trials; a single life is capped at 2^63−1 seconds",
			b.start, b.start+1, max(0, 62-(b.start+1))))
	}
	b.spec = rules.Spec{
		Ends:       []string{"death", "stopped"},
		Counters:   []rules.Counter{{Name: "coins-lost", Doc: "Life Coins lost (§9)"}},
		Options:    []rules.Setting(settings),
		RoundsUnit: "seconds",
		Notes:      notes,
	}
	return b, nil
}

func newLifespan(start, stop int, oldAge bool) *lifespanBattle {
	b := &lifespanBattle{start: start, stop: stop, oldAge: oldAge}
	for n := 1; n <= maxStartCoins; n++ {
		b.logq[n] = math.Log1p(-math.Ldexp(1, -n))
	}
	return b
}

func (b *lifespanBattle) Spec() rules.Spec { return b.spec }

func (b *lifespanBattle) NewFighter() rules.Fighter { return &lifespanFighter{b: b} }

type lifespanFighter struct{ b *lifespanBattle }

func (f *lifespanFighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) { f.live(r, o, nil) }

func (f *lifespanFighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	f.live(r, o, w)
}

// live simulates one life by geometric waiting times, never second by second
// (§9). Rounds is the number of seconds lived.
func (f *lifespanFighter) live(r *rules.Rand, o *rules.Outcome, log io.Writer) {
	b := f.b
	if log != nil {
		fmt.Fprintf(log, "stratfight lifespan: %d coins until %d remain, old-age %s\n", b.start, b.stop, onOff(b.oldAge))
	}
	t := int64(0)    // §9.1: t = 0 seconds
	n := b.start     // §9.1: n = start_coins
	for n > b.stop { // §9.2
		// The second of the next all-tails flip of n coins (§2.8).
		w := wait(r, b.logq[n])
		if b.oldAge {
			// §9.2 old-age on: a birthday at age ≥ 100 years inside (t, t + W)
			// takes the coin at that birthday instead, and the next wait is
			// drawn afresh (the geometric process is memoryless). A birthday
			// exactly at t + W is not inside the open interval: the all-tails
			// second takes the coin, as §9.2 states it.
			if bd, ok := nextBirthday(t); ok && bd < satAdd(t, w) {
				if log != nil {
					fmt.Fprintf(log, "%d coins: wait %d s drawn, but birthday %d (t = %d s) comes first: old age takes a coin → %d coins\n",
						n, w, bd/Year, bd, n-1)
				}
				t = bd
				n--
				continue
			}
		}
		t = satAdd(t, w)
		n--
		if log != nil {
			fmt.Fprintf(log, "%d coins: all tails after %d s, at t = %d s (%.4f years) → %d coins\n", n+1, w, t, float64(t)/Year, n)
		}
	}
	o.Winner = rules.None // §9.3
	o.Rounds = t          // §9.3: rounds = seconds lived
	o.End = lifeStopped
	if n == 0 {
		o.End = lifeDeath
	}
	o.Counters[0] = int64(b.start - n) // coins-lost
}

// maxWait caps one waiting time (reached only with 60 or more coins) so that
// sums stay representable; rules.Rand.Geometric uses the same cap.
const maxWait = math.MaxInt64 / 2

// wait draws W = max(1, ceil(ln U / log1p(−p))) with U uniform in (0, 1) and
// logq = log1p(−p), p = 2^−n (§9.2): geometric on 1, 2, … with success
// probability p, from one 64-bit draw.
func wait(r *rules.Rand, logq float64) int64 {
	w := math.Ceil(math.Log(r.OpenFloat64()) / logq)
	if w < 1 {
		return 1
	}
	if w >= maxWait {
		return maxWait
	}
	return int64(w)
}

// nextBirthday returns the first birthday at age ≥ 100 years strictly after
// t seconds, unless it would overflow int64.
func nextBirthday(t int64) (int64, bool) {
	k := t/Year + 1
	if k < oldAgeFrom {
		k = oldAgeFrom
	}
	if k > math.MaxInt64/Year {
		return 0, false
	}
	return k * Year, true
}

// satAdd adds two non-negative int64 values, saturating at MaxInt64.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// LifespanMean is the expected number of seconds a character with start Life
// Coins lives until stop coins remain, without old age (§9): each coin k
// lasts a geometric time with p = 2^−k, mean 2^k, so the mean is
// Σ_{k=stop+1..start} 2^k = 2^(start+1) − 2^(stop+1) seconds.
func LifespanMean(start, stop int) float64 {
	s := 0.0
	for k := stop + 1; k <= start; k++ {
		s += math.Ldexp(1, k)
	}
	return s
}

// LifespanVariance is the variance of that time in seconds²: the waits are
// independent, each with variance (1 − p)/p² = 4^k − 2^k.
func LifespanVariance(start, stop int) float64 {
	s := 0.0
	for k := stop + 1; k <= start; k++ {
		s += math.Ldexp(1, 2*k) - math.Ldexp(1, k)
	}
	return s
}

// LifespanMin is the shortest possible time in seconds from start coins to
// stop coins: every wait is at least one second (§9.2), so start − stop (for
// 15 coins to death, the author's 15 seconds, L10).
func LifespanMin(start, stop int) int64 { return int64(start - stop) }
