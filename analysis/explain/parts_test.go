package explain

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// gunboatScenario is an attacker whose Gunboat (a Cruiser hull) carries
// an Ion Cannon and two Hulls and whose Interceptor its Ion Cannon,
// against a Cruiser that fires at Interceptors first (a priority list
// naming the attacker's designs). gunboat, hulls and interceptor say which
// of the attacker's four fittable parts are fitted; drives and sources
// always are. The blueprints are written out by hand, under names of the
// test's own, apart from the code under test.
func gunboatScenario(gunboat bool, hulls int, interceptor bool) string {
	var g, i []string
	if gunboat {
		g = append(g, "Ion Cannon")
	}
	for range hulls {
		g = append(g, "Hull")
	}
	if interceptor {
		i = append(i, "Ion Cannon")
	}
	g = append(g, "Nuclear Drive", "Nuclear Source")
	i = append(i, "Nuclear Drive", "Nuclear Source")
	return fmt.Sprintf(`ruleset: eclipse
blueprints:
  - {name: G, base: Cruiser, parts: [%s]}
  - {name: I, base: Interceptor, parts: [%s]}
attacker: {ships: {G: 1, I: 1}}
defender: {ships: {Cruiser: 1}, policy: priority, priority: [I, G]}
`, strings.Join(g, ", "), strings.Join(i, ", "))
}

const gunboatAsWritten = `ruleset: eclipse
blueprints:
  - {name: Gunboat, base: Cruiser, parts: [Ion Cannon, Hull, Nuclear Drive, Hull, Nuclear Source]}
attacker: {ships: {Gunboat: 1, Interceptor: 1}}
defender: {ships: {Cruiser: 1}, policy: priority, priority: [Interceptor, Gunboat]}
`

func solveText(t *testing.T, src string) float64 {
	t.Helper()
	sc, err := scenarios.Parse("test.yaml", "test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return solvedA(t, sc)
}

// Shapley over parts equals its definition — every order of the four
// labelled parts, each coalition's blueprints written by hand and solved —
// to 1e-12; leave-one-out is the fleet less one part, solved likewise; the
// values sum to v(all) − v(none).
func TestAttributePartsMatchesEveryOrder(t *testing.T) {
	sc, err := scenarios.Parse("gunboat.yaml", "gunboat", []byte(gunboatAsWritten))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Attribute(context.Background(), sc, rules.A, rules.Parts)
	if err != nil {
		t.Fatal(err)
	}
	// The test's own players: kind 0 the Gunboat's cannon, 1 its Hulls
	// (two), 2 the Interceptor's cannon.
	mine := []Unit{{Name: "Ion Cannon", Design: "Gunboat", Count: 1}, {Name: "Hull", Design: "Gunboat", Count: 2}, {Name: "Ion Cannon", Design: "Interceptor", Count: 1}}
	if fmt.Sprint(a.Units) != fmt.Sprint(mine) || a.Coalitions != 12 {
		t.Fatalf("players %v in %d coalitions, want %v in 12", a.Units, a.Coalitions, mine)
	}
	solved := map[[3]int]float64{}
	v := func(c []int) float64 {
		key := [3]int{c[0], c[1], c[2]}
		if _, ok := solved[key]; !ok {
			solved[key] = solveText(t, gunboatScenario(c[0] == 1, c[1], c[2] == 1))
		}
		return solved[key]
	}
	want := bruteShapley(mine, v)
	at := 0
	for k, u := range mine {
		for range u.Count {
			if math.Abs(a.Shapley[k]-want[at]) > 1e-12 {
				t.Errorf("%s's %s: Shapley %.15f, by every order %.15f", u.Design, u.Name, a.Shapley[k], want[at])
			}
			at++
		}
	}
	all := []int{1, 2, 1}
	for k := range mine {
		all[k]--
		if w := v(all); math.Abs(a.Without[k]-w) > 1e-12 {
			t.Errorf("without one %s's %s: %v, solved %v", mine[k].Design, mine[k].Name, a.Without[k], w)
		}
		all[k]++
	}
	total := a.Shapley[0] + 2*a.Shapley[1] + a.Shapley[2]
	if none := v([]int{0, 0, 0}); math.Abs(a.All-v(all)) > 1e-12 || math.Abs(a.None-none) > 1e-12 || math.Abs(total-(a.All-a.None)) > 1e-12 {
		t.Errorf("all %v (solved %v), none %v (solved %v), values sum to %v", a.All, v(all), a.None, none, total)
	}
	for k, phi := range a.Shapley {
		if phi <= 0.01 { // a part worth nothing would make the comparison weak
			t.Errorf("%s's %s is worth %v: the case checks too little", mine[k].Design, mine[k].Name, phi)
		}
	}
}

// By Monte Carlo on common random numbers the part values agree with the
// exact ones within 4.5 standard errors (a false alarm about once in
// 150,000 per value; the seed is fixed, so the test never flakes), and
// add up to v(all) − v(none) of the same trials exactly.
func TestAttributePartsSampledAgreesWithExact(t *testing.T) {
	sc, err := scenarios.Parse("gunboat.yaml", "gunboat", []byte(gunboatAsWritten))
	if err != nil {
		t.Fatal(err)
	}
	exact, err := Attribute(context.Background(), sc, rules.A, rules.Parts)
	if err != nil {
		t.Fatal(err)
	}
	mc, err := AttributeSampled(context.Background(), sc, rules.A, rules.Parts, Sampling{Seed: 5, Trials: 20000})
	if err != nil {
		t.Fatal(err)
	}
	total := agreesWithin(t, mc, exact)
	if math.Abs(total-(mc.All-mc.None)) > 1e-12 || math.Abs(mc.None-exact.None) > 4.5*mc.NoneSE+1e-12 {
		t.Errorf("values sum to %v, all %v less none %v ± %v (exact none %v)", total, mc.All, mc.None, mc.NoneSE, exact.None)
	}
}

// agreesWithin checks a sampled attribution's values against the exact
// ones, each within 4.5 of its standard errors (a false alarm about once
// in 1.5·10⁵ a value), and returns the sampled values' sum over every
// player counted as often as it is fielded.
func agreesWithin(t *testing.T, mc, exact *Attribution) float64 {
	t.Helper()
	total := 0.0
	for k, u := range mc.Units {
		if d := math.Abs(mc.Shapley[k] - exact.Shapley[k]); d > 4.5*mc.ShapleySE[k] || mc.ShapleySE[k] == 0 {
			t.Errorf("%s's %s: Shapley %v ± %v, exact %v", u.Design, u.Name, mc.Shapley[k], mc.ShapleySE[k], exact.Shapley[k])
		}
		if d := math.Abs(mc.Without[k] - exact.Without[k]); d > 4.5*mc.WithoutSE[k] {
			t.Errorf("%s's %s: without it %v ± %v, exact %v", u.Design, u.Name, mc.Without[k], mc.WithoutSE[k], exact.Without[k])
		}
		total += mc.Shapley[k] * float64(u.Count)
	}
	return total
}
