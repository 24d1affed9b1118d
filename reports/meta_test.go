package reports

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/metareport"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtinMeta fights a built-in roster at seed 1 and reads it.
func builtinMeta(t *testing.T, name string, precision float64) *meta.Analysis {
	t.Helper()
	// The tests only read an analysis: each is fought once (a few seconds
	// of CPU) and shared.
	key := fmt.Sprint(name, " ", precision)
	metaAnalyses.Lock()
	defer metaAnalyses.Unlock()
	if a, ok := metaAnalyses.m[key]; ok {
		return a
	}
	a := fightMeta(t, name, precision)
	metaAnalyses.m[key] = a
	return a
}

// metaAnalyses are the analyses builtinMeta fought, by roster and precision.
var metaAnalyses = struct {
	sync.Mutex
	m map[string]*meta.Analysis
}{m: map[string]*meta.Analysis{}}

func fightMeta(t *testing.T, name string, precision float64) *meta.Analysis {
	t.Helper()
	r, ok, err := scenarios.LoadRoster(name)
	if err != nil || !ok {
		t.Fatalf("%s: %v", name, err)
	}
	base, err := scenarios.Load(r.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	m, err := meta.New(r, base)
	if err != nil {
		t.Fatal(err)
	}
	mm, err := meta.Run(context.Background(), analysis.Run{Seed: 1, Version: "test"}, m, meta.Options{
		Precision: precision, Confidence: 0.95, First: meta.DefaultFirst, Budget: meta.DefaultBudget, Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	a, err := mm.Analyse(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The outputs of an exact metagame (eclipse) and a sampled one
// (stratfight) are pinned: a change to the sampling, the game, the words
// or the formats shows up as a diff. Refresh after a deliberate change
// with go test ./reports -update.
func TestMetaOutputs(t *testing.T) {
	for _, c := range []struct {
		file, name string
		precision  float64
	}{{"meta-eclipse", "eclipse/cruiser-designs", 0.01}, {"meta-stratfight", "stratfight/fighters", 0.05}} {
		a := builtinMeta(t, c.name, c.precision)
		var table, js bytes.Buffer
		if err := metareport.WriteTable(&table, a); err != nil {
			t.Fatal(err)
		}
		if err := metareport.WriteJSON(&js, a); err != nil {
			t.Fatal(err)
		}
		csv, err := formats.CsvBytes(metareport.Rows(a))
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

// A roster's report has its ratings as ranked bars, on its page: the
// entries top to bottom from the highest Elo rating, whiskers where the
// rating has an interval.
func TestMetaRatingsFigure(t *testing.T) {
	for _, c := range []struct {
		name      string
		precision float64
	}{{"eclipse/cruiser-designs", 0.01}, {"stratfight/fighters", 0.05}} {
		a := builtinMeta(t, c.name, c.precision)
		dir := t.TempDir()
		if err := metareport.WriteDir(dir, a, "crucible meta "+c.name); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(page, []byte(`<img src="meta-ratings.svg"`)) {
			t.Errorf("%s: the page does not show meta-ratings.svg", c.name)
		}
		svg, err := os.ReadFile(filepath.Join(dir, "meta-ratings.svg"))
		if err != nil {
			t.Fatal(err)
		}
		checkSVG(t, c.name, svg)
		// The entries' names, as the y axis writes them, top to bottom:
		// in an SVG the first drawn tick label is the bottom row's.
		best := slices.MaxFunc(a.Meta.Entries, func(x, y string) int {
			return cmp.Compare(a.Ratings[slices.Index(a.Meta.Entries, x)].Elo, a.Ratings[slices.Index(a.Meta.Entries, y)].Elo)
		})
		var labels []string
		for _, m := range regexp.MustCompile(`>([^<>]+)</text>`).FindAllSubmatch(svg, -1) {
			if slices.Contains(a.Meta.Entries, string(m[1])) {
				labels = append(labels, string(m[1]))
			}
		}
		if n := len(a.Meta.Entries); len(labels) < n || labels[n-1] != best {
			t.Errorf("%s: the Elo panel's rows, bottom to top, are %v; want %q at the top", c.name, labels, best)
		}
	}
}
