package scenarios_test

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crucible-sim/crucible/scenarios"
)

// A scenario read in a folder (the workbench) reads its rules file from
// that folder, and nothing outside it.
func TestRulesFileInAFolder(t *testing.T) {
	rules, err := os.ReadFile("builtin/rulesfile/duel2d6.rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"games/duel2d6.rules.yaml": {Data: rules}}
	sc, err := scenarios.ParseIn(fsys, "d.yaml", "d", []byte("ruleset: games/duel2d6.rules.yaml\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc.Compile(); err != nil || sc.Ruleset != "duel2d6.rules.yaml" {
		t.Fatalf("ruleset %s, %v", sc.Ruleset, err)
	}
	for _, ref := range []string{"../duel2d6.rules.yaml", "/etc/x.rules.yaml"} {
		_, err := scenarios.ParseIn(fsys, "d.yaml", "d", []byte("ruleset: "+ref+"\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"))
		if err == nil || !strings.Contains(err.Error(), "outside the folder") {
			t.Errorf("%s: %v", ref, err)
		}
	}
	// A name is a built-in rules file, never one of the rules path.
	t.Setenv(scenarios.RulesPathEnv, t.TempDir())
	if _, err := scenarios.ParseIn(fsys, "d.yaml", "d", []byte("ruleset: duel2d6\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n")); err != nil {
		t.Errorf("the built-in rules file by name: %v", err)
	}
}

// A scenario may not hold rules of its own: they come from the file its
// ruleset names.
func TestScenarioHoldsNoRules(t *testing.T) {
	_, err := scenarios.Parse("d.yaml", "d", []byte("ruleset: duel2d6\nrules: {title: x}\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"))
	if err == nil || !strings.Contains(err.Error(), "d.yaml:2:9: rules: a scenario does not hold rules") {
		t.Errorf("got %v", err)
	}
}

// A built-in rules file's source is the built-in's, whatever the rules
// path holds under its name (a scenario read in a folder reads no other
// by name); an unknown name is a file that does not exist.
func TestBuiltinRulesFileSource(t *testing.T) {
	want, err := os.ReadFile("builtin/rulesfile/duel2d6.rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/duel2d6.rules.yaml", []byte("title: another duel\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	scenarios.SetRulesPath([]string{dir})
	defer scenarios.SetRulesPath(nil)
	file, src, err := scenarios.BuiltinRulesFileSource("duel2d6")
	if err != nil || file != "builtin/rulesfile/duel2d6.rules.yaml" || string(src) != string(want) {
		t.Errorf("duel2d6: %q, %d bytes, %v; want the built-in's %d bytes", file, len(src), err, len(want))
	}
	if _, src, _ := scenarios.RulesFileSource("duel2d6"); string(src) != "title: another duel\n" {
		t.Errorf("the rules path's duel2d6 is not the one found by name on the command line: %q", src)
	}
	if _, _, err := scenarios.BuiltinRulesFileSource("duel2d7"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an unknown name: %v", err)
	}
}
