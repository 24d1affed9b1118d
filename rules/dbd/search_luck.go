package dbd

// The search's luck (§14 search): a play's value swings with its dice far
// more than plans differ, and playing two plans on one seed does little to
// cancel the swing, since different plans spend the same dice on different
// attacks. So each attack of a play notes how much better its dice did for
// the attacker than they do on average, in the value's units: the HP taken
// beyond the mean HP such an attack takes, and 10 per standard beyond the
// chance it destroys the defender. Its mean is zero whatever the plan, so
// a plan's mean value less a multiple of its mean luck is still an
// estimate of its worth (a control variate), with less of the dice in it.

// maxLuckDice bounds the dice and HP of the luck tables; an attack with
// more is read at the bound.
const maxLuckDice = 16

// luckTable holds, for n dice of which each hits with chance 1/3 (§8: 5–6
// of a die) and a defender of h HP, the mean HP taken, E[min(X, h)], and
// the chance of destroying it, P(X ≥ h).
type luckTable struct {
	meanTaken [maxLuckDice + 1][maxLuckDice + 1]float64
	pDestroy  [maxLuckDice + 1][maxLuckDice + 1]float64
}

var luck = newLuckTable()

func newLuckTable() *luckTable {
	t := &luckTable{}
	for n := 0; n <= maxLuckDice; n++ {
		pmf := binomialThirds(n)
		for h := 0; h <= maxLuckDice; h++ {
			for x, px := range pmf {
				t.meanTaken[n][h] += px * float64(min(x, h))
				if x >= h {
					t.pDestroy[n][h] += px
				}
			}
		}
	}
	return t
}

// binomialThirds returns the distribution of the hits of n dice, each a
// hit with chance 1/3.
func binomialThirds(n int) []float64 {
	pmf := make([]float64, n+1)
	pmf[0] = 1
	for k := 1; k <= n; k++ {
		for x := k; x >= 0; x-- {
			pmf[x] *= 2.0 / 3
			if x > 0 {
				pmf[x] += pmf[x-1] / 3
			}
		}
	}
	return pmf
}

// noteLuck adds to side by's luck that of an attack of n dice that hit
// hits times a defender of type t with hp HP.
func (g *game) noteLuck(by Side, n, hits, hp int, t UnitType) {
	n, hp = min(n, maxLuckDice), min(hp, maxLuckDice)
	std := standardsFor(t)
	worth := float64(10 * std)
	if g.st.standards[by]+std >= g.b.Scenario.StandardsToWin || g.st.alive[by.Other()] == 1 {
		worth += 100 // destroying it wins the game (§11)
	}
	l := float64(min(hits, hp)) - luck.meanTaken[n][hp]
	if hits >= hp {
		l += worth
	}
	g.luck[by] += l - worth*luck.pDestroy[n][hp]
}

// luckWeight is the multiple of a plan's mean luck taken off its mean
// value: the regression of the decision's values on their luck so far,
// kept between 0 and 2 (a weight the few plays of a decision's start
// could throw far off).
func (sa *searchArena) luckWeight() float64 {
	n := float64(sa.plays)
	if n < 2 {
		return 0
	}
	vl := sa.svl - sa.sv*sa.sl/n
	ll := sa.sll - sa.sl*sa.sl/n
	if ll <= 0 {
		return 0
	}
	return min(max(vl/ll, 0), 2)
}
