package tune_test

import (
	"context"
	"fmt"
	"io"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// ramp is a ruleset whose response to its fields is known exactly, for
// the tests of tune: side a wins a trial with probability (a0 + da·x)/1000
// and side b with (b0 + db·x)/1000 (per mille, clamped to 0..1000, a first),
// else no one; or, when y is given, a wins with probability y and b
// otherwise. Each trial also flips x coins (the counter heads, mean x/2)
// and lasts 1 + the heads rounds. At x = spike_at, a wins spike/1000
// instead: a response that is not monotonic. Its solver gives all of it exactly, as
// fractions, up to x = exact_to (beyond: rules.ErrBudget). Its reference
// says x is an integer, y a number and style a word.
type ramp struct{}

type rampBattle struct {
	pa, pb int64   // per mille
	y      float64 // < 0: unused
	x      int64
}

type rampDoc struct {
	X       *doc.Node `doc:"x"`
	Y       *doc.Node `doc:"y"`
	A0      *doc.Node `doc:"a0"`
	DA      *doc.Node `doc:"da"`
	B0      *doc.Node `doc:"b0"`
	DB      *doc.Node `doc:"db"`
	ExactTo *doc.Node `doc:"exact_to"`
	SpikeAt *doc.Node `doc:"spike_at"`
	Spike   *doc.Node `doc:"spike"`
	Style   string    `doc:"style"`
}

func (ramp) ID() string { return "ramp" }

// intField reads an optional integer field.
func intField(n *doc.Node, lo, hi, def int64) (int64, error) {
	if !doc.Present(n) {
		return def, nil
	}
	return doc.Int(n, lo, hi)
}

func readRamp(n *doc.Node) (rampBattle, int64, error) {
	var d rampDoc
	if err := doc.Decode(n, &d); err != nil {
		return rampBattle{}, 0, err
	}
	var v [8]int64
	for i, f := range []struct {
		n       *doc.Node
		lo, def int64
	}{{d.X, 0, 0}, {d.A0, -1000, 0}, {d.DA, -1000, 0}, {d.B0, -1000, 0}, {d.DB, -1000, 0}, {d.ExactTo, 0, 1000}, {d.SpikeAt, -1, -1}, {d.Spike, 0, 0}} {
		var err error
		if v[i], err = intField(f.n, f.lo, 1000, f.def); err != nil {
			return rampBattle{}, 0, err
		}
	}
	b := rampBattle{x: v[0], y: -1}
	b.pa = min(max(v[1]+v[2]*v[0], 0), 1000)
	if v[0] == v[6] {
		b.pa = v[7]
	}
	b.pb = min(max(v[3]+v[4]*v[0], 0), 1000-b.pa)
	if doc.Present(d.Y) {
		y, err := doc.ParseFloat(d.Y)
		if err != nil {
			return rampBattle{}, 0, err
		}
		if y < 0 || y > 1 {
			return rampBattle{}, 0, d.Y.Errorf("%g is out of range (allowed: a number from 0 to 1)", y)
		}
		b.y = y
	}
	return b, v[5], nil
}

func (ramp) Compile(n *doc.Node) (rules.Battle, error) {
	b, _, err := readRamp(n)
	return b, err
}

func (b rampBattle) Spec() rules.Spec {
	var cs rules.Counters
	cs.Add("heads", "coins of x that came up heads")
	return rules.Spec{Ends: []string{"done"}, Counters: cs.List(), RoundsUnit: "rounds", Labels: [2]string{"red", "blue"}}
}

func (b rampBattle) NewFighter() rules.Fighter { return b }

func (b rampBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) { b.Replay(i, r, o, nil) }

func (b rampBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	switch u := int64(r.IntN(1000)); {
	case b.y >= 0 && r.OpenFloat64() < b.y, b.y < 0 && u < b.pa:
		o.Winner = rules.A
	case b.y >= 0 || u < b.pa+b.pb:
		o.Winner = rules.B
	}
	var heads int64
	for range b.x {
		if r.Coin() {
			heads++
		}
	}
	o.Counters[0], o.Rounds = heads, 1+heads
}

// Check refuses what does not decode; exact_to, like a real solver's work
// budget, is found by the solve.
func (ramp) Check(n *doc.Node) error {
	_, _, err := readRamp(n)
	return err
}

func (ramp) Solve(_ context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	b, exactTo, err := readRamp(n)
	if err != nil {
		return nil, err
	}
	if b.x > exactTo {
		return nil, fmt.Errorf("ramp: %w (x %d above exact_to %d)", rules.ErrBudget, b.x, exactTo)
	}
	value := func(r *big.Rat) rules.Value {
		f, _ := r.Float64()
		v := rules.Value{F: f}
		if rational {
			v.Rat = r.RatString()
		}
		return v
	}
	pa, pb := big.NewRat(b.pa, 1000), big.NewRat(b.pb, 1000)
	if b.y >= 0 {
		pa, _ = new(big.Rat).SetString(fmt.Sprint(b.y))
		pb = new(big.Rat).Sub(big.NewRat(1, 1), pa)
	}
	none := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(pa, pb))
	half := big.NewRat(b.x, 2)
	return &rules.Exact{
		Win:        [3]rules.Value{rules.None: value(none), rules.A: value(pa), rules.B: value(pb)},
		Ends:       []rules.NamedValue{{Name: "done", Value: value(big.NewRat(1, 1))}},
		RoundsMean: value(new(big.Rat).Add(half, big.NewRat(1, 1))),
		Counters:   []rules.ExactCounter{{Name: "heads", Mean: value(half)}},
	}, nil
}

func (ramp) Reference() *rules.Reference {
	return &rules.Reference{Title: "a ramp of known win shares (tests)", Sides: [2]rules.Term{{Name: "red"}, {Name: "blue"}},
		Fields: []rules.Field{
			{Path: "x", Type: "integer", Allowed: "an integer from 0 to 1000"},
			{Path: "y", Type: "number", Allowed: "a number from 0 to 1"},
			{Path: "style", Type: "word", Allowed: "plain, fancy"},
			{Path: "a0", Type: "integer"}, {Path: "da", Type: "integer"},
			{Path: "b0", Type: "integer"}, {Path: "db", Type: "integer"},
			{Path: "exact_to", Type: "integer"},
		}}
}

func init() {
	rules.Register(ramp{})
	rules.RegisterSolver("ramp", ramp{})
}
