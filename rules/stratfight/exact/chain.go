package exact

import (
	"context"
	"fmt"
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/stratfight"
)

// Chain implements rules.ChainSolver for lifespans (§9): each second a
// life of k coins loses one with chance 2^−k (§9.2), until stop coins
// remain; state i holds start − i coins.
func (solver) Chain(_ context.Context, n *doc.Node) (rules.Chain, error) {
	b, p, err := lifespan(n)
	if err != nil {
		return nil, err
	}
	return lifeChain{p: p, spec: b.Spec()}, nil
}

type lifeChain struct {
	p    stratfight.LifespanParams
	spec rules.Spec
}

func (c lifeChain) coins(s int) int  { return c.p.Start - s }
func (c lifeChain) Start() int       { return 0 }
func (c lifeChain) Spec() rules.Spec { return c.spec }
func (c lifeChain) Describe(s int) string {
	return fmt.Sprintf("%d Life Coins left", c.coins(s))
}

func (c lifeChain) Steps(s int, buf []rules.Step) []rules.Step {
	k := c.coins(s)
	if k <= c.p.Stop {
		return buf
	}
	lose := math.Ldexp(1, -k)
	return append(buf,
		rules.Step{To: s + 1, P: lose, Rat: fmt.Sprintf("1/%d", uint64(1)<<k), Rounds: 1, Event: fmt.Sprintf("a second passes and a coin is lost (%d left)", k-1)},
		rules.Step{To: s, P: 1 - lose, Rat: fmt.Sprintf("%d/%d", uint64(1)<<k-1, uint64(1)<<k), Rounds: 1, Event: "a second passes, no coin lost"})
}

func (c lifeChain) End(s int) (rules.ChainEnd, bool) {
	if c.coins(s) > c.p.Stop {
		return rules.ChainEnd{}, false
	}
	end := 0 // death
	if c.p.Stop > 0 {
		end = 1 // stopped
	}
	return rules.ChainEnd{Winner: rules.None, End: end, Counters: []int64{int64(c.p.Start - c.p.Stop)}, Known: []bool{true}}, true
}
