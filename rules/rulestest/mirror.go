package rulestest

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// MirrorAlpha is the false-alarm rate of the mirror check as a whole: the
// chance that a ruleset whose mirrored battles are truly even fails it on
// a given seed, shared out over its tests (Bonferroni).
const MirrorAlpha = 0.001

// defaultMirrorTrials is the games a mirror test plays (Kit.MirrorTrials).
const defaultMirrorTrials = 2000

// MirrorPlay is one way of playing a mirrored kit scenario: the scenario
// with one player on both sides.
type MirrorPlay struct {
	Scenario string // the kit scenario's name
	Player   string // the policy on both sides; "" for the scenario as it is
	Mirror   string // how the battle's sides mirror each other
	Battle   rules.Battle
}

// MirrorPlays returns the mirrored battles of the kit's scenarios: each
// scenario whose battle declares itself mirrored (rules.Mirrored), played
// by each built-in player of a rules.Policied ruleset on both sides — but
// the exact-only ones, which Compile refuses, and the costly ones unless
// costly is set — or as it is for a ruleset without players. A player
// that makes the battle unmirrored, or that the scenario refuses, is left
// out.
func (k Kit) MirrorPlays(costly bool) ([]MirrorPlay, error) {
	var out []MirrorPlay
	for _, sc := range k.Scenarios {
		n, err := scenarios.ParseDocument(sc.Name+".yaml", []byte(sc.Src))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sc.Name, err)
		}
		b, err := k.Ruleset.Compile(n.Clone())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sc.Name, err)
		}
		if rules.MirrorOf(b) == "" {
			continue
		}
		p, ok := k.Ruleset.(rules.Policied)
		if !ok {
			out = append(out, MirrorPlay{Scenario: sc.Name, Mirror: rules.MirrorOf(b), Battle: b})
			continue
		}
		fields := p.PolicyFields()
		for _, v := range fields[0].Values {
			if v.ExactOnly || v.Costly && !costly {
				continue
			}
			m := n.Clone()
			if fields[0].Apply(m, v, "mirror check") != nil || fields[1].Apply(m, v, "mirror check") != nil {
				continue
			}
			if b, err := k.Ruleset.Compile(m); err == nil && rules.MirrorOf(b) != "" {
				out = append(out, MirrorPlay{Scenario: sc.Name, Player: v.Name, Mirror: rules.MirrorOf(b), Battle: b})
			}
		}
	}
	return out, nil
}

// Edge plays trials games of the mirrored battle from trial 0 with the
// given master seed, on every core, and returns side a's edge over side b.
func (p MirrorPlay) Edge(ctx context.Context, seed uint64, trials int64) (analysis.SideEdge, error) {
	t, err := sim.Run(ctx, sim.Job{Battle: p.Battle, Key: sim.Key("rulestest/mirror/" + p.Scenario), Seed: seed, Trials: trials})
	if err != nil {
		return analysis.SideEdge{}, err
	}
	return analysis.EdgeOf(t), nil
}

func (p MirrorPlay) String() string {
	if p.Player == "" {
		return fmt.Sprintf("%s (%s)", p.Scenario, p.Mirror)
	}
	return fmt.Sprintf("%s with %s on both sides (%s)", p.Scenario, p.Player, p.Mirror)
}

// mirrors checks rules.Mirrored: every mirrored play of the kit's
// scenarios (MirrorPlays, costly players left out) plays MirrorTrials
// games, and side a's and side b's win shares must not differ by more
// than chance explains — at MirrorAlpha for the whole check, shared
// equally between the plays. The seed is fixed, so the check never
// flakes; MirrorAlpha is the chance that it fails an even ruleset on a
// seed drawn at random. The equivalence test that bounds the edge within
// ±1 point takes 10⁵ games and more (see MirrorPlay.Edge), too many for
// the default run. A battle that names the counter of its first mover's
// wins (rules.FirstMoverCounted) must declare it.
func (k Kit) mirrors([]rules.Battle) (problems []string) {
	plays, err := k.MirrorPlays(false)
	if err != nil {
		return []string{err.Error()}
	}
	trials := int64(k.MirrorTrials)
	if trials <= 0 {
		trials = defaultMirrorTrials
	}
	z := analysis.NormalQuantile(1 - MirrorAlpha/2/float64(max(len(plays), 1)))
	for _, p := range plays {
		if c := rules.FirstMoverWonOf(p.Battle); c != "" && !slices.Contains(p.Battle.Spec().CounterNames(), c) {
			problems = append(problems, fmt.Sprintf("%s: FirstMoverWon names counter %q, which the battle does not declare (its counters: %v)", p, c, p.Battle.Spec().CounterNames()))
		}
		e, err := p.Edge(context.Background(), 1, trials)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		if e.StdErr > 0 && math.Abs(e.Edge) > z*e.StdErr {
			problems = append(problems, fmt.Sprintf("%s: side a's win share minus side b's is %+.2f points over %d games (standard error %.2f; z = %.2f, beyond %.2f): "+
				"a player favours one side — a tie-break or scan order by position, or a stream used unevenly",
				p, 100*e.Edge, e.N, 100*e.StdErr, e.Edge/e.StdErr, z))
		}
	}
	return problems
}
