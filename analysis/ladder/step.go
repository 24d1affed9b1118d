package ladder

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// step tests upper against lower: plan.Look pairs at a time, from pair
// 0 (or from where its checkpoint in r.Resume left it), until the test
// decides or plan.Budget pairs are fought, keeping its checkpoint in sv.
// It returns the step as far as it went (nil if no pair was fought) and,
// on an interrupt, ctx's error.
func step(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, fields [2]rules.PolicyField, lower, upper rules.PolicyValue, plan Plan, at, steps int, sv *saver) (*Step, error) {
	name := part(at, lower.Name, upper.Name, plan)
	prev, done, err := priorStep(r, sc, at, name)
	if err != nil {
		return nil, err
	}
	one, err := variant(sc, fields, upper, lower)
	if err != nil {
		return nil, err
	}
	two, err := variant(sc, fields, lower, upper)
	if err != nil {
		return nil, err
	}
	pair := newPairBattle(one, two)
	total := sim.NewTally(pair.Spec())
	job := sim.Job{Battle: pair, Key: sim.Key("ladder/" + r.StreamsOf(sc)), Seed: r.Seed, Workers: r.Workers, Chunk: r.Chunk}
	var advance func(int64)
	if r.Progress != nil {
		var stop func()
		advance, stop = r.Progress(analysis.Stage{Name: fmt.Sprintf("%s: %s against %s", sc.Name, upper.Name, lower.Name),
			Trials: plan.Budget, Step: at, Steps: steps, Unit: "step"})
		defer stop()
	}
	job.Done = advance
	s := &Step{Lower: lower.Name, Upper: upper.Name}
	if prev != nil {
		if err := total.Merge(prev); err != nil {
			return nil, fmt.Errorf("--resume: %s: %w", name, err)
		}
		s.fill(total, one.Spec().Ends, plan.Test)
	}
	for job.First = done; job.First < plan.Budget && s.Verdict == Undecided; job.First += job.Trials {
		job.Trials = min(plan.Look, plan.Budget-job.First)
		t, err := sim.Run(ctx, job)
		if err != nil {
			sv.keep(at, name, total, job.First, true)
			return s.fill(total, one.Spec().Ends, plan.Test), err
		}
		if err := total.Merge(t); err != nil {
			return nil, err
		}
		s.fill(total, one.Spec().Ends, plan.Test)
		sv.keep(at, name, total, job.First+job.Trials, false)
	}
	sv.keep(at, name, total, job.First, true)
	return s, nil
}

// fill sets the step's counts, test and estimates from the tally of its
// pairs. An interrupted look's pairs are not in it: the step is as its
// last whole look left it.
func (s *Step) fill(t *sim.Tally, ends []string, test Test) *Step {
	for k := range s.Pairs {
		s.Pairs[k] = t.Counters[k]
	}
	s.LLR = test.LLR(s.Pairs)
	s.Verdict = test.Decide(s.Pairs)
	s.Elo, s.Lo, s.Hi, s.se = Elo(s.Pairs, 1.959963984540054)
	s.Ends = make([]EndCount, len(ends))
	for i, e := range ends {
		s.Ends[i].End = e
	}
	for i, n := range t.Ends {
		s.Ends[i/len(ends)].Games += n
		s.Ends[i%len(ends)].Games += n
	}
	s.Rounds = t.Rounds.Sum64()
	return s
}

// Sentence says the step's verdict in a designer's words, the numbers
// behind it after: "search:1k beats rollout: 61 % of the points, 48 % of
// the side-swapped pairs won outright, decided after 410 pairs".
func (s Step) Sentence(test Test, budget int64) string {
	score := fmt.Sprintf("%.0f %% of the points, %.0f %% of the side-swapped pairs won outright",
		100*s.Pairs.Score(), 100*share(s.Pairs.Won(), s.Pairs.N()))
	switch s.Verdict {
	case Beats:
		return fmt.Sprintf("%s beats %s: %s, decided after %d pairs", s.Upper, s.Lower, score, s.Pairs.N())
	case NoBetter:
		if s.Hi < 0 {
			return fmt.Sprintf("%s is weaker than %s: %s, decided after %d pairs", s.Upper, s.Lower, score, s.Pairs.N())
		}
		return fmt.Sprintf("%s does not beat %s (a tie here: not %g Elo stronger): %s, decided after %d pairs",
			s.Upper, s.Lower, test.Elo1, score, s.Pairs.N())
	}
	why := "the budget"
	if s.Pairs.N() < budget {
		why = "interrupted"
	}
	return fmt.Sprintf("%s and %s do not separate: %s after %d pairs (%s), undecided", s.Upper, s.Lower, score, s.Pairs.N(), why)
}

// Detail is the statistics behind the sentence: the test, the Elo with
// its interval, and how the games ended.
func (s Step) Detail(test Test) string {
	lo, hi := test.Bounds()
	var ends []string
	for _, e := range s.Ends {
		if e.Games > 0 {
			ends = append(ends, fmt.Sprintf("%s %.0f %%", e.End, 100*share(e.Games, s.Games())))
		}
	}
	return fmt.Sprintf("Elo %+.0f [%+.0f, %+.0f]; LLR %.2f in (%.2f, %.2f); pairs by points 0/½/1/1½/2: %d/%d/%d/%d/%d; games: %s; %.1f rounds a game",
		s.Elo, s.Lo, s.Hi, s.LLR, lo, hi, s.Pairs[0], s.Pairs[1], s.Pairs[2], s.Pairs[3], s.Pairs[4], strings.Join(ends, ", "), s.MeanRounds())
}

func share(k, n int64) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

// variant returns sc with side a playing a and side b playing b.
func variant(sc *scenarios.Scenario, fields [2]rules.PolicyField, a, b rules.PolicyValue) (rules.Battle, error) {
	v := sc.Clone()
	err := v.Edit(func(root *doc.Node) error {
		return errors.Join(fields[0].Apply(root, a, "ladder"), fields[1].Apply(root, b, "ladder"))
	})
	if err != nil {
		return nil, err
	}
	return v.Compile()
}
