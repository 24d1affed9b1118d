package dbd

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// compileErr compiles a scenario document and returns Compile's error.
func compileErr(tb testing.TB, src string) error {
	tb.Helper()
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	_, err = Compile(n)
	return err
}

// Every name the decoder accepts from a table is an entry of the
// reference's catalogue of that table, in the table's order.
func TestReferenceCatalogues(t *testing.T) {
	ref := ruleset{}.Reference()
	profile := optionSet[slices.IndexFunc(optionSet, func(o rules.Option) bool { return o.Name == optGreedyProfile })]
	var boardWords []string
	for _, b := range boards() {
		boardWords = append(boardWords, b.Name)
	}
	for name, want := range map[string][]string{
		"unit-types":      typeNames[:],
		"qualities":       qualityNames[:],
		"terrain":         terrainNames[:],
		"boards":          boardWords,
		"greedy-profiles": profile.Words,
	} {
		c, ok := ref.Catalogue(name)
		if !ok {
			t.Errorf("no catalogue %s", name)
			continue
		}
		if got := c.Entries(); !slices.Equal(got, want) {
			t.Errorf("catalogue %s lists %v, the decoder accepts %v", name, got, want)
		}
	}
	var policies []string
	for _, p := range ref.Policies {
		policies = append(policies, p.Name)
	}
	if !slices.Equal(policies, policyNames[:]) {
		t.Errorf("policies %v, the decoder accepts %v", policies, policyNames)
	}
}

// The max HP the unit-types catalogue gives each type and quality is the
// most hp the decoder accepts for it.
func TestReferenceMaxHP(t *testing.T) {
	c, _ := ruleset{}.Reference().Catalogue("unit-types")
	col := slices.Index(c.Columns, "max HP")
	for _, row := range c.Rows {
		for q, v := range strings.Split(row[col], "/") {
			maxHP, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s: max HP %q", row[0], row[col])
			}
			unit := func(hp int) string {
				return broken(`{"id": "R1", "side": "RED", "type": "CAV", "quality": "VETERAN", "hp": 5,`,
					`{"id": "R1", "side": "RED", "type": "`+row[0]+`", "quality": "`+qualityNames[q]+`", "hp": `+strconv.Itoa(hp)+`,`)
			}
			if err := compileErr(t, unit(maxHP)); err != nil {
				t.Errorf("%s %s at the catalogue's max HP %d: %v", row[0], qualityNames[q], maxHP, err)
			}
			if err := compileErr(t, unit(maxHP+1)); err == nil || !strings.Contains(err.Error(), "exceeds max") {
				t.Errorf("%s %s at HP %d, above the catalogue's max: %v", row[0], qualityNames[q], maxHP+1, err)
			}
		}
	}
}

// The bounds the reference prints are the decoder's: it accepts each bound
// and rejects the next value.
func TestReferenceLimits(t *testing.T) {
	ref := ruleset{}.Reference()
	field := func(old, key string) func(int) string {
		return func(v int) string { return broken(old, key+strconv.Itoa(v)) }
	}
	for _, tc := range []struct {
		path  string // the field whose Allowed states the bound
		limit int
		with  func(v int) string // the scenario with the field at v
	}{
		{"scenario.standardsToWin", maxStandardsToWin, field(`"standardsToWin": 5`, `"standardsToWin": `)},
		{"scenario.turn.turnNumber", maxTurnNumber, field(`"turnNumber": 1`, `"turnNumber": `)},
		{"scenario.turn.activationsLeft", activationsPerTurn, field(`"activationsLeft": 3`, `"activationsLeft": `)},
		{"scenario.units[].id", maxIDLen, func(v int) string { return broken(`"id": "R1"`, `"id": "`+strings.Repeat("x", v)+`"`) }},
		{"options.standards-to-win", maxStandardsToWin, func(v int) string {
			return broken(`"turn": {`, `"turn": {`) + "options: {standards-to-win: " + strconv.Itoa(v) + "}\n"
		}},
	} {
		f, ok := ref.Field(tc.path)
		if !ok || !strings.Contains(f.Allowed, strconv.Itoa(tc.limit)) {
			t.Errorf("%s: the reference allows %q, not up to %d", tc.path, f.Allowed, tc.limit)
		}
		if err := compileErr(t, tc.with(tc.limit)); err != nil {
			t.Errorf("%s at its bound %d: %v", tc.path, tc.limit, err)
		}
		if err := compileErr(t, tc.with(tc.limit+1)); err == nil {
			t.Errorf("%s past its bound %d: accepted", tc.path, tc.limit)
		}
	}
}

// A battle names its sides BLUE and RED in every output (Spec.Labels).
func TestSpecLabels(t *testing.T) {
	b := loadBattle(t, "symmetric_line", "")
	if got, want := b.Spec().Labels, [2]string{"BLUE", "RED"}; got != want {
		t.Errorf("labels %q, want %q", got, want)
	}
}
