package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// validate accepts every kind of file crucible reads — a scenario, suite,
// sweep, tune, roster and rules file — on a built-in of each kind, and
// refuses a bad file of each kind with its error located at file:line:column.
func TestValidateEveryKind(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ ref, want string }{
		{"stratfight/thug-vs-guard", "stratfight/thug-vs-guard: ok (stratfight, 0 claims)"},
		{"ec4x/desperation-claims", "ec4x/desperation-claims: suite of "},
		{"stratfight/armor", "stratfight/armor: ok (sweep of stratfight/samwell-vs-guard over b.armor.armor_value (9 values): 9 points, each compiles)"},
		{"stratfight/armor-fair", "stratfight/armor-fair: ok (tune of stratfight/samwell-vs-guard over b.armor.armor_value)"},
		{"stratfight/fighters", "stratfight/fighters: ok (roster of 10 entries on stratfight/thug-vs-guard: 100 pairings, each compiles)"},
		{"rulesfile/duel2d6.rules", "rulesfile/duel2d6.rules: ok (rules file: "},
	} {
		if out := mustRun(t, "validate", c.ref); !strings.HasPrefix(out, c.want) {
			t.Errorf("validate %s:\n%s\nwant it to start %q", c.ref, out, c.want)
		}
	}
	// A name two kinds share is validated as both.
	out := mustRun(t, "validate", "eclipse/cruiser-designs")
	if !strings.Contains(out, "eclipse/cruiser-designs: ok (roster of 10 entries") || !strings.Contains(out, "eclipse/cruiser-designs: ok (eclipse, 0 claims)") {
		t.Errorf("validate eclipse/cruiser-designs, a roster and a scenario:\n%s", out)
	}

	dir := t.TempDir()
	for _, c := range []struct{ name, src, want string }{
		{"bad-scenario.yaml", "ruleset: stratfight\na: {fighter: arya}\nb: {fighter: mountian}\n",
			`:3:14: b.fighter: unknown fighter "mountian"`},
		{"bad-suite.yaml", "suite:\n  - stratfight/thug-vs-guard\nsuit: 1\n", `:3:7: suit: unknown field "suit"`},
		{"bad-sweep.yaml", "scenario: stratfight/samwell-vs-guard\nsweep:\n  - {path: b.armor.armor_vale, from: 0, to: 8}\n",
			`:3:38 (sweep[0]: b.armor.armor_vale=0): b.armor.armor_vale: unknown field "armor_vale"`},
		{"bad-tune.yaml", "scenario: stratfight/samwell-vs-guard\ntune:\n  path: b.armor.armor_value\n  from: 0\n  to: 8\n  target: fiar\n",
			`:6:11: tune.target: target "fiar": allowed: fair`},
		{"bad-roster.yaml", "scenario: stratfight/thug-vs-guard\nmeta:\n  - {name: Thug, side: {fighter: thug}}\n  - {name: Guard, side: {fighter: gaurd}}\n",
			`:4:35: b.fighter: unknown fighter "gaurd"`},
		{"bad.rules.yaml", "title: x\nunits:\n  duellist: {hp: 5}\nround:\n  - contest:\n      roll: 2d6\n      ties: rerol\n",
			`:7:13: round[0].contest.ties: "rerol" is not allowed`},
	} {
		file := filepath.Join(dir, c.name)
		if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := mustFail(t, exitFailed, "invalid", "validate", file)
		if !strings.Contains(out, file+c.want) {
			t.Errorf("validate %s:\n%s\nwant %q", c.name, out, file+c.want)
		}
	}
}
