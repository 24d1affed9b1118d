package exact

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Parity: a rules file equivalent to a Go ruleset solves to the same
// fractions as that ruleset's own exact solver. second-dawn.rules.yaml
// (scenarios/builtin/rulesfile) writes rules/eclipse as a rules file; each
// built-in eclipse scenario is translated to it field by field (ships to
// units, blueprints to designs, the side's policy), and both solvers
// answer it in fractions: who wins, every end, the mean rounds and the
// survivors of every ship type must be equal. A scenario the file cannot
// say is listed with the reason.

// eclipseBeyond names the built-in eclipse scenarios second-dawn.rules.yaml
// cannot say, and why.
var eclipseBeyond = map[string]string{
	"antimatter-splitter-vs-ancients":  "the Antimatter Splitter splits a red die's damage among ships, which no rules-file weapon does",
	"interceptors-retreat-when-losing": "a type declares its retreat at its activation and leaves at its next, which a rules file's ends (checked at a round's start or end, for a side) cannot say",
}

// eclipseLong names the scenarios whose solves take the longest, which
// only make long (the long build tag) compares.
var eclipseLong = map[string]bool{"fleet-mirror-upgraded": true, "upgraded-three-types": true, "escorted-interceptors-vs-fleet": true}

// eclipseFloatOnly names those whose chain is beyond the eclipse solver's
// budget of exact fractions: their floats are compared.
var eclipseFloatOnly = map[string]bool{"fleet-mirror-upgraded": true}

// translateEclipse writes an eclipse scenario document as a scenario of
// second-dawn.rules.yaml, with the scenario's own parts added to the
// file's catalogue (as --set rules.parts.NAME would).
func translateEclipse(t testing.TB, n *doc.Node) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("translated.yaml", "translated", []byte(translateSides(n)))
	if err != nil {
		t.Fatal(err)
	}
	if parts := n.Get("parts"); parts != nil {
		for _, p := range parts.Items {
			if err := sc.Set(eclipsePart(p)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return sc
}

// colours are the rules file's weapons of each die colour.
var colours = map[string]string{"yellow": "ion", "orange": "plasma", "blue": "soliton", "red": "antimatter"}

// eclipsePart writes an eclipse part as an assignment of a part of the
// rules file: its numbers as stats, its energy and slot as costs (or the
// energy it makes), its dice as weapons.
func eclipsePart(p *doc.Node) string {
	var fields, cost, weapons []string
	for i, k := range p.Keys {
		v := p.Vals[i]
		switch k {
		case "computer", "shield", "initiative":
			fields = append(fields, k+": "+v.Value)
		case "hull":
			fields = append(fields, "hp: "+v.Value)
		case "energy":
			if strings.HasPrefix(v.Value, "-") {
				fields = append(fields, "energy: "+strings.TrimPrefix(v.Value, "-"))
			} else {
				cost = append(cost, "energy: "+v.Value)
			}
		case "drive":
			if v.Value == "true" {
				fields = append(fields, "drive: 1")
			}
		case "cannon", "missile":
			suffix := map[string]string{"cannon": "", "missile": "-missile"}[k]
			for j, colour := range v.Keys {
				weapons = append(weapons, colours[colour]+suffix+": "+v.Vals[j].Value)
			}
		}
	}
	if slot := p.Get("slot"); slot == nil || slot.Value != "false" {
		cost = append(cost, "slots: 1")
	}
	fields = append(fields, "cost: {"+strings.Join(cost, ", ")+"}")
	if len(weapons) > 0 {
		fields = append(fields, "weapons: {"+strings.Join(weapons, ", ")+"}")
	}
	return fmt.Sprintf("rules.parts.%s={%s}", p.Get("name").Value, strings.Join(fields, ", "))
}

// translateSides writes the sides of an eclipse scenario as a scenario of
// second-dawn.rules.yaml.
func translateSides(n *doc.Node) string {
	designs := map[string]string{}
	if bp := n.Get("blueprints"); bp != nil {
		for _, it := range bp.Items {
			var parts []string
			for _, p := range it.Get("parts").Items {
				parts = append(parts, p.Value)
			}
			designs[it.Get("name").Value] = fmt.Sprintf("%q: {base: %s, parts: [%s]}", it.Get("name").Value, it.Get("base").Value, strings.Join(parts, ", "))
		}
	}
	var b strings.Builder
	b.WriteString("ruleset: second-dawn\n")
	for i, side := range []string{"attacker", "defender"} {
		sn := n.Get(side)
		var units, own []string
		ships := sn.Get("ships")
		for k, name := range ships.Keys {
			units = append(units, fmt.Sprintf("%q: %s", name, ships.Vals[k].Value))
			if d, ok := designs[name]; ok {
				own = append(own, d)
			}
		}
		fmt.Fprintf(&b, "%s:\n  units: {%s}\n", []string{"a", "b"}[i], strings.Join(units, ", "))
		if len(own) > 0 {
			fmt.Fprintf(&b, "  designs: {%s}\n", strings.Join(own, ", "))
		}
		if p := sn.Get("policy"); p != nil {
			policy := map[string]string{"largest-killable-first": "largest-first"}[p.Value]
			if policy == "" {
				policy = p.Value
			}
			fmt.Fprintf(&b, "  policy: %s\n", policy)
		}
		if p := sn.Get("priority"); p != nil {
			var list []string
			for _, it := range p.Items {
				list = append(list, it.Value)
			}
			fmt.Fprintf(&b, "  priority: [%s]\n", strings.Join(list, ", "))
		}
	}
	return b.String()
}

// solveScenario solves a scenario through its ruleset's registered
// solver.
func solveScenario(t *testing.T, sc *scenarios.Scenario, rational bool) *rules.Exact {
	t.Helper()
	s, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(t.Context(), sc.Document(), rational)
	if err != nil {
		t.Fatal(sc.Name, err)
	}
	return r
}

// sameAnswers lists where two exact answers differ: win shares, the ends
// both name (an end only one names must have no chance), the mean rounds
// and the counters both have, as fractions (or floats within tol when
// rational is false).
func sameAnswers(a, b *rules.Exact, counters []string, rational bool, tol float64) []string {
	var diffs []string
	eq := func(what string, x, y rules.Value) {
		if rational {
			if x.Rat != y.Rat {
				diffs = append(diffs, fmt.Sprintf("%s: %s against %s", what, short(x.Rat), short(y.Rat)))
			}
			return
		}
		if !close(x.F, y.F, tol) {
			diffs = append(diffs, fmt.Sprintf("%s: %.15g against %.15g", what, x.F, y.F))
		}
	}
	zero := rules.Value{F: 0, Rat: "0"}
	for s := range a.Win {
		eq("P(winner "+rules.Side(s).String()+")", a.Win[s], b.Win[s])
	}
	ends := map[string][2]rules.Value{}
	for _, e := range a.Ends {
		ends[e.Name] = [2]rules.Value{e.Value, zero}
	}
	for _, e := range b.Ends {
		v, ok := ends[e.Name]
		if !ok {
			v[0] = zero
		}
		v[1] = e.Value
		ends[e.Name] = v
	}
	for _, name := range slices.Sorted(mapKeys(ends)) {
		eq("P(end "+name+")", ends[name][0], ends[name][1])
	}
	eq("E[rounds]", a.RoundsMean, b.RoundsMean)
	// The rounds distributions are floats, each swept to its tail.
	for r := range min(len(a.Rounds), len(b.Rounds)) {
		if !close(a.Rounds[r], b.Rounds[r], 1e-12) {
			diffs = append(diffs, fmt.Sprintf("P(rounds = %d): %.15g against %.15g", r, a.Rounds[r], b.Rounds[r]))
		}
	}
	for _, name := range counters {
		ca, okA := a.Counter(name)
		cb, okB := b.Counter(name)
		if !okA || !okB {
			diffs = append(diffs, fmt.Sprintf("counter %s: in one answer only", name))
			continue
		}
		eq(name+" mean", ca.Mean, cb.Mean)
		for k := range max(len(ca.P), len(cb.P)) {
			x, y := zero, zero
			if k < len(ca.P) {
				x = rules.Value{F: ca.P[k], Rat: at(ca.Rat, k)}
			}
			if k < len(cb.P) {
				y = rules.Value{F: cb.P[k], Rat: at(cb.Rat, k)}
			}
			eq(fmt.Sprintf("P(%s = %d)", name, k), x, y)
		}
	}
	return diffs
}

func at(s []string, k int) string {
	if k < len(s) {
		return s[k]
	}
	return ""
}

// short shortens a long fraction for a message.
func short(r string) string {
	if len(r) > 60 {
		if x, ok := new(big.Rat).SetString(r); ok {
			f, _ := x.Float64()
			return fmt.Sprintf("%.17g (%d digits)", f, len(r))
		}
	}
	return r
}

// survivorCounters lists the survivors counters of a solution.
func survivorCounters(r *rules.Exact) []string {
	var out []string
	for _, c := range r.Counters {
		if strings.Contains(c.Name, ".survivors.") {
			out = append(out, c.Name)
		}
	}
	return out
}

func TestEclipseParity(t *testing.T) {
	entries, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		name, ok := strings.CutPrefix(e.Name, "eclipse/")
		if !ok {
			continue
		}
		seen++
		t.Run(name, func(t *testing.T) {
			if why, beyond := eclipseBeyond[name]; beyond {
				t.Skip(why)
			}
			if eclipseLong[name] && !long {
				t.Skip("a long solve: make long runs it")
			}
			goSc, err := scenarios.Load(e.Name)
			if err != nil {
				t.Fatal(err)
			}
			src := translateSides(goSc.Document())
			fileSc := translateEclipse(t, goSc.Document())
			rational := !eclipseFloatOnly[name]
			want := solveScenario(t, goSc, rational)
			got := solveScenario(t, fileSc, rational)
			if diffs := sameAnswers(want, got, survivorCounters(want), rational, 1e-12); len(diffs) > 0 {
				t.Errorf("the eclipse solver and second-dawn.rules.yaml differ on\n%s\n%s", src, strings.Join(diffs, "\n"))
			}
		})
	}
	if seen == 0 {
		t.Fatal("no built-in eclipse scenario found")
	}
}

// The built-in twins: rulesfile/R-NAME is the built-in scenario R/NAME of
// the Go ruleset R, written on that ruleset's rules file
// (emoji-space.rules.yaml, second-dawn.rules.yaml). Where both solvers
// reach a twin, their answers are equal as fractions: who wins, every end,
// the mean rounds — or, where the fractions are beyond a solver's budget
// of them, equal in floating point.
func TestTwinParity(t *testing.T) {
	entries, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, e := range entries {
		twin, ok := strings.CutPrefix(e.Name, "rulesfile/")
		if !ok {
			continue
		}
		ruleset, name, ok := strings.Cut(twin, "-")
		if !ok || (ruleset != "emojispace" && ruleset != "eclipse") {
			continue
		}
		seen[ruleset]++
		t.Run(twin, func(t *testing.T) {
			if !long && (ruleset == "eclipse" || !emojiShort[name]) {
				t.Skip("make long runs it (TestEclipseParity covers the eclipse scenarios in the default run)")
			}
			if ruleset == "eclipse" && eclipseLong[name] || ruleset == "emojispace" && emojiLong[name] {
				t.Skip("a solve of minutes")
			}
			goSc, err := scenarios.Load(ruleset + "/" + name)
			if err != nil {
				t.Fatal(err)
			}
			fileSc, err := scenarios.Load(e.Name)
			if err != nil {
				t.Fatal(err)
			}
			want, got, rational := solveBoth(t, goSc, fileSc)
			if diffs := sameAnswers(want, got, nil, rational, 1e-12); len(diffs) > 0 {
				t.Errorf("%s and %s differ:\n%s", goSc.Name, fileSc.Name, strings.Join(diffs, "\n"))
			}
		})
	}
	if seen["emojispace"] == 0 || seen["eclipse"] == 0 {
		t.Fatalf("built-in twins found: %v", seen)
	}
}

// emojiShort names the emojispace twins the default run compares, the
// others taking from seconds to a minute each on a loaded machine (make
// long compares them); emojiLong those whose rules-file solve takes
// minutes, compared by neither.
var (
	emojiShort = map[string]bool{"p0-vs-n1a": true, "p0-vs-n1b": true, "p0-vs-n2b": true}
	emojiLong  = map[string]bool{"p4-vs-n4a": true, "p5-vs-n5b": true}
)

// solveBoth solves two scenarios through their registered solvers, as
// fractions where both are within their budgets of them, else in floating
// point.
func solveBoth(t *testing.T, a, b *scenarios.Scenario) (ra, rb *rules.Exact, rational bool) {
	t.Helper()
	solve := func(sc *scenarios.Scenario, rational bool) (*rules.Exact, error) {
		s, err := rules.LookupSolver(sc.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		return s.Solve(t.Context(), sc.Document(), rational)
	}
	ra, errA := solve(a, true)
	rb, errB := solve(b, true)
	if errA == nil && errB == nil {
		return ra, rb, true
	}
	for _, err := range []error{errA, errB} {
		if err != nil && !errors.Is(err, rules.ErrBudget) {
			t.Fatal(err)
		}
	}
	t.Logf("compared in floating point: %v", errors.Join(errA, errB))
	if ra, errA = solve(a, false); errA != nil {
		t.Fatal(errA)
	}
	if rb, errB = solve(b, false); errB != nil {
		t.Fatal(errB)
	}
	return ra, rb, false
}
