package exact

import (
	"fmt"
	"math"
)

// The round cap ends a battle still going at the end of round cap. To
// follow it exactly the state must record the round, which multiplies the
// states by the cap; most battles never come near it, so the solver first
// solves the battle without the cap (the round recorded only as far as
// expressions tell rounds apart) and then decides from that chain whether
// the cap can matter:
//
//   - with no cycle, every battle ends within its longest path of rounds:
//     when that is within the cap, the cap never acts, and the solution is
//     exact;
//   - when every cycle is a ring of one state (rounds that change nothing,
//     left with some chance each round), the rounds of a battle are at
//     most the chain's longest path D plus the rounds spent going round
//     its rings, k at most on one path, each left with chance at least
//     1 − q a round: P(rounds > cap) ≤ P(S ≥ m) for S a sum of k
//     geometric variables of ratio q and m = ⌈(cap + 1 − D)/r⌉ (r the
//     most rounds one turn of a ring begins), and
//     P(S ≥ m) ≤ C(m + k − 1, k − 1) q^m / (1 − q)^k. When that bound is
//     below 10⁻³⁰⁰ no float64 can tell the battle from its uncapped self,
//     and the solution is that of the battle without its cap, which the
//     answer's notes say, with the bound;
//   - otherwise (the bound is larger, a cycle the battle may never leave,
//     states that come back) the solve starts again with every round
//     recorded up to the cap (rulesfile.StepOptions.Cap).

// capFloor is the bound below which the cap is left out.
const capFloor = -300

// capVerdict says whether the chain solved without a cap is the battle's
// exact solution: ok, with a note for the answer when the cap could act
// with a chance below 10^capFloor; or not, and the solve must record the
// rounds.
func (c *chain[T, A]) capVerdict(comps [][]int32) (ok bool, note string) {
	capR := c.m.Cap()
	compOf := zeroed(&c.buf.compOf, c.nodes.len())
	for i, comp := range comps {
		for _, v := range comp {
			compOf[v] = int32(i)
		}
	}
	longest := zeroed(&c.buf.longest, len(comps)) // rounds to the end, at most
	rings := zeroed(&c.buf.rings, len(comps))     // rings on the way, at most
	q, rmax := 0.0, int64(1)
	for i := len(comps) - 1; i >= 0; i-- {
		comp := comps[i]
		cyclic := len(comp) > 1 || c.selfLoop(comp[0])
		// A cycle must be a ring of one state: the chance of going once
		// round it (rq) and the rounds a turn begins (turn) are its
		// edges within it, read in the pass over its edges out.
		rq, turn := 1.0, int64(0)
		for _, v := range comp {
			if cyclic && !c.nodes.sameState(v, comp[0]) {
				return false, ""
			}
			e0, e1 := c.edges(v)
			for e := e0; e < e1; e++ {
				to := c.to[e]
				if to >= 0 && compOf[to] == int32(i) {
					rq *= c.ar.Float(c.w[e])
					turn += int64(c.rnd[e])
					continue
				}
				l, k := int64(c.rnd[e]), int64(0)
				if to >= 0 {
					l += longest[compOf[to]]
					k = rings[compOf[to]]
				}
				longest[i] = max(longest[i], l)
				rings[i] = max(rings[i], k+b2i(cyclic))
			}
		}
		if cyclic {
			turn = max(turn, 1)
			q, rmax = math.Max(q, rq), max(rmax, turn)
			rings[i] = max(rings[i], 1)
			longest[i] += turn
		}
	}
	d := int64(c.rootRounds)
	k := int64(0)
	if c.root >= 0 {
		d += longest[compOf[c.root]]
		k = rings[compOf[c.root]]
	}
	return capTail(int64(capR), d, k, q, rmax)
}

// capTail is capVerdict's bound on the chance that a battle reaches the
// round cap capR: its longest path without the rings is d rounds, it goes
// through at most k rings, each kept with chance at most q a round and
// beginning at most rmax rounds a turn.
func capTail(capR, d, k int64, q float64, rmax int64) (ok bool, note string) {
	if k == 0 {
		return d <= capR, ""
	}
	if q >= 1 {
		return false, ""
	}
	m := (capR + 1 - d + rmax - 1) / rmax
	if m <= 0 {
		return false, ""
	}
	bound := log10Binom(m+k-1, k-1) + float64(m)*math.Log10(q) - float64(k)*math.Log10(1-q)
	if bound >= capFloor {
		return false, ""
	}
	return true, fmt.Sprintf("the round cap (%d rounds) is reached with a chance below 1e%d: these are the exact values of the battle without it", capR, int(math.Ceil(bound)))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// log10Binom is log₁₀ C(n, k).
func log10Binom(n, k int64) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	d, _ := math.Lgamma(float64(n - k + 1))
	return (a - b - d) / math.Ln10
}
