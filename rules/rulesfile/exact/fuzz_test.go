package exact

import (
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/scenarios"
)

// fuzzBudget keeps each solve of FuzzSolve small.
var fuzzBudget = Options{MaxStates: 2000, MaxSteps: 200_000, Rational: true, MaxRationalStates: 300, MaxRationalSteps: 20_000}

// FuzzSolve feeds arbitrary rules files to the solver, with a scenario
// that fields one unit of the file's first unit type a side: a file that
// compiles is solved or refused with an error (beyond a budget, a
// construct the solver does not follow, rounds that pass with nothing to
// play), never a panic; a solution keeps within its state budget, and its
// chances of the winners and of the ends each add up to one, exactly in
// fractions. Run it with
//
//	go test -run '^$' -fuzz FuzzSolve -fuzztime 2m ./rules/rulesfile/exact/
func FuzzSolve(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(examples, "*.rules.yaml"))
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte(duelFile))
	f.Add([]byte(keepRules(3, 2, 2)))
	f.Add([]byte(volleyFile))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, ok := fuzzScenario(data)
		if !ok {
			return
		}
		r, err := SolveDoc(t.Context(), n, fuzzBudget)
		if err != nil {
			var un *exactmodel.UnsupportedError
			if !errors.Is(err, rules.ErrBudget) && !errors.As(err, &un) && !errors.Is(err, enumerate.ErrNoProgress) {
				t.Logf("refused: %v", err) // a compile error or a hook's failure
			}
			return
		}
		if r.States > fuzzBudget.MaxStates {
			t.Fatalf("%d states, over the budget of %d", r.States, fuzzBudget.MaxStates)
		}
		sumsToOne(t, "the winners", r.Win[:])
		var ends []rules.Value
		for _, e := range r.Ends {
			ends = append(ends, e.Value)
		}
		sumsToOne(t, "the ends", ends)
	})
}

// volleyFile is a small fleet: fire in initiative order, shields, crits.
const volleyFile = `title: t
stats:
  shield: {doc: "x"}
  initiative: {doc: "x"}
weapons:
  gun: {attacks: 2, hit: "face - target.shield >= 4", crit: "face == 6", crit-hits: 1}
units:
  gunner: {hp: 2, initiative: 1, weapons: {gun: 1}}
targeting: {default: kill-greedy}
round:
  - fire: {}
`

// fuzzScenario builds the scenario document of a fuzzed rules file: one
// unit of its first unit type a side; false when the file does not decode.
func fuzzScenario(data []byte) (*doc.Node, bool) {
	rn, err := scenarios.ParseYAML("fuzz.rules.yaml", data)
	if err != nil {
		return nil, false
	}
	file, err := document.Decode(rn)
	if err != nil || len(file.Units) == 0 {
		return nil, false
	}
	side := func() *doc.Node {
		units := &doc.Node{Kind: doc.Map, Keys: []string{file.Units[0].Name}, Vals: []*doc.Node{{Kind: doc.Scalar, Value: "1"}}}
		return &doc.Node{Kind: doc.Map, Keys: []string{"units"}, Vals: []*doc.Node{units}}
	}
	n := &doc.Node{Kind: doc.Map}
	n.Put("rules", rn)
	n.Put("a", side())
	n.Put("b", side())
	return n, true
}

// sumsToOne fails unless the chances add up to one: within 1e-9 in
// floating point, exactly in fractions where the solution has them.
func sumsToOne(t *testing.T, what string, vs []rules.Value) {
	t.Helper()
	f, rat := 0.0, new(big.Rat)
	exact := true
	for _, v := range vs {
		f += v.F
		x, ok := new(big.Rat).SetString(v.Rat)
		exact = exact && ok
		if ok {
			rat.Add(rat, x)
		}
	}
	if f < 1-1e-9 || f > 1+1e-9 {
		t.Fatalf("the chances of %s add up to %v", what, f)
	}
	if exact && rat.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("the chances of %s add up to %s as fractions", what, rat.RatString())
	}
}

// The work of a roll's distribution counts against the step budget: a
// contest of 1000d100 a side (a fuzzed duel) spent minutes summing its dice
// before it, whatever the budget.
func TestRollWorkIsBudgeted(t *testing.T) {
	for _, roll := range []string{"1000d100", "{dice: 1000, die: 100, keep: {highest: 500}}", "{dice: 2, die: 6, explode: \"face >= 1\", explode-depth: 100}"} {
		m := modelOf(t, "title: t\nunits:\n  u: {hp: 2}\nround:\n  - contest: {roll: "+roll+", winner: [{damage: 1}]}\n", "a: {units: {u: 1}}\nb: {units: {u: 1}}\n")
		if _, err := Solve(t.Context(), m, Options{MaxSteps: 100_000}); !errors.Is(err, rules.ErrBudget) {
			t.Errorf("a contest of %s: %v, want the step budget's error", roll, err)
		}
	}
}
