package spread

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Spread is a scenario fought under each built-in policy of each side
// (rules.Policied), the other side playing as the scenario says: how much
// the answer owes to the way the sides are played. Its headline is side
// a's win share, which every report leads with.
//
// Each side is varied alone, not in a grid of both sides' values: the
// scenario's policies are the designer's statement of how the sides play,
// and the question is how far the answer moves when one side plays
// otherwise. A side's skill gap is read against an opponent that stays
// the same, and a cell that changes both sides at once would mix two
// effects the designer cannot tell apart. It costs ka + kb − 1 cells where
// a grid costs ka·kb (7 against 16 for two Eclipse player sides), so that
// a budget of trials buys each cell more than twice the precision.
type Spread struct {
	Scenario, Ruleset string
	Seed              uint64
	// Labels name side a and side b (rules.Spec.Labels; "a" and "b" where
	// the battle gives none).
	Labels [2]string
	// Fields are the fields that choose how side a and side b play.
	Fields [2]string
	// Trials is the number of trials of each Monte Carlo cell and of each
	// paired pass of a skill gap; 0 when every cell is exact.
	Trials int64
	// Threshold is the move of the headline, as a share, beyond which the
	// spread is Noted.
	Threshold float64
	// Cells are the scenario as it is, then side a playing each of its
	// other values, then side b.
	Cells []Cell
	// Left are the values not played, each with the reason.
	Left []Left
	// Gaps are the skill gaps of side a and side b, in that order.
	Gaps [2]SkillGap
}

// Cell is the scenario with one side playing one value.
type Cell struct {
	// Policies are the values side a and side b play.
	Policies [2]string
	// Varied is the side whose value is not the scenario's; rules.None
	// for the scenario as it is.
	Varied rules.Side
	// Win are side a's and side b's win shares with their 95 %
	// Clopper–Pearson intervals (EstimateOf); Lo = Hi = Value when Exact.
	Win   [2]analysis.Estimate
	Exact bool
	// battle is a Monte Carlo cell's battle, for the paired pass of a
	// skill gap.
	battle rules.Battle
}

// Left is a value a spread did not play, and why; Budget when it was for
// the plan's MaxWork.
type Left struct {
	Side   rules.Side
	Policy string
	Why    string
	Budget bool
}

// SkillGap is how much more often one side wins playing its strongest
// policy than its weakest, the other side playing as the scenario says:
// restricted play, after Jaffe et al. (2012), who read how much a game
// rewards skill from how far a player restricted to weak play falls
// behind one that plays well.
type SkillGap struct {
	Side rules.Side
	// Played is the number of the side's policies the spread played.
	Played int
	// Strong and Weak are the policies under which the side wins most and
	// least often (the first of equals; the same one when all are equal);
	// "" when the side played one policy only.
	Strong, Weak string
	// Diff is the side's win share under Strong less that under Weak, and
	// [Lo, Hi] its 95 % interval: exact (Lo = Hi = Diff) when both cells
	// are; else, with both by Monte Carlo, the paired interval
	// (PairedShareInterval) of a pass that fights both policies on the
	// same fresh streams, so that choosing the two ends by the cells'
	// trials cannot widen the gap by their luck (Plan.PairGaps);
	// else the interval the two ends' own intervals allow.
	Diff, Lo, Hi float64
	Exact        bool
	// Pairs is the number of trials of the paired pass; 0 where there
	// was none.
	Pairs int64
}

// Plan says which values a spread plays and how.
type Plan struct {
	// Trials is the number of trials of each Monte Carlo cell.
	Trials int64
	// Costly plays the values marked costly (rules.PolicyValue.Costly);
	// without it they are left out, with the reason.
	Costly bool
	// ExactOnly plays no Monte Carlo: a cell the solver does not reach is
	// left out (crucible exact, which draws no random numbers).
	ExactOnly bool
	// Threshold is the move of the headline, as a share, beyond which
	// the spread is Noted.
	Threshold float64
	// Base, if set, is the scenario's own exact solution, which the
	// caller already has.
	Base *rules.Exact
	// MaxStates, if not 0, bounds the cost of the solves: the other cells
	// are solved only where the scenario's own solve took at most this
	// many states (each is a solve about as large), else fought by Monte
	// Carlo.
	MaxStates int
	// PairGaps measures a skill gap between two Monte Carlo cells on a
	// paired pass of fresh streams; without it, the gap's interval is the
	// one the cells' own intervals allow, and costs no trials.
	PairGaps bool
	// MaxWork, if not 0, bounds the work of the solves of the other
	// cells, together, in the solver's units (rules.WorkBounded): a cell
	// the rest of it does not solve is left out, and so are those after
	// it (Left.Budget). A spread computed unasked spends so at most what
	// the solve asked for took.
	MaxWork int64
}

// DefaultThreshold is the move of the headline beyond which a
// spread is noted: 5 points.
const DefaultThreshold = 0.05

// NoPoliciesError is the error of a spread of a scenario whose ruleset
// has no built-in policies.
type NoPoliciesError struct{ Scenario, Ruleset string }

func (e *NoPoliciesError) Error() string {
	return fmt.Sprintf("%s: ruleset %s has no built-in policies, so there is no policy spread to fight (rulesets with them: %s)",
		e.Scenario, e.Ruleset, strings.Join(PoliciedRulesets(), ", "))
}

// RungWhy is why a spread leaves out a value that is a rung of the
// ladder of skill (rules.PolicyValue.Rung): a spread compares styles of
// equal standing, and a difference in skill is the ladder's question.
const RungWhy = "a rung of the ladder of skill, not a style: crucible ladder ranks it"

// OnlyRungsError is the error of a spread of a scenario whose sides'
// every other policy is a rung of the ladder of skill (dbd's players):
// there is no style to vary.
type OnlyRungsError struct{ Scenario, Ruleset string }

func (e *OnlyRungsError) Error() string {
	return fmt.Sprintf("%s: ruleset %s's policies differ in skill, not style, so there is no policy spread to fight: "+
		"crucible ladder %s ranks them, and --skill re-judges a verdict at each rung", e.Scenario, e.Ruleset, e.Scenario)
}

// PoliciedRulesets returns the IDs of the registered rulesets whose sides
// have built-in policies.
func PoliciedRulesets() []string {
	var out []string
	for _, id := range rules.IDs() {
		if rs, _ := rules.Lookup(id); rs != nil {
			if _, ok := rs.(rules.Policied); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// PolicyFieldsOf returns the policy fields of sc's ruleset, or a
// *NoPoliciesError, or an *OnlyRungsError (with the fields) when every
// value is a rung of the ladder of skill.
func PolicyFieldsOf(sc *scenarios.Scenario) ([2]rules.PolicyField, error) {
	rs, err := rules.Lookup(sc.Ruleset)
	if err != nil {
		return [2]rules.PolicyField{}, err
	}
	p, ok := rs.(rules.Policied)
	if !ok {
		return [2]rules.PolicyField{}, &NoPoliciesError{sc.Name, sc.Ruleset}
	}
	fields := p.PolicyFields()
	if len(fields[0].Values) <= 1 && len(fields[1].Values) <= 1 {
		// A rules file may allow its sides one policy (targeting.policies).
		return fields, fmt.Errorf("%s: each side of %s may play one policy only, so there is no policy spread to fight", sc.Name, sc.Ruleset)
	}
	style := func(v rules.PolicyValue) bool { return v.Rung == 0 }
	if !slices.ContainsFunc(fields[0].Values, style) && !slices.ContainsFunc(fields[1].Values, style) {
		return fields, &OnlyRungsError{sc.Name, sc.Ruleset}
	}
	return fields, nil
}

// CutShort returns the number of values the spread left out for its
// plan's MaxWork.
func (s *Spread) CutShort() int {
	n := 0
	for _, l := range s.Left {
		if l.Budget {
			n++
		}
	}
	return n
}

func errorIf(why string) error {
	if why == "" {
		return nil
	}
	return errors.New(why)
}

// spreadAlpha is the false-alarm rate of a spread's intervals: 95 %.
const spreadAlpha = 0.05

func exactCell(sol *rules.Exact) Cell {
	c := Cell{Exact: true}
	for side := range c.Win {
		p := sol.Win[side+1].F
		c.Win[side] = analysis.Estimate{Value: p, Lo: p, Hi: p, Method: "exact"}
	}
	return c
}

// reason is an error as the reason a value is left out: a located error's
// message without its place (which names the spread itself).
func reason(err error) string {
	var de *doc.Error
	if errors.As(err, &de) {
		return de.Msg
	}
	return err.Error()
}
