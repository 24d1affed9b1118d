package ec4x

import (
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// The reference's defaults are the values Compile gives an absent field.
func TestReferenceDefaults(t *testing.T) {
	ref := ruleset{}.Reference()
	def := func(path string) int {
		f, ok := ref.Field(path)
		if !ok {
			t.Fatalf("no field %s", path)
		}
		v, err := strconv.Atoi(f.Default)
		if err != nil {
			t.Fatalf("%s: default %q is not an integer", path, f.Default)
		}
		return v
	}
	b, err := Compile(documentOf(t, "taskForces:\n  - {house: a, squadrons: [{id: a1, flagship: Cruiser}]}\n  - {house: b, squadrons: [{id: b1, flagship: Cruiser}]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	tf := b.TaskForces[0]
	for _, c := range []struct {
		path string
		got  int
	}{
		{"taskForces[].roe", tf.ROE},
		{"taskForces[].prestige", tf.Prestige},
		{"taskForces[].eli", tf.ELI},
		{"taskForces[].clk", tf.CLK},
		{"taskForces[].tech", tf.Squadrons[0].Tech},
	} {
		if want := def(c.path); c.got != want {
			t.Errorf("%s: an absent field compiles to %d, the reference says %d", c.path, c.got, want)
		}
	}
	s, err := Compile(documentOf(t, "suite: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Suite.BaseSeed != int64(def("suite.baseSeed")) || s.Suite.Count != int64(def("suite.count")) {
		t.Errorf("an empty suite is %+v; the reference says baseSeed %d, count %d", *s.Suite, def("suite.baseSeed"), def("suite.count"))
	}
}

// Every catalogue cell says something (a scenario type without a
// description, a class without a note would print blank), and the ships
// catalogue lists every class once, in the order of §2.1.
func TestReferenceCatalogues(t *testing.T) {
	ref := ruleset{}.Reference()
	for _, c := range ref.Catalogues {
		for _, row := range c.Rows {
			for i, cell := range row {
				if cell == "" {
					t.Errorf("catalogue %s, row %s: column %q is empty", c.Name, row[0], c.Columns[i])
				}
			}
		}
	}
	ships, _ := ref.Catalogue("ships")
	if len(ships.Rows) != int(numClasses) {
		t.Fatalf("ships catalogue has %d rows, want %d", len(ships.Rows), numClasses)
	}
	for cl := range numClasses {
		if ships.Rows[cl][0] != cl.String() {
			t.Errorf("ships row %d is %s, want %s", cl, ships.Rows[cl][0], cl)
		}
	}
	types, _ := ref.Catalogue("suite-types")
	if len(types.Rows) != len(SuiteTypes) {
		t.Errorf("suite-types catalogue has %d rows, want %d", len(types.Rows), len(SuiteTypes))
	}
}

// finish hands out counter indexes by position in battleCounters and
// typeCounterDocs: each index must name the counter it stands for.
func TestCounterIndexes(t *testing.T) {
	for _, src := range []string{
		"taskForces:\n  - {house: a, squadrons: [{id: a1, flagship: Cruiser}]}\n  - {house: b, squadrons: [{id: b1, flagship: Cruiser}]}\n  - {house: c, squadrons: [{id: c1, flagship: Cruiser}]}\n",
		"suite: {count: 11}\n",
	} {
		b, err := Compile(documentOf(t, src))
		if err != nil {
			t.Fatal(err)
		}
		names := b.Spec().CounterNames()
		c := &b.c
		for idx, want := range map[*int]string{
			&c.desperation: CounterDesperation, &c.success: CounterSuccess, &c.failed: CounterFailed,
			&c.structural: CounterStructural, &c.stalls: CounterStalls, &c.stallsStr: CounterStallsStr,
			&c.quietEnd: CounterQuietEnd, &c.crits: CounterCrits, &c.cripplings: CounterCripplings,
			&c.destroyed: CounterDestroyed, &c.retreats: CounterRetreats, &c.victor[0]: "a.victor",
			&c.survivors[1]: "b.survivors", &c.victor[2]: "tf3.victor",
		} {
			if names[*idx] != want {
				t.Errorf("%q: the index of %s names %s", src, want, names[*idx])
			}
		}
		if b.Suite == nil {
			continue
		}
		for ty, name := range SuiteTypes {
			tc := c.byType[ty]
			for i, idx := range []int{tc.tests, tc.rounds, tc.victor, tc.desperation, tc.stalemate} {
				if want := "type." + name + "." + typeCounterDocs[i].Name; names[idx] != want {
					t.Errorf("the index of %s names %s", want, names[idx])
				}
			}
		}
	}
}

// The sides are labelled by their task forces' houses; a suite's tests have
// houses of their own, so its sides are TF 1 and TF 2.
func TestLabels(t *testing.T) {
	for _, c := range []struct {
		src  string
		want [2]string
	}{
		{"taskForces:\n  - {house: invaders, squadrons: [{id: a1, flagship: Cruiser}]}\n  - {house: defenders, squadrons: [{id: b1, flagship: Cruiser}]}\n", [2]string{"invaders", "defenders"}},
		{"suite: {}\n", [2]string{"TF 1", "TF 2"}},
	} {
		b, err := ruleset{}.Compile(documentOf(t, c.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Spec().Labels; got != c.want {
			t.Errorf("%q: labels %q, want %q", c.src, got, c.want)
		}
	}
}

var _ rules.Documented = ruleset{}
