package exact

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// Check says at once, without solving, why a rules file has no exact
// answer: what in it the solver does not follow, named, or a volley
// beyond the work budget; Solve says the same.
func TestCheckRefusesAtOnce(t *testing.T) {
	for _, c := range []struct {
		name, rules, scenario string
		want                  []string
		budget                bool
	}{
		{"a hook that draws", `title: t
units:
  u: {hp: 2, weapons: {w: 1}}
weapons:
  w: {}
round:
  - fire: {order: simultaneous}
  - hook: luck
hooks: |
  def luck(battle):
      if battle.roll(1, 6) == 6:
          battle.end("lucky")
ends:
  lucky: {doc: "a six"}
`, "a: {units: {u: 1}}\nb: {units: {u: 1}}\n", []string{"the hooks draw random numbers (battle.roll, battle.choose)"}, false},
		{"hits of one die whose order matters", `title: t
stats:
  shield: {doc: "x"}
weapons:
  gun: {hit: "face - target.shield >= 4"}
units:
  gunner: {hp: 1, weapons: {gun: 1}}
  knight: {hp: 2, shield: 1}
targeting: {default: weakest}
round:
  - fire: {order: simultaneous}
`, "a: {units: {gunner: 2}}\nb: {units: {gunner: 1, knight: 1}}\n", []string{"side a (weakest) takes the hits of gunner's gun in the order their dice fell, and they reach different units"}, false},
		{"a volley of too many dice", `title: t
stats:
  shield: {doc: "x"}
weapons:
  gun: {attacks: 400, die: 100, hit: "face - target.shield * 10 >= 60"}
units:
  gunner: {hp: 1, weapons: {gun: 1}}
  s1: {hp: 1, shield: 1}
  s2: {hp: 1, shield: 2}
  s3: {hp: 1, shield: 3}
targeting: {default: kill-greedy}
round:
  - fire: {order: simultaneous}
`, "a: {units: {gunner: 10}}\nb: {units: {gunner: 1, s1: 1, s2: 1, s3: 1}}\n", []string{"beyond the exact solver's budget: side a's volley of 4000 gun dice of gunner (4 classes of hits) has up to 1.07e+13 outcomes to count, more than the 50000000 steps of work allowed"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := documentOf(t, c.rules, c.scenario)
			err := Check(n, Options{})
			_, serr := SolveDoc(t.Context(), n, Options{})
			for _, e := range []error{err, serr} {
				if e == nil {
					t.Fatal("no error")
				}
				for _, w := range c.want {
					if !strings.Contains(e.Error(), w) {
						t.Errorf("the error %q does not say %q", e, w)
					}
				}
				if errors.Is(e, rules.ErrBudget) != c.budget {
					t.Errorf("errors.Is(%v, ErrBudget) = %v", e, !c.budget)
				}
				var un *exactmodel.UnsupportedError
				if errors.As(e, &un) == c.budget {
					t.Errorf("an UnsupportedError: %v", e)
				}
			}
		})
	}
}

// The state and work budgets are named in the error, which wraps
// rules.ErrBudget; the exact fractions have smaller budgets of their own.
func TestBudgets(t *testing.T) {
	m := modelOf(t, example(t, "fleet.rules.yaml"), "a: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n")
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{MaxStates: 100}, "more than the 100 states allowed"},
		{Options{MaxSteps: 20_000}, "more than the 20000 steps of work allowed"},
		{Options{Rational: true, MaxRationalStates: 100}, "exact fractions for this battle need 2024 states, more than the 100 allowed for --rational; drop --rational"},
		{Options{Rational: true, MaxRationalSteps: 20_000}, "more than the 20000 steps of work allowed (a step: an outcome of a roll, a hit resolved or an effect run, followed once); drop --rational"},
	} {
		_, err := Solve(t.Context(), m, c.opt)
		if !errors.Is(err, rules.ErrBudget) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want ErrBudget saying %q", c.opt, err, c.want)
		}
	}
}

// countdown is a context that is done after its Err has been asked some
// number of times: a cancellation at a point of the solve that does not
// depend on the machine's speed.
type countdown struct {
	context.Context
	left atomic.Int64
}

func (c *countdown) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// A solve looks at its context every so many steps of work (lookFloat,
// lookRational), in the exploration, the solve and the rounds
// distribution, and stops with the context's error: a cancelled solve
// stops within that many steps, milliseconds.
func TestCancellation(t *testing.T) {
	big := modelOf(t, example(t, "fleet.rules.yaml"), "a: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n")
	small := modelOf(t, example(t, "fleet.rules.yaml"), "a: {units: {Interceptor: 3, Cruiser: 1}}\nb: {units: {Interceptor: 2, Cruiser: 2}}\n")
	for _, rational := range []bool{false, true} {
		m := big
		if rational {
			m = small
		}
		// The looks a whole solve makes.
		all := &countdown{Context: context.Background()}
		all.left.Store(1 << 40)
		if _, err := Solve(all, m, Options{Rational: rational}); err != nil {
			t.Fatal(err)
		}
		looks := 1<<40 - all.left.Load()
		if looks < 5 {
			t.Fatalf("rational %v: a solve looks at its context %d times", rational, looks)
		}
		for _, at := range []int64{0, 1, looks / 2, looks - 1} {
			ctx := &countdown{Context: context.Background()}
			ctx.left.Store(at)
			if _, err := Solve(ctx, m, Options{Rational: rational}); !errors.Is(err, context.Canceled) {
				t.Errorf("rational %v, cancelled at look %d of %d: %v", rational, at, looks, err)
			}
		}
	}
}
