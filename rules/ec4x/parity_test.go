package ec4x

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/sim"
)

// fixturePath is the fixture of §6: the original engine's 500 battles with
// every attack, gzipped.
const fixturePath = "testdata/nov2025_suite500_fixture.json.gz"

type fixtureTest struct {
	Name       string `json:"name"`
	Seed       int64  `json:"seed"`
	TaskForces []struct {
		House     string `json:"house"`
		ROE       int    `json:"roe"`
		Morale    int    `json:"morale"`
		Scouts    bool   `json:"scouts"`
		Cloaked   bool   `json:"cloaked"`
		Homeworld bool   `json:"homeworld"`
		Squadrons []struct {
			ID       string   `json:"id"`
			Flagship string   `json:"flagship"`
			Escorts  []string `json:"escorts"`
			AS       int      `json:"as"`
			DS       int      `json:"ds"`
			CR       int      `json:"cr"`
			Bucket   string   `json:"bucket"`
		} `json:"squadrons"`
	} `json:"taskForces"`
	Result struct {
		TotalRounds  int                 `json:"totalRounds"`
		Victor       *string             `json:"victor"`
		WasStalemate bool                `json:"wasStalemate"`
		Retreated    []string            `json:"retreated"`
		Attacks      [][]json.RawMessage `json:"attacks"`
	} `json:"result"`
}

func loadFixture(t testing.TB) []fixtureTest {
	t.Helper()
	f, err := os.Open(fixturePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var tests []fixtureTest
	if err := json.NewDecoder(z).Decode(&tests); err != nil {
		t.Fatalf("%s: %v", fixturePath, err)
	}
	return tests
}

// fixtureLine decodes one attack line of §6.
func fixtureLine(raw []json.RawMessage) (Line, error) {
	var l Line
	var phase, before, after string
	dst := []any{&l.Round, &phase, &l.Attacker, &l.Target, &l.Natural, &l.Mods, &l.Hits, &before, &after}
	if len(raw) != len(dst) {
		return l, fmt.Errorf("%d fields", len(raw))
	}
	for i, r := range raw {
		if err := json.Unmarshal(r, dst[i]); err != nil {
			return l, err
		}
	}
	l.Phase, l.Before, l.After = phase[0], before[0], after[0]
	return l, nil
}

func documentOf(t testing.TB, src string) *doc.Node { return rulestest.Document(t, src) }

// suiteBattle compiles src (any ec4x scenario) and fails the test on an
// error.
func suiteBattle(t testing.TB, src string) *Battle {
	t.Helper()
	b, err := Compile(rulestest.Document(t, src))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFixtureParity replays all 500 battles of the fixture (§6) under
// nim-2025-11 and requires every generated fleet, every attack line and
// every result to match; then again with the candidate index's general
// path forced, the one battles of more than 64 units take (pools.narrow).
func TestFixtureParity(t *testing.T) {
	tests := loadFixture(t)
	b := suiteBattle(t, "options: {profile: nim-2025-11}\nsuite: {baseSeed: 12345, count: 500}\n")
	f := b.NewFighter().(*fighter)
	for _, wide := range []bool{false, true} {
		t.Run(map[bool]string{false: "narrow", true: "general"}[wide], func(t *testing.T) {
			fixtureParity(t, tests, f, wide)
		})
	}
}

// traceWide is trace with the general path forced.
func (f *fighter) traceWide(i int64, r *rules.Rand, o *rules.Outcome) *recorder {
	f.test = f.b.Suite.Test(i)
	f.gen.Generate(f.test, f.b.Opt.Ships)
	f.load(f.gen.TaskForces(), f.b.Opt)
	f.pools.narrow = false
	f.rec = &recorder{keep: true}
	f.resolve(r, o)
	rec := f.rec
	f.rec = nil
	return rec
}

func fixtureParity(t *testing.T, tests []fixtureTest, f *fighter, wide bool) {
	b := f.b
	o := sim.NewOutcome(b.Spec())
	lines := 0
	for i, want := range tests {
		o.Reset()
		trace := f.trace
		if wide {
			trace = f.traceWide
		}
		rec := trace(int64(i), rules.NewRand(1, 1), o)
		test := b.Suite.Test(int64(i))
		if test.Name() != want.Name || test.Seed != want.Seed {
			t.Fatalf("battle %d: generated %s seed %d, fixture %s seed %d", i, test.Name(), test.Seed, want.Name, want.Seed)
		}
		if err := sameFleets(f, &want); err != nil {
			t.Fatalf("battle %d (%s): fleets differ: %v", i, want.Name, err)
		}
		for k, raw := range want.Result.Attacks {
			wl, err := fixtureLine(raw)
			if err != nil {
				t.Fatalf("battle %d (%s) line %d: %v", i, want.Name, k+1, err)
			}
			if k >= len(rec.lines) {
				t.Fatalf("battle %d (%s) line %d: fixture %v, crucible has only %d lines", i, want.Name, k+1, wl, len(rec.lines))
			}
			if rec.lines[k] != wl {
				t.Fatalf("battle %d (%s) line %d:\nfixture  %v\ncrucible %v", i, want.Name, k+1, wl, rec.lines[k])
			}
		}
		if len(rec.lines) != len(want.Result.Attacks) {
			t.Fatalf("battle %d (%s): %d lines, fixture %d; first extra: %v", i, want.Name, len(rec.lines), len(want.Result.Attacks), rec.lines[len(want.Result.Attacks)])
		}
		lines += len(rec.lines)
		victor := ""
		if want.Result.Victor != nil {
			victor = *want.Result.Victor
		}
		got := ""
		for k := range f.forces {
			if o.Counters[b.c.victor[k]] == 1 {
				got = f.tfs[k].House
			}
		}
		stalemate := o.End == EndTacticalStalemate
		retreated := rec.retreated
		if retreated == nil {
			retreated = []string{}
		}
		if int(o.Rounds) != want.Result.TotalRounds || got != victor || stalemate != want.Result.WasStalemate || !slices.Equal(retreated, want.Result.Retreated) {
			t.Fatalf("battle %d (%s): crucible rounds %d victor %q stalemate %v retreated %v; fixture %d %q %v %v",
				i, want.Name, o.Rounds, got, stalemate, retreated, want.Result.TotalRounds, victor, want.Result.WasStalemate, want.Result.Retreated)
		}
	}
	if lines != 6452 {
		t.Errorf("%d attack lines, §6 says 6452", lines)
	}
}

// sameFleets compares the generated task forces with the fixture's, field
// by field (§6).
func sameFleets(f *fighter, want *fixtureTest) error {
	if len(f.forces) != len(want.TaskForces) {
		return fmt.Errorf("%d task forces, fixture %d", len(f.forces), len(want.TaskForces))
	}
	for t, wtf := range want.TaskForces {
		fo := &f.forces[t]
		got := fmt.Sprintf("%v %v %v %v %v %v %v", f.tfs[t].House, f.tfs[t].ROE, fo.morale, fo.scouts, fo.cloaked, f.tfs[t].Homeworld, fo.end-fo.first)
		exp := fmt.Sprintf("%v %v %v %v %v %v %v", wtf.House, wtf.ROE, wtf.Morale, wtf.Scouts, wtf.Cloaked, wtf.Homeworld, len(wtf.Squadrons))
		if got != exp {
			return fmt.Errorf("task force %d: crucible %s, fixture %s", t+1, got, exp)
		}
		for k, ws := range wtf.Squadrons {
			i := int(fo.first) + k
			u, sq := &f.units[i], f.squadron(i)
			esc := []string{}
			for _, c := range sq.Escorts {
				esc = append(esc, c.String())
			}
			got := fmt.Sprintf("%v %v %v %v %v %v %v", f.name(i), sq.Flagship, esc, u.as, u.ds, u.cr, u.bucket)
			exp := fmt.Sprintf("%v %v %v %v %v %v %v", ws.ID, ws.Flagship, ws.Escorts, ws.AS, ws.DS, ws.CR, ws.Bucket)
			if got != exp {
				return fmt.Errorf("task force %d squadron %d: crucible %s, fixture %s", t+1, k+1, got, exp)
			}
		}
	}
	return nil
}
