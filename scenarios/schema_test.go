package scenarios_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// A document of a ruleset's own schema (rules.SchemaReader) is a scenario
// by itself: a plain .json file whose `schema` names the ruleset's format
// loads with that ruleset, by the file's base name, and compiles whole.
func TestLoadPlainSchemaFile(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "symmetric_line.json")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "symmetric_line" || sc.Ruleset != "dbd" || sc.Trials != 0 {
		t.Errorf("loaded %q of ruleset %q with %d trials", sc.Name, sc.Ruleset, sc.Trials)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Spec().Sides[0]; !strings.HasPrefix(got, "BLUE: 5 INF") {
		t.Errorf("side a is %q", got)
	}
	if sc.Document().Get("schema") == nil {
		t.Error("the document of a whole-schema scenario lost its schema field")
	}
	// The same blob embedded in a wrapper is the same battle.
	wrapped, err := scenarios.Parse("w.yaml", "symmetric_line", []byte("ruleset: dbd\nscenario: "+string(src)))
	if err != nil {
		t.Fatal(err)
	}
	wb, err := wrapped.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if wb.Spec().Sides != b.Spec().Sides {
		t.Errorf("wrapped %v, plain %v", wb.Spec().Sides, b.Spec().Sides)
	}
}

// A whole-schema document is the ruleset's alone: crucible's common
// fields are not taken out of it (the schema allows none), and a document
// without a ruleset whose schema no ruleset reads is refused at its
// schema, which lists the known ones.
func TestPlainSchemaErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"schema": "dbd-scn-0.1", "description": "x", "board": "DBD-157-v1", "standardsToWin": 5, "terrain": {}, "units": [], "turn": {"side": "BLUE", "turnNumber": 1, "activationsLeft": 3}}`,
			`x.json:1:`},
		{`{"schema": "no-such-schema-1"}`, `x.json:1:12: schema: unknown schema "no-such-schema-1" (known: dbd-scn-0.1)`},
	} {
		sc, err := scenarios.Parse("x.json", "x", []byte(c.src))
		if err == nil {
			_, err = sc.Compile()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.src, err, c.want)
		}
	}
	sc, err := scenarios.Parse("x.json", "x", []byte(`{"schema": "dbd-scn-0.1", "description": "x", "board": "DBD-157-v1", "standardsToWin": 5, "terrain": {}, "units": [], "turn": {"side": "BLUE", "turnNumber": 1, "activationsLeft": 3}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc.Compile(); err == nil || !strings.Contains(err.Error(), `unknown field "description"`) {
		t.Errorf("a common field in a plain dbd-scn-0.1 file: %v", err)
	}
}

// A ruleset's included field (rules.Includer) may name a file beside the
// scenario: the loader reads it in place, its errors point into it, and
// the hash follows its content. --set may name another, relative to the
// working directory.
func TestIncludedFile(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("line.json", string(src))
	wrapper := write("w.yaml", "ruleset: dbd\nscenario: line.json\npolicies: {red: random}\n")
	sc, err := scenarios.Load(wrapper)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.Spec().Sides[1], "RED: 5 INF") {
		t.Errorf("side b is %q", b.Spec().Sides[1])
	}
	hash := sc.Hash()
	write("line.json", strings.Replace(string(src), `"hp": 4, "hex": 109`, `"hp": 3, "hex": 109`, 1))
	sc2, err := scenarios.Load(wrapper)
	if err != nil {
		t.Fatal(err)
	}
	if sc2.Hash() == hash {
		t.Error("the hash does not follow the included file")
	}
	write("bad.json", strings.Replace(string(src), `"hp": 4, "hex": 109`, `"hp": 9, "hex": 109`, 1))
	if err := sc2.Set("scenario=" + filepath.Join(dir, "bad.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := sc2.Compile(); err == nil || !strings.Contains(err.Error(), "bad.json:7:80: scenario.units[0].hp:") || !strings.Contains(err.Error(), `unit "B_INF_1": hp 9 exceeds max 4`) {
		t.Errorf("error in the included file: %v", err)
	}
	missing := write("m.yaml", "ruleset: dbd\nscenario: nowhere.json\n")
	if _, err := scenarios.Load(missing); err == nil || !strings.Contains(err.Error(), "m.yaml:2:11: scenario: cannot read the scenario file") {
		t.Errorf("a missing included file: %v", err)
	}
}

// A scenario lists the files it was read from, with their bytes as read:
// the scenario file, each file it includes, each file an override names
// (crucible batch ships them all). Built-in files are not listed, and an
// override of a clone stays the clone's.
func TestFilesRead(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "maps"), 0o755)
	os.WriteFile(filepath.Join(dir, "maps", "line.json"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "other.json"), src, 0o644)
	wrapper := filepath.Join(dir, "w.yaml")
	os.WriteFile(wrapper, []byte("ruleset: dbd\nscenario: maps/line.json\n"), 0o644)
	sc, err := scenarios.Load(wrapper)
	if err != nil {
		t.Fatal(err)
	}
	clone := sc.Clone()
	if err := clone.Set("scenario=" + filepath.Join(dir, "other.json")); err != nil {
		t.Fatal(err)
	}
	want := []scenarios.File{
		{Path: wrapper, Ref: wrapper, Src: []byte("ruleset: dbd\nscenario: maps/line.json\n")},
		{Path: filepath.Join(dir, "maps", "line.json"), Ref: "maps/line.json", Field: "scenario", Src: src},
	}
	if got := sc.Files(); !equalFiles(got, want) {
		t.Errorf("files read:\n%+v\nwant\n%+v", got, want)
	}
	want = append(want, scenarios.File{Path: filepath.Join(dir, "other.json"), Ref: filepath.Join(dir, "other.json"), Field: "scenario",
		Origin: "--set scenario=" + filepath.Join(dir, "other.json"), Src: src})
	if got := clone.Files(); !equalFiles(got, want) {
		t.Errorf("files read by the clone:\n%+v\nwant\n%+v", got, want)
	}
	builtin, err := scenarios.Load("dbd/symmetric_line")
	if err != nil {
		t.Fatal(err)
	}
	if got := builtin.Files(); len(got) != 0 {
		t.Errorf("a built-in scenario lists files: %+v", got)
	}
}

func equalFiles(a, b []scenarios.File) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Path != b[i].Path || a[i].Ref != b[i].Ref || a[i].Field != b[i].Field || a[i].Origin != b[i].Origin || string(a[i].Src) != string(b[i].Src) {
			return false
		}
	}
	return true
}
