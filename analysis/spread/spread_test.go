package spread_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// duel is a ruleset whose sides choose how they play and whose win shares
// are known by construction: each side's play has a strength (bold 20,
// steady 10, timid 0, seer 30) and side a wins a trial with probability
// (50 + a's strength − b's)/100, side b otherwise. seer is for the solver
// only, and costly. Its solver is exact but for a scenario marked hard
// (beyond its budget) or stalled (it then waits, deaf to its context,
// until stallDone closes). A scenario with b-locked plays b steady only.
type duel struct{}

var strength = map[string]int64{"bold": 20, "steady": 10, "timid": 0, "seer": 30}

func (duel) ID() string { return "duel" }

func (duel) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "bold"}, {Name: "steady"}, {Name: "timid"}, {Name: "seer", ExactOnly: true, Costly: true}}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

type duelDoc struct {
	A      *doc.Node `doc:"a"`
	B      *doc.Node `doc:"b"`
	Hard   bool      `doc:"hard"`
	Stall  bool      `doc:"stall"`
	Locked bool      `doc:"b-locked"`
}

// plays reads the scenario: each side's play, and the options.
func plays(n *doc.Node, exact bool) ([2]string, duelDoc, error) {
	var d duelDoc
	var out [2]string
	if err := doc.Decode(n, &d); err != nil {
		return out, d, err
	}
	allowed := []string{"bold", "steady", "timid"}
	if exact {
		allowed = append(allowed, "seer")
	}
	for i, side := range []*doc.Node{d.A, d.B} {
		out[i] = "steady"
		if p := side.Get("play"); doc.Present(p) {
			v, err := doc.OneOf(p, allowed...)
			if err != nil {
				return out, d, err
			}
			if i == 1 && d.Locked && v != "steady" {
				return out, d, p.Errorf("side b is locked to steady")
			}
			out[i] = v
		}
	}
	return out, d, nil
}

func (duel) Compile(n *doc.Node) (rules.Battle, error) {
	p, _, err := plays(n, false)
	return duelBattle(p), err
}

type duelBattle [2]string

func (b duelBattle) percent() int64 { return 50 + strength[b[0]] - strength[b[1]] }

func (b duelBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"duel"}, Labels: [2]string{"left", "right"},
		Options: []rules.Setting{{Name: "a.play", Value: b[0]}, {Name: "b.play", Value: b[1]}}}
}
func (b duelBattle) NewFighter() rules.Fighter { return b }
func (b duelBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	b.Replay(i, r, o, nil)
}
func (b duelBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	o.Rounds, o.Winner = 1, rules.B
	if int64(r.IntN(100)) < b.percent() {
		o.Winner = rules.A
	}
}

// stallDone releases a stalled solve.
var stallDone = make(chan struct{})

// Check refuses what does not decode; a hard duel's budget is found by
// the solve.
func (duel) Check(n *doc.Node) error {
	_, _, err := plays(n, true)
	return err
}

func (duel) Solve(_ context.Context, n *doc.Node, _ bool) (*rules.Exact, error) {
	p, d, err := plays(n, true)
	switch {
	case err != nil:
		return nil, err
	case d.Hard:
		return nil, fmt.Errorf("duel: %w: a hard duel", rules.ErrBudget)
	case d.Stall:
		<-stallDone
	}
	b := duelBattle(p)
	x := float64(b.percent()) / 100
	return &rules.Exact{Win: [3]rules.Value{rules.A: {F: x}, rules.B: {F: 1 - x}},
		Ends: []rules.NamedValue{{Name: "duel", Value: rules.Value{F: 1}}}, RoundsMean: rules.Value{F: 1},
		Options: b.Spec().Options, States: 10}, nil
}

// work is what a duel's solve costs, per play: the sum of both sides'
// (rules.WorkBounded).
var work = map[string]int64{"bold": 40, "steady": 10, "timid": 20, "seer": 100}

func (d duel) SolveWithin(ctx context.Context, n *doc.Node, rational bool, maxWork int64) (*rules.Exact, error) {
	p, _, err := plays(n, true)
	if err != nil {
		return nil, err
	}
	if w := work[p[0]] + work[p[1]]; w > maxWork {
		return nil, fmt.Errorf("duel: %w: %d units of work, more than the %d allowed", rules.ErrBudget, w, maxWork)
	}
	e, err := d.Solve(ctx, n, rational)
	if err == nil {
		e.Work = work[p[0]] + work[p[1]]
	}
	return e, err
}

func init() {
	rules.Register(duel{})
	rules.RegisterSolver("duel", duel{})
}

func closeTo(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func duelScenario(t *testing.T, src string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("duel.yaml", "duel", []byte("ruleset: duel\n"+src))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// cellsText lists a spread's cells as "a/b=share" (side a's win share).
func cellsText(s *spread.Spread) string {
	var parts []string
	for _, c := range s.Cells {
		parts = append(parts, fmt.Sprintf("%s/%s=%.2f", c.Policies[0], c.Policies[1], c.Win[0].Value))
	}
	return strings.Join(parts, " ")
}

// Where the solver reaches, every cell is exact: the scenario's own, then
// side a's other plays, then side b's; seer only when costly values are
// asked for. The range and the skill gaps follow from the strengths.
func TestSpreadExact(t *testing.T) {
	sc := duelScenario(t, "a: {play: steady}\nb: {play: timid}\n")
	for _, c := range []struct {
		costly           bool
		cells, left      string
		lo, hi           string
		gapA, gapB       [2]string
		diffA, rangeWide float64
	}{
		{false, "steady/timid=0.60 bold/timid=0.70 timid/timid=0.50 steady/bold=0.40 steady/steady=0.50", "a seer, b seer",
			"b.play=bold", "a.play=bold", [2]string{"bold", "timid"}, [2]string{"bold", "timid"}, 0.20, 0.30},
		{true, "steady/timid=0.60 bold/timid=0.70 timid/timid=0.50 seer/timid=0.80 steady/bold=0.40 steady/steady=0.50 steady/seer=0.30", "",
			"b.play=seer", "a.play=seer", [2]string{"seer", "timid"}, [2]string{"seer", "timid"}, 0.30, 0.50},
	} {
		s, err := spread.Run(context.Background(), analysis.Run{Seed: 1}, sc, spread.Plan{Trials: 100, Costly: c.costly, Threshold: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		if got := cellsText(s); got != c.cells {
			t.Errorf("costly %v: cells %s, want %s", c.costly, got, c.cells)
		}
		var left []string
		for _, l := range s.Left {
			left = append(left, l.Side.String()+" "+l.Policy)
			if !strings.Contains(l.Why, "--policy-spread plays it") {
				t.Errorf("left %s %s: %s", l.Side, l.Policy, l.Why)
			}
		}
		if got := strings.Join(left, ", "); got != c.left {
			t.Errorf("costly %v: left %q, want %q", c.costly, got, c.left)
		}
		for _, cell := range s.Cells {
			if !cell.Exact || cell.Win[0].Lo != cell.Win[0].Value || cell.Win[0].Hi != cell.Win[0].Value {
				t.Errorf("cell %v is not exact: %+v", cell.Policies, cell.Win[0])
			}
		}
		lo, hi := s.Lowest(), s.Highest()
		if got := fmt.Sprint(s.Fields[lo.Varied-1], "=", lo.Policies[lo.Varied-1]); got != c.lo {
			t.Errorf("lowest %s, want %s", got, c.lo)
		}
		if got := fmt.Sprint(s.Fields[hi.Varied-1], "=", hi.Policies[hi.Varied-1]); got != c.hi {
			t.Errorf("highest %s, want %s", got, c.hi)
		}
		if !closeTo(s.Range(), c.rangeWide, 1e-12) || !s.Noted() || s.Trials != 0 || s.Labels != [2]string{"left", "right"} {
			t.Errorf("range %g (want %g), noted %v, trials %d, labels %v", s.Range(), c.rangeWide, s.Noted(), s.Trials, s.Labels)
		}
		a, b := s.Gaps[0], s.Gaps[1]
		if [2]string{a.Strong, a.Weak} != c.gapA || [2]string{b.Strong, b.Weak} != c.gapB || !a.Exact || !closeTo(a.Diff, c.diffA, 1e-12) || a.Lo != a.Diff || a.Pairs != 0 {
			t.Errorf("gaps %+v, %+v", a, b)
		}
		s.Threshold = c.rangeWide + 0.01
		if s.Noted() {
			t.Errorf("noted under a threshold above its range")
		}
	}
}

// Beyond the solver, every cell is fought on the scenario's streams: each
// win share is near the true one (within four standard errors: the cells
// share their luck, so their intervals miss together or not at all), seer
// is left out with the solver's reason, and the skill gaps are paired on
// fresh streams. The same seed gives the same spread for any workers and
// chunks.
func TestSpreadMonteCarlo(t *testing.T) {
	sc := duelScenario(t, "hard: true\n")
	spread := func(workers, chunk int) *spread.Spread {
		s, err := spread.Run(context.Background(), analysis.Run{Seed: 7, Workers: workers, Chunk: chunk}, sc, spread.Plan{Trials: 4000, Costly: true, PairGaps: true, Threshold: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := spread(1, 0)
	for _, c := range s.Cells {
		p := float64(duelBattle(c.Policies).percent()) / 100
		if c.Exact || !closeTo(c.Win[0].Value, p, 0.032) || c.Win[0].Lo > c.Win[0].Value || c.Win[0].Hi < c.Win[0].Value ||
			!closeTo(c.Win[0].Value+c.Win[1].Value, 1, 1e-12) {
			t.Errorf("cell %v: %+v, true share %g", c.Policies, c.Win[0], p)
		}
	}
	if len(s.Cells) != 5 || len(s.Left) != 2 || !strings.Contains(s.Left[0].Why, "only the exact solver plays it") || !strings.Contains(s.Left[0].Why, "budget") {
		t.Errorf("cells %s; left %+v", cellsText(s), s.Left)
	}
	for _, g := range s.Gaps {
		if g.Strong != "bold" || g.Weak != "timid" || g.Exact || g.Pairs != 4000 || !closeTo(g.Diff, 0.2, 0.03) ||
			g.Lo > g.Diff || g.Hi < g.Diff || g.Hi-g.Lo > 0.05 {
			t.Errorf("gap of %s: %+v (true 0.2)", g.Side, g)
		}
	}
	if s.Trials != 4000 {
		t.Errorf("trials %d", s.Trials)
	}
	want := fmt.Sprint(cellsText(s), s.Gaps)
	if got := spread(3, 97); fmt.Sprint(cellsText(got), got.Gaps) != want {
		t.Errorf("3 workers, chunks of 97:\n%s %v\nwant\n%s", cellsText(got), got.Gaps, want)
	}
}

// A value a side may not play is left out with the scenario's reason; a
// side with one play left has no skill gap.
func TestSpreadSideThatMayNotPlay(t *testing.T) {
	s, err := spread.Run(context.Background(), analysis.Run{Seed: 1}, duelScenario(t, "b-locked: true\n"), spread.Plan{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if got := cellsText(s); got != "steady/steady=0.50 bold/steady=0.60 timid/steady=0.40" {
		t.Errorf("cells %s", got)
	}
	var why []string
	for _, l := range s.Left {
		why = append(why, l.Side.String()+" "+l.Policy+": "+l.Why)
	}
	if got := strings.Join(why, "; "); !strings.Contains(got, "b bold: side b is locked to steady; b timid: side b is locked to steady") {
		t.Errorf("left: %s", got)
	}
	if g := s.Gaps[1]; g.Played != 1 || g.Strong != "" {
		t.Errorf("b's gap: %+v", g)
	}
}

// A ruleset without built-in policies has no spread, and says which have.
func TestSpreadWithoutPolicies(t *testing.T) {
	_, err := spread.Run(context.Background(), analysis.Run{}, builtin(t, "stratfight/thug-vs-guard"), spread.Plan{Trials: 10})
	var np *spread.NoPoliciesError
	if !errors.As(err, &np) || !strings.Contains(err.Error(), "ruleset stratfight has no built-in policies") || !strings.Contains(err.Error(), "dbd, duel, eclipse, emojispace") {
		t.Errorf("error %v", err)
	}
}

// A cancelled spread returns at once, even while a solver that does not
// watch its context is at work (one that would take 5 s more).
func TestSpreadCancelled(t *testing.T) {
	time.AfterFunc(5*time.Second, func() { close(stallDone) })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := spread.Run(ctx, analysis.Run{Seed: 1}, duelScenario(t, "stall: true\n"), spread.Plan{Trials: 10})
	if !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Errorf("after %v: %v", time.Since(start), err)
	}
}

// Eclipse's optimal is played where the solver reaches: the attacker's
// missiles against Starbases (exact values from crucible exact).
func TestSpreadEclipseOptimal(t *testing.T) {
	s, err := spread.Run(context.Background(), analysis.Run{}, builtin(t, "eclipse/missiles-vs-starbases"), spread.Plan{Costly: true, Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, c := range s.Cells {
		got[c.Policies[0]+"/"+c.Policies[1]] = c.Win[0].Value
	}
	for cell, want := range map[string]float64{
		"kill-greedy/kill-greedy": 0.750431905708, "optimal/kill-greedy": 0.762253770014, "kill-greedy/optimal": 0.734225627219,
	} {
		if !closeTo(got[cell], want, 1e-11) {
			t.Errorf("%s: %.12f, want %.12f", cell, got[cell], want)
		}
	}
	if s.Gaps[0].Strong != "optimal" || s.Labels != [2]string{"attacker", "defender"} {
		t.Errorf("attacker's gap %+v, labels %v", s.Gaps[0], s.Labels)
	}
}

// A spread bounded in cost solves no cell but the scenario's own beyond
// MaxStates, and measures the skill gaps without a paired pass, from the
// cells' own intervals.
func TestSpreadBounded(t *testing.T) {
	s, err := spread.Run(context.Background(), analysis.Run{Seed: 7}, duelScenario(t, "a: {play: steady}\n"), spread.Plan{Trials: 2000, MaxStates: 5, Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range s.Cells {
		if c.Exact != (i == 0) {
			t.Errorf("cell %v exact: %v", c.Policies, c.Exact)
		}
	}
	hi, lo := s.Cells[1].Win[0], s.Cells[2].Win[0] // a bold, a timid
	if g := s.Gaps[0]; g.Strong != "bold" || g.Pairs != 0 || g.Exact || !closeTo(g.Lo, hi.Lo-lo.Hi, 1e-12) || !closeTo(g.Hi, hi.Hi-lo.Lo, 1e-12) {
		t.Errorf("a's gap %+v from cells %+v and %+v", g, hi, lo)
	}
}

// builtin loads the built-in scenario name.
func builtin(t *testing.T, name string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// tiered is duel whose timid play is a rung of a ladder of skill, not a
// style; ranks is duel with every play a rung.
type tiered struct{ duel }

func (tiered) ID() string { return "tiered" }

func (tiered) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "bold"}, {Name: "steady"}, {Name: "timid", Rung: 1}}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

type ranks struct{ duel }

func (ranks) ID() string { return "ranks" }

func (ranks) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "bold", Rung: 2}, {Name: "steady", Rung: 1}}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

func init() {
	rules.Register(tiered{})
	rules.Register(ranks{})
}

// A spread plays the styles and leaves the rungs of skill to the ladder;
// a ruleset whose every play is a rung has no spread (issue 29).
func TestSpreadLeavesRungsOut(t *testing.T) {
	sc, err := scenarios.Parse("tiered.yaml", "tiered", []byte("ruleset: tiered\na: {play: steady}\nb: {play: steady}\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := spread.Run(context.Background(), analysis.Run{Seed: 1}, sc, spread.Plan{Trials: 50})
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, l := range s.Left {
		left = append(left, l.Side.String()+" "+l.Policy+": "+l.Why)
	}
	if got, want := strings.Join(left, "; "), "a timid: "+spread.RungWhy+"; b timid: "+spread.RungWhy; got != want || len(s.Cells) != 3 {
		t.Errorf("left %q, want %q; %d cells, want 3", got, want, len(s.Cells))
	}
	sc, err = scenarios.Parse("ranks.yaml", "ranks", []byte("ruleset: ranks\na: {play: steady}\nb: {play: steady}\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = spread.Run(context.Background(), analysis.Run{Seed: 1}, sc, spread.Plan{Trials: 50})
	var or *spread.OnlyRungsError
	if !errors.As(err, &or) || !strings.Contains(err.Error(), "crucible ladder ranks ranks them") {
		t.Errorf("error %v", err)
	}
}

// A spread with MaxWork (exact's, unasked) solves the other cells in
// order while their work fits what is left of it: the cell that does not
// fit is left out, and every cell after it, for the budget (Budget,
// CutShort), but a value the solver refuses whatever the work (side b
// locked) is left out for that. A spread left with the scenario's own
// cell alone is no error when the budget did it.
func TestSpreadMaxWork(t *testing.T) {
	for _, c := range []struct {
		src     string
		maxWork int64
		cells   string
		budget  string // the values left for the budget
	}{
		// The others cost 60 (a bold), 40 (a timid), 50 (b bold), 20 (b steady).
		{"a: {play: steady}\nb: {play: timid}\n", 100, "steady/timid=0.60 bold/timid=0.70 timid/timid=0.50", "b bold, b steady"},
		{"a: {play: steady}\nb: {play: timid}\n", 170, "steady/timid=0.60 bold/timid=0.70 timid/timid=0.50 steady/bold=0.40 steady/steady=0.50", ""},
		{"a: {play: steady}\nb: {play: timid}\n", 50, "steady/timid=0.60", "a bold, a timid, b bold, b steady"},
		{"a: {play: steady}\nb-locked: true\n", 10, "steady/steady=0.50", "a bold, a timid"},
	} {
		sc := duelScenario(t, c.src)
		s, err := spread.Run(context.Background(), analysis.Run{Seed: 1}, sc, spread.Plan{ExactOnly: true, Threshold: 0.05, MaxWork: c.maxWork})
		if err != nil {
			t.Fatalf("%q within %d: %v", c.src, c.maxWork, err)
		}
		var budget []string
		for _, l := range s.Left {
			if l.Budget != strings.Contains(l.Why, "a spread computed unasked") {
				t.Errorf("%s %s: budget %v, why %q", l.Side, l.Policy, l.Budget, l.Why)
			}
			if l.Budget {
				budget = append(budget, l.Side.String()+" "+l.Policy)
			}
		}
		if got := cellsText(s); got != c.cells || strings.Join(budget, ", ") != c.budget || s.CutShort() != len(budget) {
			t.Errorf("%q within %d: cells %s, left for the budget %q (%d); want %s and %q", c.src, c.maxWork, got, budget, s.CutShort(), c.cells, c.budget)
		}
	}
}
