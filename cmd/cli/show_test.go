package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// show prints every kind of built-in file byte for byte — a tune, a
// roster, a sweep, a rules file — and a name two kinds share is refused
// without --kind, naming both kinds; with --kind it prints that kind's.
func TestShowEveryKind(t *testing.T) {
	t.Parallel()
	builtin := filepath.Join("..", "..", "scenarios", "builtin")
	for _, c := range []struct {
		file string
		args []string
	}{
		{"tunes/stratfight/armor-fair.yaml", []string{"stratfight/armor-fair"}},
		{"tunes/eclipse/interceptors-for-70.yaml", []string{"--kind", "tune", "eclipse/interceptors-for-70"}},
		{"metas/stratfight/fighters.yaml", []string{"stratfight/fighters"}},
		{"metas/eclipse/cruiser-designs.yaml", []string{"--kind", "roster", "eclipse/cruiser-designs"}},
		{"eclipse/cruiser-designs.yaml", []string{"eclipse/cruiser-designs", "--kind", "scenario"}},
		{"sweeps/stratfight/armor.yaml", []string{"stratfight/armor"}},
		{"rulesfile/duel2d6.rules.yaml", []string{"rulesfile/duel2d6.rules"}},
	} {
		want, err := os.ReadFile(filepath.Join(builtin, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := mustRun(t, append([]string{"show"}, c.args...)...); got != string(want) {
			t.Errorf("show %v printed\n%s\nwant %s", c.args, got, c.file)
		}
	}
	mustFail(t, exitUsage, "eclipse/cruiser-designs names a built-in scenario and a built-in roster: pass --kind scenario or --kind roster", "show", "eclipse/cruiser-designs")
	mustFail(t, exitUsage, `--kind "meta": allowed: scenario, sweep, tune, roster`, "show", "--kind", "meta", "stratfight/fighters")
	mustFail(t, exitFailed, "stratfight/armor: no built-in tune of that name; it is a built-in sweep", "show", "--kind", "tune", "stratfight/armor")
}
