package ladder_test

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// rungs is a game whose players' strengths are known by construction: a
// game is a draw 10 % of the time, else side a wins with probability
// (50 + a's strength − b's)/100 (side a has an edge of 5 points over the
// other side, which the side-swapped pairs must cancel). Side a's player
// draws as many numbers as its name has letters before the one that
// decides, so that the two games of a pair are independent draws, as two
// games of real players soon are. weak, mid and strong are rungs 1 to 3
// (strengths 0, 15, 30); twin (rung 4) is strong under another name;
// style is no rung.
type rungsGame struct{}

var strength = map[string]int{"weak": 0, "mid": 15, "strong": 30, "twin": 30, "style": 0}

func (rungsGame) ID() string { return "rungs" }

func (rungsGame) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "style"}, {Name: "twin", Rung: 4}, {Name: "weak", Rung: 1}, {Name: "mid", Rung: 2}, {Name: "strong", Rung: 3}}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

type rungsDoc struct {
	A *doc.Node `doc:"a"`
	B *doc.Node `doc:"b"`
}

func (rungsGame) Compile(n *doc.Node) (rules.Battle, error) {
	var d rungsDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	var b rungsBattle
	for i, side := range []*doc.Node{d.A, d.B} {
		v, err := doc.OneOf(side.Get("play"), "style", "twin", "weak", "mid", "strong")
		if err != nil {
			return nil, err
		}
		b[i] = v
	}
	return b, nil
}

type rungsBattle [2]string

func (b rungsBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"decided", "draw"}, Options: []rules.Setting{{Name: "a.play", Value: b[0]}, {Name: "b.play", Value: b[1]}}}
}
func (b rungsBattle) NewFighter() rules.Fighter { return b }
func (b rungsBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	b.Replay(i, r, o, nil)
}
func (b rungsBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	for range len(b[0]) {
		r.Uint64()
	}
	u := r.IntN(100)
	o.Rounds, o.Winner, o.End = 1, rules.B, 0
	switch {
	case u < 10:
		o.Winner, o.End = rules.None, 1
	case u < 60+strength[b[0]]-strength[b[1]]:
		o.Winner = rules.A
	}
}

func init() { rules.Register(rungsGame{}) }

func rungsScenario(t *testing.T) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("rungs.yaml", "rungs", []byte("ruleset: rungs\na: {play: weak}\nb: {play: weak}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func plan(budget int64, rungs ...string) ladder.Plan {
	return ladder.Plan{Rungs: rungs, Test: ladder.DefaultTest, Look: ladder.DefaultLook, Budget: budget}
}

// A ladder whose order is known is proved in that order: the rungs
// found by their Rung (the style left out), each step decided "beats",
// its Elo interval holding the Elo of the score the strengths give
// (0.5 + Δstrength/100 a game, side a's edge cancelled by the pairs).
func TestKnownOrderIsProved(t *testing.T) {
	l, err := ladder.Run(context.Background(), analysis.Run{Seed: 3}, rungsScenario(t), plan(2000))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range l.Rungs {
		names = append(names, r.Policy)
	}
	if got := strings.Join(names, " "); got != "weak mid strong twin" {
		t.Fatalf("rungs %s, want weak mid strong twin", got)
	}
	truth := ladder.EloOf(0.65)
	for i, s := range l.Steps[:2] {
		if s.Verdict != ladder.Beats || !(s.Lo <= truth && truth <= s.Hi) {
			t.Errorf("step %d %s over %s: %v, Elo %.0f [%.0f, %.0f], want beats and %.0f inside", i, s.Upper, s.Lower, s.Verdict, s.Elo, s.Lo, s.Hi, truth)
		}
		if s.Pairs.N()%ladder.DefaultLook != 0 || s.Pairs.N() >= 2000 {
			t.Errorf("step %d decided after %d pairs: want a look's multiple, short of the budget", i, s.Pairs.N())
		}
		if want := s.Upper + " beats " + s.Lower + ":"; !strings.HasPrefix(s.Sentence(l.Test, l.Budget), want) {
			t.Errorf("sentence %q, want it to begin %q", s.Sentence(l.Test, l.Budget), want)
		}
		if d := s.EndShare("draw"); d < 0.05 || d > 0.15 {
			t.Errorf("step %d: %.3f of games drawn, want about 0.10", i, d)
		}
	}
	if l.Steps[2].Verdict == ladder.Beats || l.Ordered() {
		t.Errorf("twin, strong under another name, was proved stronger: %s", l.Steps[2].Sentence(l.Test, l.Budget))
	}
	if r := l.Rungs[2]; !(r.Lo <= 2*truth && 2*truth <= r.Hi) {
		t.Errorf("strong rated %.0f [%.0f, %.0f] over weak, want %.0f inside", r.Elo, r.Lo, r.Hi, 2*truth)
	}
}

// Two players of equal strength do not separate: within a small budget
// the step stays undecided, and a rung placed below a weaker one is no
// better, never "beats".
func TestTieStaysUndecided(t *testing.T) {
	l, err := ladder.Run(context.Background(), analysis.Run{Seed: 1}, rungsScenario(t), plan(60, "strong", "twin"))
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Steps[0]; s.Verdict != ladder.Undecided || s.Pairs.N() != 60 || !strings.Contains(s.Sentence(l.Test, l.Budget), "do not separate") {
		t.Errorf("a tie: %v after %d pairs: %s", s.Verdict, s.Pairs.N(), s.Sentence(l.Test, l.Budget))
	}
	l, err = ladder.Run(context.Background(), analysis.Run{Seed: 1}, rungsScenario(t), plan(2000, "strong", "weak"))
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Steps[0]; s.Verdict != ladder.NoBetter || s.Elo > 0 {
		t.Errorf("weak over strong: %v, Elo %.0f: want no better, below 0", s.Verdict, s.Elo)
	}
}

// A ladder is the same for any number of workers or chunk size.
func TestSameForAnyWorkers(t *testing.T) {
	var want *ladder.Ladder
	for _, r := range []analysis.Run{{Seed: 9, Workers: 1}, {Seed: 9, Workers: 3, Chunk: 1}, {Seed: 9, Workers: 2, Chunk: 7}} {
		l, err := ladder.Run(context.Background(), r, rungsScenario(t), plan(300))
		if err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = l
		} else if !reflect.DeepEqual(l, want) {
			t.Errorf("workers %d chunk %d:\n%+v\nwant\n%+v", r.Workers, r.Chunk, l, want)
		}
	}
}

// A cancelled ladder returns what it decided, marked interrupted, with
// the context's error.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, err := ladder.Run(ctx, analysis.Run{Seed: 1}, rungsScenario(t), plan(100))
	if !errors.Is(err, context.Canceled) || l == nil || !l.Interrupted || len(l.Rungs) != len(l.Steps)+1 {
		t.Fatalf("err %v, ladder %+v", err, l)
	}
}

// Bad plans and names are refused with what is allowed.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		plan ladder.Plan
		want string
	}{
		{plan(100, "weak"), "a ladder of 1 rung"},
		{plan(100, "weak", "mdi"), `player "mdi": allowed: style, twin, weak, mid, strong`},
		{ladder.Plan{Test: ladder.DefaultTest, Look: 10, Budget: 5}, "want 1 ≤ look ≤ budget"},
		{ladder.Plan{Test: ladder.Test{Alpha: 0.05, Beta: 0.05, Elo0: 10, Elo1: 10}, Look: 10, Budget: 50}, "want Elo0 < Elo1"},
	} {
		_, err := ladder.Run(context.Background(), analysis.Run{Seed: 1}, rungsScenario(t), c.plan)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.plan, err, c.want)
		}
	}
}
