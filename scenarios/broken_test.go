package scenarios_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// loadAndCompile reads a scenario as `crucible validate` does.
func loadAndCompile(path string) error {
	sc, err := scenarios.Load(path)
	if err == nil {
		_, err = sc.Compile()
	}
	return err
}

// TestBrokenCorpus: every file of testdata/broken (wrong types, unknown
// fields and names, out-of-range values, over-cap fleets, energy over
// budget, truncated YAML, binary garbage, empty files, duplicate keys,
// anchors and aliases, …) is refused with exactly the error text in its
// .err file beside it. Refresh after a deliberate change of wording with
//
//	go test ./scenarios -run BrokenCorpus -update
func TestBrokenCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/broken/*/*.yaml")
	if err != nil || len(files) < 50 {
		t.Fatalf("%d broken files: %v", len(files), err)
	}
	for _, f := range files {
		err := loadAndCompile(f)
		if err == nil {
			t.Errorf("%s: accepted", f)
			continue
		}
		golden := strings.TrimSuffix(f, ".yaml") + ".err"
		got := err.Error() + "\n"
		if *update {
			os.WriteFile(golden, []byte(got), 0o644)
		}
		want, rerr := os.ReadFile(golden)
		if rerr != nil {
			t.Errorf("%s: %v (run with -update)", f, rerr)
			continue
		}
		if got != string(want) {
			t.Errorf("%s:\n got %s want %s", f, got, want)
		}
		if !strings.HasPrefix(got, f+":") {
			t.Errorf("%s: the error does not name the file first: %s", f, got)
		}
	}
}

// Files too large or too deep to be written into testdata are made here.
func TestGeneratedBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, want string
		src        func() []byte
	}{
		{"fifty-megabytes.yaml", "the file is larger than 4194304 bytes (4 MiB), the most a scenario file may have", func() []byte {
			return []byte("ruleset: stratfight\ndescription: " + strings.Repeat("x", 50<<20) + "\n")
		}},
		{"deep-flow.yaml", ":1:67: nested more than 64 levels deep", func() []byte {
			return []byte("a: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "\n")
		}},
		{"deep-blocks.yaml", ":65:65: nested more than 64 levels deep", func() []byte {
			var b strings.Builder
			for i := range 200 {
				b.WriteString(strings.Repeat(" ", i) + "k:\n")
			}
			return []byte(b.String())
		}},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.src(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := loadAndCompile(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// A battle nobody can win still ends, by the ruleset's cap or stalemate
// rule, never by running forever: absurd scenarios are refused or bounded.
func TestBattlesThatCannotBeWonEnd(t *testing.T) {
	for _, c := range []struct {
		src, end string
	}{
		{"ruleset: stratfight\noptions: {round-cap: 1000, s8-helpless: off}\na: {fighter: {strength: 0, dexterity: 0, training: 0, weapon: fisticuffs}, s10-concession: never}\nb: {fighter: {strength: 0, dexterity: 0, training: 0, weapon: fisticuffs}, s10-concession: never}\n", "round-cap"},
		{"ruleset: eclipse\nblueprints: [{name: Unarmed, base: Interceptor, parts: [Nuclear Source, Nuclear Drive]}]\nattacker: {ships: {Unarmed: 2}}\ndefender: {ships: {Unarmed: 2}}\n", "stalemate"},
	} {
		sc, err := scenarios.Parse("endless.yaml", "endless", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := analysis.Run{Seed: 1, Trials: 200}.Fight(context.Background(), sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := res.Tally.End(c.end); n != 200 {
			t.Errorf("%s: %d of 200 trials ended by %s", sc.Ruleset, n, c.end)
		}
	}
}
