package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ownBase is three Interceptor designs alike but for the initiative
// printed on the third, which makes it weaker; the roster's entries name
// them by other names.
const ownBase = `ruleset: eclipse
description: "three Interceptor designs, alike but for the third's initiative"
blueprints:
  - {name: Alpha, base: Interceptor, initiative: 3}
  - {name: Beta, base: Interceptor, initiative: 3}
  - {name: Gamma, base: Interceptor, initiative: 1}
attacker:
  ships: {Alpha: 2}
defender:
  ships: {Beta: 2}
`

func ownRoster(t *testing.T, extra string) string {
	t.Helper()
	return designRoster(t, ownBase, extra)
}

// designRoster writes base and a roster of it (with extra lines at its
// top) whose entries First, Second and Third field two of its designs
// Alpha, Beta and Gamma, and returns the roster's path.
func designRoster(t *testing.T, base, extra string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "base.yaml"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "designs.yaml")
	src := "scenario: base.yaml\n" + extra + `meta:
  - {name: First, side: {ships: {Alpha: 2}}}
  - {name: Second, side: {ships: {Beta: 2}}}
  - {name: Third, side: {ships: {Gamma: 2}}}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// meta --balance varies a field of the base scenario in each entry's own
// design (blueprints[*]: the blueprint its side names), so that it can
// answer "what change of design brings my weakest into play?". Here the
// answer is known by hand: the one change that balances is the third's
// initiative 1 → 3, which makes the three designs one (the equilibrium
// splits equal entries evenly, 1/3 each), found after the start and its
// 3 entries × 2 other values, 7 matrices. The balanced roster's cells are
// those of the same roster with that change written by --set, fought on
// its own. Before, the path had to be in every entry's side, and this was
// refused ("lack it in their side").
func TestMetaBalanceOwnDesign(t *testing.T) {
	t.Parallel()
	file := ownRoster(t, "")
	var v struct {
		Balance struct {
			Path     string
			Balanced bool
			Matrices int
			Changes  []struct{ Entry, Path, From, To string }
		}
		Meta metaJSON
	}
	out := mustRun(t, "meta", file, "--seed", "1", "--balance", "blueprints[*].initiative=1..3", "--format", "json")
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	want := struct{ Entry, Path, From, To string }{"Third", "blueprints[Gamma].initiative", "1", "3"}
	if !v.Balance.Balanced || v.Balance.Matrices != 7 || len(v.Balance.Changes) != 1 || v.Balance.Changes[0] != want {
		t.Fatalf("balance: %+v, want balanced after 7 matrices by %+v", v.Balance, want)
	}
	var set metaJSON
	if err := json.Unmarshal([]byte(mustRun(t, "meta", ownRoster(t, "set: [\"blueprints[Gamma].initiative=3\"]\n"), "--seed", "1", "--format", "json")), &set); err != nil {
		t.Fatal(err)
	}
	for i := range set.Payoff {
		for j := range set.Payoff[i] {
			if got, want := v.Meta.Payoff[i][j], set.Payoff[i][j]; got != want || !got.Exact {
				t.Errorf("cell (%d, %d): balanced %+v, written by --set %+v", i, j, got, want)
			}
		}
	}
	// Sampled, the search gives the same bytes on any number of workers,
	// and its answer holds on fresh streams.
	sampled := []string{"meta", file, "--seed", "2", "--exact=false", "--first-trials", "200", "--max-trials", "800", "--precision", "5",
		"--balance", "blueprints[*].initiative=1..3", "--format", "json"}
	one := mustRun(t, append(sampled, "--workers", "1")...)
	if three := mustRun(t, append(sampled, "--workers", "3")...); one != three {
		t.Errorf("sampled: 1 worker\n%s\n3 workers\n%s", one, three)
	}
	if !strings.Contains(one, `"holds": true,
      "needed": true`) || !strings.Contains(one, `"to": "3"`) {
		t.Errorf("sampled:\n%s", one)
	}
	text := mustRun(t, "meta", file, "--seed", "1", "--balance", "blueprints[*].initiative=1..3")
	if !strings.Contains(text, "changed   Third: blueprints[Gamma].initiative 1 → 3\nresult    balanced") {
		t.Errorf("text:\n%s", text)
	}
}

// A [*] that names no entry's own element, or one two entries share, is
// refused with the entries and the names there; a mistyped list or field
// gets its did-you-mean.
func TestMetaBalanceOwnDesignRefuses(t *testing.T) {
	t.Parallel()
	shared := ownRoster(t, "")
	src, _ := os.ReadFile(shared)
	os.WriteFile(shared, append(src, "  - {name: Fourth, side: {ships: {Alpha: 1}}}\n"...), 0o644)
	none := ownRoster(t, "")
	src, _ = os.ReadFile(none)
	os.WriteFile(none, append(src, "  - {name: Plain, side: {ships: {Interceptor: 2}}}\n"...), 0o644)
	for _, c := range []struct{ file, balance, want string }{
		{shared, "blueprints[*].initiative=1..3", "--balance blueprints[*].initiative: entries First and Fourth both name blueprints[Alpha]: a value of it for each could not differ where they meet"},
		{none, "blueprints[*].initiative=1..3", "--balance blueprints[*].initiative: entry Plain's side names no element of blueprints, so it has none of its own for [*] (blueprints names: Alpha, Beta, Gamma)"},
		{ownRoster(t, ""), "blueprint[*].initiative=1..3", `--balance blueprint[*].initiative: the base scenario base has no list blueprint for [*] to name an element of: `},
		{ownRoster(t, ""), "blueprint[*].initiative=1..3", `no field "blueprint" (fields: blueprints, attacker, defender); did you mean "blueprints"?`},
		{ownRoster(t, ""), "blueprints[*].initiatve=1..3", `blueprints[0].initiatve: unknown field "initiatve" (allowed: name, base, slots, initiative, energy, computer, hull, parts, cannons, missiles, shield); did you mean "initiative"?`},
		{ownRoster(t, ""), "blueprints[*].parts[*]=1..3", "[*] stands for each entry's own element of one list, and is given twice"},
	} {
		mustFail(t, exitFailed, c.want, "meta", c.file, "--seed", "1", "--balance", c.balance)
	}
}
