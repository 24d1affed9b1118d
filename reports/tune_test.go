package reports

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/tunereport"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtinTune runs a built-in tune at seed 1, exactly where its ruleset's
// solver reaches when exact is set.
func builtinTune(t *testing.T, name string, exact bool) *tune.Result {
	t.Helper()
	file, ok, err := scenarios.LoadTune(name)
	if err != nil || !ok {
		t.Fatalf("%s: %v", name, err)
	}
	base, err := scenarios.Load(file.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	tu, err := tune.From(file, base)
	if err != nil {
		t.Fatal(err)
	}
	tu.Exact = exact
	res, err := tune.Run(context.Background(), analysis.Run{Seed: 1, Version: "test"}, tu)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The outputs of a tune by Monte Carlo (stratfight) and an exact one
// (eclipse) are pinned: a change to the search, the words or the formats
// shows up as a diff. Refresh after a deliberate change with
// go test ./reports -update.
func TestTuneOutputs(t *testing.T) {
	for _, c := range []struct {
		file, name string
		exact      bool
	}{{"tune-stratfight", "stratfight/armor-fair", true}, {"tune-eclipse", "eclipse/interceptors-for-70", true}, {"tune-eclipse-mc", "eclipse/interceptors-for-70", false}} {
		res := builtinTune(t, c.name, c.exact)
		var table, js bytes.Buffer
		if err := tunereport.WriteTable(&table, res); err != nil {
			t.Fatal(err)
		}
		if err := tunereport.WriteJSON(&js, res); err != nil {
			t.Fatal(err)
		}
		csv, err := formats.CsvBytes(tunereport.Rows(res))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, c.file+".golden.txt", table.Bytes())
		golden(t, c.file+".golden.json", js.Bytes())
		golden(t, c.file+".golden.csv", csv)
		if !json.Valid(js.Bytes()) {
			t.Errorf("%s: invalid JSON", c.name)
		}
	}
}

// The report directory of a tune holds its four files, and the curve is a
// PNG; a tune with no bracket (interrupted) still draws one.
func TestTuneDir(t *testing.T) {
	res := builtinTune(t, "eclipse/interceptors-for-70", false)
	for _, r := range []*tune.Result{res, {Tune: res.Tune, Status: tune.Interrupted, Probes: res.Probes[:1], Version: "test"}} {
		dir := t.TempDir()
		if err := tunereport.WriteDir(dir, r, "crucible tune eclipse/interceptors-for-70 --seed 1"); err != nil {
			t.Fatal(err)
		}
		png, err := os.ReadFile(filepath.Join(dir, "tune-curve.png"))
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("tune-curve.png: %v", err)
		}
		page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
		if want := tunereport.Headline(r)[0]; !strings.Contains(string(page), want) {
			t.Errorf("the page lacks the headline %q", want)
		}
	}
}

// The JSON writes <, > and & as themselves, and leaves a backslash
// written before u003e in a string as it is.
func TestUnescapeHTML(t *testing.T) {
	in, _ := json.Marshal([]string{"win.a>=0.7", `a\u003e`, "x<y & z"})
	want := `["win.a>=0.7","a\\u003e","x<y & z"]`
	if got := string(formats.UnescapeHTML(in)); got != want {
		t.Errorf("%s, want %s", got, want)
	}
	var back []string
	if err := json.Unmarshal(formats.UnescapeHTML(in), &back); err != nil || back[1] != `a\u003e` {
		t.Errorf("%q, %v", back, err)
	}
}
