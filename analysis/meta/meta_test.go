package meta_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// hand is a ruleset for metagames whose cell shares are known exactly:
// each side is a hand {style, edge} — a style of rock, paper or scissors
// and an edge from 0 to 20 — and a trial is a draw with probability 10 %,
// won by side a with probability pA(a, b) = 45 + 20·beats + (edge_a −
// edge_b) percent, where beats is 1 when a's style beats b's, −1 when
// b's beats a's, 0 for the same style; side b wins the rest. Its solver
// gives the shares exactly, unless the scenario says slow (its budget).
type hand struct{}

func (hand) ID() string { return "hand" }

func (hand) SideFields() [2][]string { return [2][]string{{"a"}, {"b"}} }

type handSide struct {
	Style *doc.Node `doc:"style,required"`
	Edge  *doc.Node `doc:"edge"`
}

type handDoc struct {
	A    *doc.Node `doc:"a,required"`
	B    *doc.Node `doc:"b,required"`
	Slow bool      `doc:"slow"`
}

var styles = []string{"rock", "paper", "scissors"}

// handBattle is side a's win and draw chances, in percent.
type handBattle struct{ win, draw int64 }

func readHands(n *doc.Node) (handBattle, bool, error) {
	var d handDoc
	if err := doc.Decode(n, &d); err != nil {
		return handBattle{}, false, err
	}
	var style [2]int
	var edge [2]int64
	for s, side := range []*doc.Node{d.A, d.B} {
		var h handSide
		if err := doc.Decode(side, &h); err != nil {
			return handBattle{}, false, err
		}
		v, err := doc.OneOf(h.Style, styles...)
		if err != nil {
			return handBattle{}, false, err
		}
		for k, name := range styles {
			if name == v {
				style[s] = k
			}
		}
		if doc.Present(h.Edge) {
			if edge[s], err = doc.Int(h.Edge, 0, 20); err != nil {
				return handBattle{}, false, err
			}
		}
	}
	beats := int64(0)
	switch (style[0] - style[1] + 3) % 3 {
	case 1:
		beats = 1 // paper beats rock, scissors paper, rock scissors
	case 2:
		beats = -1
	}
	return handBattle{win: 45 + 20*beats + edge[0] - edge[1], draw: 10}, d.Slow, nil
}

func (hand) Compile(n *doc.Node) (rules.Battle, error) {
	b, _, err := readHands(n)
	return b, err
}

func (b handBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"hand"}}
}
func (b handBattle) NewFighter() rules.Fighter { return b }
func (b handBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	b.Replay(i, r, o, nil)
}
func (b handBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	o.Rounds = 1
	switch x := int64(r.IntN(100)); {
	case x < b.win:
		o.Winner = rules.A
	case x < b.win+b.draw:
		o.Winner = rules.None
	default:
		o.Winner = rules.B
	}
}

// share is the cell's payoff: a's wins and half the draws.
func (b handBattle) share() float64 { return (float64(b.win) + float64(b.draw)/2) / 100 }

func (hand) Check(n *doc.Node) error { _, _, err := readHands(n); return err }

func (hand) Solve(_ context.Context, n *doc.Node, _ bool) (*rules.Exact, error) {
	b, slow, err := readHands(n)
	switch {
	case err != nil:
		return nil, err
	case slow:
		return nil, fmt.Errorf("hand: %w: a slow hand", rules.ErrBudget)
	}
	w, d := float64(b.win)/100, float64(b.draw)/100
	return &rules.Exact{Win: [3]rules.Value{rules.None: {F: d}, rules.A: {F: w}, rules.B: {F: 1 - w - d}},
		Ends: []rules.NamedValue{{Name: "hand", Value: rules.Value{F: 1}}}, RoundsMean: rules.Value{F: 1}}, nil
}

func init() {
	rules.Register(hand{})
	rules.RegisterSolver("hand", hand{})
}

// handRoster is rock, paper and scissors, and a rock with an edge of 10.
const handRoster = `scenario: base
meta:
  - {name: Rock, side: {style: rock}}
  - {name: Paper, side: {style: paper}}
  - {name: Scissors, side: {style: scissors}}
  - {name: Sharp Rock, side: {style: rock, edge: 10}}
`

// handMeta builds the metagame of roster src on the hand base scenario
// (slow: beyond the solver's budget).
func handMeta(t testing.TB, src string, slow bool) *meta.Meta {
	t.Helper()
	base := "ruleset: hand\na: {style: rock}\nb: {style: rock}\n"
	if slow {
		base += "slow: true\n"
	}
	sc, err := scenarios.Parse("base.yaml", "base", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenarios.ParseRoster("roster.yaml", "roster", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := meta.New(r, sc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// truth is the exact share of cell (i, j) of a hand metagame.
func truth(t testing.TB, m *meta.Meta, i, j int) float64 {
	sc, err := m.Cell(i, j)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return b.(handBattle).share()
}

func quickMeta() meta.Options {
	return meta.Options{Precision: 0.02, Confidence: 0.95, First: 500, Budget: 1 << 16}
}

// Where the solver reaches, every cell is exact and the game is known:
// Sharp Rock dominates Rock, and the equilibrium plays paper, scissors
// and the sharp rock.
func TestMetaExact(t *testing.T) {
	m := handMeta(t, handRoster, false)
	o := quickMeta()
	o.Exact = true
	mm, err := meta.Run(context.Background(), analysis.Run{Seed: 1}, m, o)
	if err != nil {
		t.Fatal(err)
	}
	if mm.Trials() != 0 {
		t.Errorf("an exact metagame fought %d trials", mm.Trials())
	}
	for i, row := range mm.Cells {
		for j, c := range row {
			if want := truth(t, m, i, j); !c.Exact || !closeTo(c.Estimate, want, 1e-12) {
				t.Errorf("cell %d,%d: %+v, want exactly %g", i, j, c, want)
			}
		}
	}
	a, err := mm.Analyse(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a.DominatedA[0]) != "[3]" || fmt.Sprint(a.DominatedA[3]) != "[]" {
		t.Errorf("dominated as side a: %v, want Rock by Sharp Rock alone", a.DominatedA)
	}
	if a.Equilibrium.Row[0] > 1e-6 {
		t.Errorf("the equilibrium plays the dominated Rock: %v", a.Equilibrium.Row)
	}
	for _, k := range []int{1, 2, 3} {
		if a.Equilibrium.Row[k] < 0.05 || a.Robustness[0][k] != 1 {
			t.Errorf("entry %d: equilibrium %v, robustness %v: want it played in every resample", k, a.Equilibrium.Row, a.Robustness[0])
		}
	}
	if len(a.Cycles) == 0 {
		t.Errorf("no cycle found among rock, paper and scissors")
	}
}

// coverageRoster is handRoster with a rock one point sharper than Rock:
// near-ties that dominance must not call wrongly.
const coverageRoster = handRoster + "  - {name: Rock+1, side: {style: rock, edge: 1}}\n"

// metaCoverage fights the coverage roster, beyond the solver's budget, at
// seeds 1 to seeds, and returns in how many every cell's interval covered
// its known share, and in how many a dominance statement (as side a, as
// side b or over both) was false: the dominating entry worse by more than
// the tolerance somewhere, or better nowhere. It checks that every cell
// stopped for a stated reason.
func metaCoverage(t *testing.T, seeds uint64) (held, falseDominance int) {
	m := handMeta(t, coverageRoster, true)
	n := len(m.Entries)
	truths := make([][]float64, n)
	for i := range n {
		truths[i] = make([]float64, n)
		for j := range n {
			truths[i][j] = truth(t, m, i, j)
		}
	}
	o := quickMeta()
	o.Exact = true // refused by the budget: sampled, with a note
	// dominates says whether k is no worse than i by more than slack
	// against every opponent and better against one, in truth.
	dominates := func(better func(k, i, j int) float64, k, i int, slack float64) bool {
		strictly := false
		for j := range n {
			d := better(k, i, j)
			if d < -slack {
				return false
			}
			strictly = strictly || d > 0
		}
		return strictly
	}
	asA := func(k, i, j int) float64 { return truths[k][j] - truths[i][j] }
	asB := func(k, i, j int) float64 { return truths[j][i] - truths[j][k] }
	sym := func(k, i, j int) float64 {
		return (truths[k][j] - truths[j][k] - truths[i][j] + truths[j][i]) / 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		mm, err := meta.Run(context.Background(), analysis.Run{Seed: seed}, m, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(mm.Notes) != 1 || !strings.Contains(mm.Notes[0], "25 of 25 cells sampled by Monte Carlo: beyond the solver's budget") {
			t.Errorf("notes %q", mm.Notes)
		}
		covered := true
		for i, row := range mm.Cells {
			for j, c := range row {
				covered = covered && !c.Exact && c.Lo <= truths[i][j] && truths[i][j] <= c.Hi
				if c.Stop != "precise" && c.Stop != "settled" {
					t.Errorf("seed %d cell %d,%d stopped for %q after %d trials", seed, i, j, c.Stop, c.Trials)
				}
			}
		}
		if covered {
			held++
		}
		a, err := mm.Analyse(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		wrong := false
		for _, v := range []struct {
			dom    [][]int
			slack  float64
			better func(k, i, j int) float64
		}{{a.DominatedA, 0, asA}, {a.DominatedB, 0, asB}, {a.DominatedSym, 0, sym},
			{a.WithinA, a.Slack, asA}, {a.WithinB, a.Slack, asB}, {a.WithinSym, a.Slack, sym}} {
			for i, by := range v.dom {
				for _, k := range by {
					wrong = wrong || !dominates(v.better, k, i, v.slack)
				}
			}
		}
		if wrong {
			falseDominance++
		}
	}
	return held, falseDominance
}

// Sampled cells, at a few fixed seeds: every interval covers the known
// share, no dominance statement is false, and each cell stopped for a
// stated reason. (TestMetaCoverageLong states the rates over 200 seeds.)
func TestMetaSampledCovers(t *testing.T) {
	if held, wrong := metaCoverage(t, 3); held != 3 || wrong != 0 {
		t.Errorf("every cell covered in %d of 3 seeds, a false dominance statement in %d", held, wrong)
	}
}

// matrixJSON renders every figure of a fought roster, for comparisons.
func matrixJSON(t *testing.T, mm *meta.Matrix) string {
	t.Helper()
	a, err := mm.Analyse(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(struct {
		Cells                 [][]meta.Cell
		Eq                    any
		Rob, Nash, Ratings    any
		DomA, DomB, DomSym, C any
	}{mm.Cells, a.Equilibrium, a.Robustness, a.Nash, a.Ratings, a.DominatedA, a.DominatedB, a.DominatedSym, a.Cycles})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The matrix and every figure are the same for any worker count and
// chunk size, and for a meta resumed from any checkpoint it saved. The
// saves come as each look of a cell ends (Run.SaveEachPart), never on a
// clock, so that how many there are does not hang on the machine's speed:
// one before the first trial and one per look.
func TestMetaDeterministicAndResumable(t *testing.T) {
	m := handMeta(t, handRoster, false)
	o := quickMeta()
	o.Precision = 0.005
	whole, err := meta.Run(context.Background(), analysis.Run{Seed: 4, Workers: 1}, m, o)
	if err != nil {
		t.Fatal(err)
	}
	want := matrixJSON(t, whole)
	var mu sync.Mutex
	var saved [][]*sim.Checkpoint
	run := analysis.Run{Seed: 4, Workers: 3, Chunk: 64, SaveEvery: time.Hour, SaveEachPart: true, Save: func(cs []*sim.Checkpoint) {
		b, _ := sim.MarshalCheckpoints(cs)
		back, _ := sim.UnmarshalCheckpoints(b)
		mu.Lock()
		saved = append(saved, back)
		mu.Unlock()
	}}
	again, err := meta.Run(context.Background(), run, m, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := matrixJSON(t, again); got != want {
		t.Errorf("3 workers, chunks of 64:\n%s\nwant (1 worker):\n%s", got, want)
	}
	looks := 0
	for _, row := range again.Cells {
		for _, c := range row {
			looks += c.Looks
		}
	}
	if looks < 3 || len(saved) != 1+looks {
		t.Fatalf("%d saves of %d looks, want one before the first trial and one per look", len(saved), looks)
	}
	for _, k := range []int{0, len(saved) / 3, len(saved) / 2, len(saved) - 1} {
		resumed, err := meta.Run(context.Background(), analysis.Run{Seed: 4, Workers: 2, Resume: saved[k]}, m, o)
		if err != nil {
			t.Fatalf("resumed from save %d: %v", k, err)
		}
		if got := matrixJSON(t, resumed); got != want {
			t.Errorf("resumed from save %d of %d:\n%s\nwant:\n%s", k, len(saved), got, want)
		}
	}
}

// balanceRoster is handRoster with every entry's edge written, so that
// --balance edge can move it.
const balanceRoster = `scenario: base
meta:
  - {name: Rock, side: {style: rock, edge: 0}}
  - {name: Paper, side: {style: paper, edge: 0}}
  - {name: Scissors, side: {style: scissors, edge: 0}}
  - {name: Sharp Rock, side: {style: rock, edge: 10}}
`

// Balancing the hand roster by hand: Sharp Rock dominates Rock, which the
// equilibrium never plays; giving the two the same edge makes them one
// strategy, which the maximum-entropy equilibrium splits (1/6 each), so
// one change — Rock's edge 0 → 10, or Sharp Rock's 10 → 0, equally good —
// balances it, and an exact matrix needs no re-check. Sampled, the answer
// holds on fresh streams.
func TestMetaBalance(t *testing.T) {
	o := meta.BalanceOptions{Path: "edge", Values: []string{"0", "5", "10"}, MinShare: 0.05, Matrices: meta.DefaultBalanceMatrices}
	for _, slow := range []bool{false, true} {
		m := handMeta(t, balanceRoster, slow)
		mo := quickMeta()
		mo.Exact = true
		b, err := meta.Balance(context.Background(), analysis.Run{Seed: 3, Workers: 2}, m, mo, o, false)
		if err != nil {
			t.Fatal(err)
		}
		rock, sharp := meta.BalanceChange{Entry: "Rock", Path: "edge", From: "0", To: "10"}, meta.BalanceChange{Entry: "Sharp Rock", Path: "edge", From: "10", To: "0"}
		if !b.Balanced || len(b.Changes) != 1 || b.Changes[0] != rock && b.Changes[0] != sharp {
			t.Fatalf("slow %v: balanced %v, changes %+v (%s)", slow, b.Balanced, b.Changes, b.Why)
		}
		if got := b.Final.Equilibrium.Row[0]; math.Abs(got-1.0/6) > 0.02 {
			t.Errorf("slow %v: Rock's mass %g, want 1/6", slow, got)
		}
		if slow != (b.Recheck != nil) || !b.RecheckHolds {
			t.Errorf("slow %v: re-check %v, holds %v", slow, b.Recheck != nil, b.RecheckHolds)
		}
	}
}

// A field an entry lacks, or holds as a word, is refused naming the
// entries.
func TestMetaBalanceRefuses(t *testing.T) {
	m := handMeta(t, handRoster, false)
	o := meta.BalanceOptions{Path: "edge", Values: []string{"0", "10"}, MinShare: 0.05, Matrices: 10}
	_, err := meta.Balance(context.Background(), analysis.Run{Seed: 1}, m, quickMeta(), o, false)
	if err == nil || !strings.Contains(err.Error(), "Rock, Paper, Scissors lack it") {
		t.Errorf("a field three entries lack: %v", err)
	}
	if err == nil || !strings.Contains(err.Error(), "(allowed: a numeric field of every entry's side, and these sides share none)") {
		t.Errorf("sides without a shared number: %v", err)
	}
	o.Path = "style"
	_, err = meta.Balance(context.Background(), analysis.Run{Seed: 1}, m, quickMeta(), o, false)
	if err == nil || !strings.Contains(err.Error(), "not a number in Rock") {
		t.Errorf("a word: %v", err)
	}
}

// A misspelt field is answered with the numeric fields every side gives
// and the nearest of them; before, the list of them was empty.
func TestMetaBalanceSuggests(t *testing.T) {
	o := meta.BalanceOptions{Path: "egde", Values: []string{"0", "10"}, MinShare: 0.05, Matrices: 10}
	_, err := meta.Balance(context.Background(), analysis.Run{Seed: 1}, handMeta(t, balanceRoster, false), quickMeta(), o, false)
	want := `(allowed: a numeric field of every entry's side: edge; did you mean "edge"?)`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("--balance egde: %v, want %q", err, want)
	}
}

func closeTo(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// A balance search saves its checkpoint as it goes (a section for each
// matrix fought, and the re-check), and a search resumed from any
// checkpoint it saved gives the answer of an uninterrupted one, matrix
// for matrix; from the last, it fights nothing again. Before, the search
// saved nothing (it dropped Run.Save) and a resumed one began afresh.
func TestMetaBalanceResumes(t *testing.T) {
	o := meta.BalanceOptions{Path: "edge", Values: []string{"0", "5", "10"}, MinShare: 0.05, Matrices: meta.DefaultBalanceMatrices}
	m := handMeta(t, balanceRoster, true)
	mo := quickMeta()
	mo.Exact = true
	whole, err := meta.Balance(context.Background(), analysis.Run{Seed: 3, Workers: 1}, m, mo, o, false)
	if err != nil {
		t.Fatal(err)
	}
	want := balanceJSON(t, whole)
	saved, run := recordSaves(t, analysis.Run{Seed: 3, Workers: 2, Chunk: 64, SaveEvery: 20 * time.Millisecond})
	if _, err := meta.Balance(context.Background(), run, m, mo, o, false); err != nil {
		t.Fatal(err)
	}
	// Every matrix's journal saves as it begins and as it ends.
	if len(*saved) < 2*(whole.Matrices+1) {
		t.Fatalf("%d saves of %d matrices and a re-check", len(*saved), whole.Matrices)
	}
	for k := 0; k < len(*saved); k += max(1, len(*saved)/4) {
		resumed, err := meta.Balance(context.Background(), analysis.Run{Seed: 3, Workers: 3, Resume: checkpointAt(t, *saved, k)}, m, mo, o, false)
		if err != nil {
			t.Fatalf("resumed from save %d: %v", k, err)
		}
		if got := balanceJSON(t, resumed); got != want {
			t.Errorf("resumed from save %d of %d:\n%s\nwant:\n%s", k, len(*saved), got, want)
		}
	}
	var fought atomic.Int64
	count := func(analysis.Stage) (func(int64), func()) { return func(n int64) { fought.Add(n) }, func() {} }
	last := checkpointAt(t, *saved, len(*saved)-1)
	if _, err := meta.Balance(context.Background(), analysis.Run{Seed: 3, Resume: last, Progress: count}, m, mo, o, false); err != nil || fought.Load() != 0 {
		t.Errorf("resumed from the last checkpoint, %d trials fought again (%v)", fought.Load(), err)
	}
	sections := map[string]bool{}
	for _, c := range last {
		sections[c.Section] = true
	}
	if len(sections) != whole.Matrices+1 || !sections["matrix 1"] || !sections["re-check"] {
		t.Errorf("the last checkpoint's sections %v, want matrix 1 to %d and the re-check", sections, whole.Matrices)
	}
}

// balanceJSON renders every figure of a balance search, for comparisons.
func balanceJSON(t *testing.T, b *meta.BalanceResult) string {
	t.Helper()
	out := struct {
		Changes          []meta.BalanceChange
		Balanced, Holds  bool
		Matrices         int
		Why              string
		Start, Final, Re [][]meta.Cell
	}{b.Changes, b.Balanced, b.RecheckHolds, b.Matrices, b.Why, b.Start.Matrix.Cells, b.Final.Matrix.Cells, nil}
	if b.Recheck != nil {
		out.Re = b.Recheck.Matrix.Cells
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// recordSaves returns run saving into the list returned, each checkpoint
// as the bytes of its file, read back by checkpointAt.
func recordSaves(t *testing.T, run analysis.Run) (*[][]byte, analysis.Run) {
	var mu sync.Mutex
	var saved [][]byte
	run.Save = func(cs []*sim.Checkpoint) {
		b, err := sim.MarshalCheckpoints(cs)
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		saved = append(saved, b)
		mu.Unlock()
	}
	return &saved, run
}

// checkpointAt reads back the k-th checkpoint recordSaves saved.
func checkpointAt(t *testing.T, saved [][]byte, k int) []*sim.Checkpoint {
	t.Helper()
	cs, err := sim.UnmarshalCheckpoints(saved[k])
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
