package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A blueprint (any element of a list of named things) is addressed by its
// name in every command that takes a field path, and means exactly what
// its position means: --set of run, --vary of sweep and tune, and a
// check's scoped --set each print what the positional path prints, the
// path's text aside.
func TestBlueprintsByName(t *testing.T) {
	t.Parallel()
	const sc = "eclipse/missile-interceptor-vs-ancient"
	const named, positional = "blueprints[Missile Interceptor]", "blueprints[0]"
	for _, args := range [][]string{
		{"run", sc, "--trials", "2000", "--seed", "1", "--set", named + ".parts[Plasma Missile]=Ion Cannon"},
		{"sweep", sc, "--trials", "1000", "--seed", "1", "--format", "csv", "--vary", named + ".computer=0..2"},
		{"tune", sc, "--seed", "1", "--vary", named + ".computer=0..3", "--target", "win.a>=0.5"},
		{"check", sc, "stratfight/thug-vs-guard", "--trials", "2000", "--seed", "1", "--set", sc + ":" + named + ".parts[Plasma Missile]=Ion Cannon"},
	} {
		byName, errName, codeName := crucible(t, context.Background(), args...)
		pos := make([]string, len(args))
		for i, a := range args {
			pos[i] = strings.ReplaceAll(strings.ReplaceAll(a, named, positional), "parts[Plasma Missile]", "parts[3]")
		}
		byPos, errPos, codePos := crucible(t, context.Background(), pos...)
		if codeName != codePos || codeName > 1 {
			t.Errorf("crucible %s: exit %d (%s); by position exit %d (%s)", strings.Join(args, " "), codeName, errName, codePos, errPos)
		}
		// Tables pad to the longer path: compare the words.
		normal := func(s string) string {
			s = strings.NewReplacer(named, positional, "parts[Plasma Missile]", "parts[3]").Replace(s)
			return strings.Join(strings.Fields(s), " ")
		}
		if normal(byName) != normal(byPos) {
			t.Errorf("crucible %s prints\n%s\nby position\n%s", strings.Join(args, " "), byName, byPos)
		}
	}
	// The Ion Cannon in the missile's place loses the check's claim E3
	// (P(attacker wins) = 851/2601 with the missile): the scoped set was
	// applied to the named blueprint.
	out, _, code := crucible(t, context.Background(), "check", sc, "stratfight/thug-vs-guard", "--trials", "2000", "--seed", "1",
		"--set", sc+":"+named+".parts[Plasma Missile]=Ion Cannon")
	if code != exitFailed || !strings.Contains(out, "E3") {
		t.Errorf("check with the missile replaced by name: exit %d\n%s", code, out)
	}
}

// A sweep file's and a tune file's path take names too.
func TestSweepAndTuneFilesByName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"sweep.yaml": "scenario: eclipse/shielded-interceptors-vs-gunship\ntrials: 500\nsweep:\n  - {path: \"parts[Tuned Shield].shield\", from: 0, to: 2}\n",
		"tune.yaml":  "scenario: eclipse/shielded-interceptors-vs-gunship\ntune: {path: \"parts[Tuned Shield].shield\", from: 0, to: 3, target: fair}\n",
	}
	for name, src := range files {
		for form, path := range map[string]string{"named": "parts[Tuned Shield]", "positional": "parts[0]"} {
			file := filepath.Join(dir, form+"-"+name)
			if err := os.WriteFile(file, []byte(strings.Replace(src, "parts[Tuned Shield]", path, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := strings.TrimSuffix(name, ".yaml")
		named := mustRun(t, cmd, filepath.Join(dir, "named-"+name), "--seed", "1", "--format", "json")
		positional := mustRun(t, cmd, filepath.Join(dir, "positional-"+name), "--seed", "1", "--format", "json")
		normal := strings.NewReplacer("parts[Tuned Shield]", "parts[0]", "named-", "positional-").Replace
		if normal(named) != positional {
			t.Errorf("%s by name:\n%s\nby position:\n%s", name, named, positional)
		}
	}
}

// A name that is not there is an error at the field path the designer
// wrote, with the names there and the nearest, in every command.
func TestBlueprintNameErrors(t *testing.T) {
	t.Parallel()
	const sc = "eclipse/cruiser-designs"
	names := "(names: Terran Cruiser, Plasma Cruiser, Twin Ion Cruiser, Missile Cruiser, Shield Wall, Sniper Cruiser, Brick, Fast Striker, Gluon Hunter, Flux Raider); did you mean \"Sniper Cruiser\"?"
	for _, c := range []struct {
		want string
		args []string
	}{
		{`--set blueprints[Snipper Cruiser].hull=1: blueprints: has no element named "Snipper Cruiser" ` + names,
			[]string{"run", sc, "--seed", "1", "--set", "blueprints[Snipper Cruiser].hull=1"}},
		{`--vary blueprints[Snipper Cruiser].hull=0..1 (value 0): blueprints: has no element named "Snipper Cruiser" ` + names,
			[]string{"sweep", sc, "--seed", "1", "--vary", "blueprints[Snipper Cruiser].hull=0..1"}},
		{`blueprints: has no element named "Snipper Cruiser" ` + names,
			[]string{"tune", sc, "--seed", "1", "--vary", "blueprints[Snipper Cruiser].hull=0..2", "--target", "fair"}},
		{`--unset blueprints[Snipper Cruiser]: blueprints: has no element named "Snipper Cruiser" ` + names,
			[]string{"validate", sc, "--unset", "blueprints[Snipper Cruiser]"}},
		{`blueprints[Sniper Cruiser].parts: has no element named "Plasma Cannon" (names: Ion Cannon, Positron Computer, Electron Computer, Hull, Nuclear Drive, Nuclear Source)`,
			[]string{"run", sc, "--seed", "1", "--set", "blueprints[Sniper Cruiser].parts[Plasma Cannon]=Ion Cannon"}},
	} {
		out, errOut, code := crucible(t, context.Background(), c.args...)
		if code != exitFailed || !strings.Contains(out+errOut, c.want) {
			t.Errorf("crucible %s: exit %d, %q; want exit %d and %q", strings.Join(c.args, " "), code, out+errOut, exitFailed, c.want)
		}
	}
}
