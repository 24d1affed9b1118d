package tune_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// rampTune is a tune of a ramp scenario (base: its fields) over vary
// towards target.
func rampTune(t testing.TB, base, vary, target string) *tune.Tune {
	t.Helper()
	sc, err := scenarios.Parse("ramp.yaml", "ramp", []byte("ruleset: ramp\n"+base))
	if err != nil {
		t.Fatal(err)
	}
	a, err := scenarios.ParseTuneVary(vary)
	if err != nil {
		t.Fatal(err)
	}
	axis, err := tune.NewAxis("ramp", a)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := scenarios.ParseTarget(target)
	if err != nil {
		t.Fatal(err)
	}
	tu, err := tune.New("ramp-tune", sc, axis, tg)
	if err != nil {
		t.Fatal(err)
	}
	tu.Budget = 40000
	return tu
}

// value returns a probe's value, or "-" for none.
func value(p *tune.Probe) string {
	if p == nil {
		return "-"
	}
	return p.Value
}

// Tunes of responses known exactly, by Monte Carlo and by the solver: the
// bracket, its direction, the answer to a one-sided target, and what a
// range that does not reach the target gives.
func TestTune(t *testing.T) {
	// a wins (250 + 100x)/1000: 45 % at x = 2, 55 % at 3. With b0 700, db
	// −100, the margin is (−450 + 200x)/1000: −5 points at 2, +15 at 3;
	// with b0 650 it is 0 at x = 2 exactly.
	const up = "a0: 250\nda: 100\n"
	for _, c := range []struct {
		name, base, vary, target string
		exact                    bool
		status                   tune.Status
		direction                int
		below, above, answer     string
		between                  string
	}{
		{"crossing", up, "x=0..7", "win.a=0.5", false, tune.Bracketed, +1, "2", "3", "-", ""},
		{"at least", up, "x=0..7", "win.a>=50%", false, tune.Bracketed, +1, "2", "3", "3", ""},
		{"at most, falling", "a0: 950\nda: -100\n", "x=0..9", "win.a<=0.5", false, tune.Bracketed, -1, "5", "4", "5", ""},
		{"fair", up + "b0: 700\ndb: -100\n", "x=0..7", "fair", false, tune.Bracketed, +1, "2", "3", "-", ""},
		{"a counter's mean", "", "x=0..30", "counter.heads>=7.25", false, tune.Bracketed, +1, "14", "15", "15", ""},
		{"mean rounds", "", "x=0..30", "rounds.mean=8.25", false, tune.Bracketed, +1, "14", "15", "-", ""},
		{"exact", up, "x=0..7", "win.a=0.5", true, tune.Bracketed, +1, "2", "3", "-", ""},
		{"exact, fair at a value", up + "b0: 650\ndb: -100\n", "x=0..7", "fair", true, tune.Bracketed, +1, "1", "3", "-", "2"},
		{"exact, meeting a bound by equality", up + "b0: 650\ndb: -100\n", "x=0..7", "margin>=0", true, tune.Bracketed, +1, "1", "2", "2", ""},
		{"exact, falling back beyond the budget", up + "exact_to: 2\n", "x=0..7", "win.a=0.5", true, tune.Bracketed, +1, "2", "3", "-", ""},
		{"unreachable", up, "x=0..7", "win.a>=0.99", false, tune.Unreachable, 0, "-", "-", "-", ""},
		{"unreachable, exact", up, "x=0..7", "win.a>=0.99", true, tune.Unreachable, 0, "-", "-", "-", ""},
		{"continuous", "", "y=0..1", "win.a>=0.55", false, tune.Bracketed, +1, "0.5", "0.6", "0.6", ""},
		// a wins (50 + 100x)/1000 but 99 % at x = 6: the search probes 0,
		// 8, 4, 6, and 6 lies wholly above 8.
		{"not monotonic", "a0: 50\nda: 100\nspike_at: 6\nspike: 990\n", "x=0..8", "win.a=0.5", false, tune.NonMonotonic, +1, "-", "-", "-", ""},
		{"not monotonic, exact", "a0: 50\nda: 100\nspike_at: 6\nspike: 990\n", "x=0..8", "win.a=0.5", true, tune.NonMonotonic, +1, "-", "-", "-", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			tu := rampTune(t, c.base, c.vary, c.target)
			tu.Exact = c.exact
			if c.name == "continuous" {
				tu.Axis = continuous(t, "y", "0", "1", "0.1")
			}
			res, err := tune.Run(context.Background(), analysis.Run{Seed: 7}, tu)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != c.status || res.Direction != c.direction {
				t.Fatalf("status %s direction %d, want %s %d (%s)", res.Status, res.Direction, c.status, c.direction, res.Why)
			}
			var between []string
			for _, p := range res.Between {
				between = append(between, p.Value)
			}
			if got := [4]string{value(res.Below), value(res.Above), value(res.Answer), strings.Join(between, ",")}; got != [4]string{c.below, c.above, c.answer, c.between} {
				t.Errorf("below, above, answer, between %q, want %q", got, [4]string{c.below, c.above, c.answer, c.between})
			}
			sampled := false
			for _, p := range res.Probes {
				sampled = sampled || p.Exact == nil
			}
			if c.exact && strings.Contains(c.name, "budget") != sampled {
				t.Errorf("exact tune: probes fought by Monte Carlo: %v (notes %q)", sampled, res.Notes)
			}
			if sampled && c.status != tune.Inconclusive && len(res.Recheck) == 0 {
				t.Errorf("no re-check of a sampled answer")
			}
			if c.status == tune.NonMonotonic && (len(res.Pair) != 2 || res.Pair[0].Value != "6" || res.Pair[1].Value != "8" || res.Monotonic()) {
				t.Errorf("non-monotonic pair %+v", res.Pair)
			}
			for _, p := range res.Recheck {
				if p.Streams != "ramp/recheck" || p.Phase != tune.RecheckPhase {
					t.Errorf("re-check probe %s on streams %q, phase %s", p.Value, p.Streams, p.Phase)
				}
			}
		})
	}
}

// continuous lays out a continuous axis of the ramp.
func continuous(t *testing.T, path, from, to, resolution string) tune.Axis {
	t.Helper()
	a, err := tune.NewAxis("ramp", scenarios.TuneAxis{Path: path, From: from, To: to, Resolution: resolution})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The axis reads the field's kind from the ruleset's reference: integer,
// continuous (to a resolution), or a field of names, which it refuses; a
// field the reference does not list goes by the range as written.
func TestTuneAxis(t *testing.T) {
	for _, c := range []struct {
		path, from, to, resolution string
		continuous                 bool
		values                     string // the first, second and last points
		err                        string
	}{
		{"x", "0", "8", "", false, "0 1 8", ""},
		{"y", "0", "1", "", true, "0 0.02 1", ""},
		{"y", "0", "3", "", true, "0 0.05 3", ""},
		{"y", "0.25", "1", "0.1", true, "0.25 0.35 1", ""},
		{"unlisted", "2", "5", "", false, "2 3 5", ""},
		{"unlisted", "0", "1.5", "", true, "0 0.02 1.5", ""},
		{"style", "0", "1", "", false, "", "style is a field of word (plain, fancy): its values have no order to bisect; rank them with crucible sweep"},
		{"x", "0", "2.5", "", false, "", "x is an integer field"},
		{"x", "0", "8", "0.5", false, "", "a resolution is for a continuous field"},
		{"x", "8", "0", "", false, "", "from 8 is not below to 0"},
		{"y", "0", "1", "2", false, "", "resolution 2: allowed"},
		{"y", "0", "1", "0.0000000000001", false, "", "points (allowed: a coarser resolution)"},
	} {
		a, err := tune.NewAxis("ramp", scenarios.TuneAxis{Path: c.path, From: c.from, To: c.to, Resolution: c.resolution})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s=%s..%s: err %v, want %q", c.path, c.from, c.to, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s=%s..%s: %v", c.path, c.from, c.to, err)
			continue
		}
		if got := a.Value(0) + " " + a.Value(1) + " " + a.Value(a.Last()); got != c.values || a.Continuous != c.continuous {
			t.Errorf("%s=%s..%s: points %q continuous %v, want %q %v", c.path, c.from, c.to, got, a.Continuous, c.values, c.continuous)
		}
	}
}

// The same seed gives the same tune, probe for probe, for any number of
// workers and chunk size.
func TestTuneDeterministic(t *testing.T) {
	tu := rampTune(t, "a0: 250\nda: 100\nb0: 700\ndb: -100\n", "x=0..7", "fair")
	var first *tune.Result
	for _, r := range []analysis.Run{{Seed: 3, Workers: 1}, {Seed: 3, Workers: 2, Chunk: 7}, {Seed: 3, Workers: 5, Chunk: 1000}} {
		res, err := tune.Run(context.Background(), r, tu)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
			continue
		}
		if len(res.Probes) != len(first.Probes) || len(res.Recheck) != len(first.Recheck) {
			t.Fatalf("workers %d: %d+%d probes, want %d+%d", r.Workers, len(res.Probes), len(res.Recheck), len(first.Probes), len(first.Recheck))
		}
		for i, p := range append(res.Probes, res.Recheck...) {
			q := append(first.Probes, first.Recheck...)[i]
			if p.Value != q.Value || p.Trials != q.Trials || p.Estimate != q.Estimate || p.Decision != q.Decision {
				t.Errorf("workers %d: probe %d %+v, want %+v", r.Workers, i, p, q)
			}
		}
	}
}

// Cancelling a tune stops it within a second, keeping the probes fought.
func TestTuneInterrupted(t *testing.T) {
	// x = 3 is exactly at the target: its probe runs to the budget.
	tu := rampTune(t, "a0: 200\nda: 100\n", "x=0..7", "win.a=0.5")
	tu.Budget = 1 << 40
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	res, err := tune.Run(ctx, analysis.Run{Seed: 1}, tu)
	if !errors.Is(err, context.Canceled) || res == nil || res.Status != tune.Interrupted {
		t.Fatalf("status %v, err %v", res, err)
	}
	if d := time.Since(start); d > 1300*time.Millisecond {
		t.Errorf("stopped %v after the start, 300 ms of it before the cancel", d)
	}
	if len(res.Probes) < 2 || res.Trials() == 0 {
		t.Errorf("probes %d, trials %d", len(res.Probes), res.Trials())
	}
}

// A tune saves its checkpoint as it goes (a section for each probe
// fought), and a tune resumed from any checkpoint it saved — between
// probes, between looks, within a look — gives the tune of an
// uninterrupted one, probe for probe, re-check and reversal included.
// Before, a tune saved nothing (Run.Save was never called).
func TestTuneResumes(t *testing.T) {
	for _, c := range []struct{ name, base, vary, target string }{
		{"bracket and re-check", "a0: 250\nda: 100\nb0: 700\ndb: -100\n", "x=0..7", "fair"},
		{"reversal", "a0: 50\nda: 100\nspike_at: 6\nspike: 990\n", "x=0..8", "win.a=0.5"},
	} {
		tu := rampTune(t, c.base, c.vary, c.target)
		whole, err := tune.Run(context.Background(), analysis.Run{Seed: 5, Workers: 1}, tu)
		if err != nil {
			t.Fatal(err)
		}
		want := tuneSummary(whole)
		var mu sync.Mutex
		var saved [][]*sim.Checkpoint
		run := analysis.Run{Seed: 5, Workers: 2, Chunk: 64, SaveEvery: time.Millisecond, Save: func(cs []*sim.Checkpoint) {
			b, err := sim.MarshalCheckpoints(cs)
			if err != nil {
				t.Error(err)
			}
			back, err := sim.UnmarshalCheckpoints(b)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			saved = append(saved, back)
			mu.Unlock()
		}}
		if _, err := tune.Run(context.Background(), run, tu); err != nil {
			t.Fatal(err)
		}
		// Every probe's journal saves as it begins and as it ends.
		if fought := len(whole.Probes) + len(whole.Recheck); len(saved) < 2*fought {
			t.Fatalf("%s: %d saves of %d probes fought", c.name, len(saved), fought)
		}
		for k := 0; k < len(saved); k += max(1, len(saved)/8) {
			resumed, err := tune.Run(context.Background(), analysis.Run{Seed: 5, Workers: 3, Resume: saved[k]}, tu)
			if err != nil {
				t.Fatalf("%s: resumed from save %d: %v", c.name, k, err)
			}
			if got := tuneSummary(resumed); got != want {
				t.Errorf("%s: resumed from save %d of %d:\n%s\nwant:\n%s", c.name, k, len(saved), got, want)
			}
		}
		// From the last checkpoint, every probe is finished: nothing is
		// fought again.
		var fought atomic.Int64
		count := func(analysis.Stage) (func(int64), func()) { return func(n int64) { fought.Add(n) }, func() {} }
		last := saved[len(saved)-1]
		if _, err := tune.Run(context.Background(), analysis.Run{Seed: 5, Resume: last, Progress: count}, tu); err != nil || fought.Load() != 0 {
			t.Errorf("%s: resumed from the last checkpoint, %d trials fought again (%v)", c.name, fought.Load(), err)
		}
		if sections := sectionsOf(last); len(sections) != len(whole.Probes)+len(whole.Recheck) {
			t.Errorf("%s: the last checkpoint holds sections %q, want one per probe fought", c.name, sections)
		}
	}
}

// A tune refuses to resume from a checkpoint of another kind of command,
// saying what it holds.
func TestTuneRefusesOtherCheckpoints(t *testing.T) {
	tu := rampTune(t, "a0: 250\nda: 100\n", "x=0..7", "win.a=0.5")
	other := []*sim.Checkpoint{{Scenario: "eclipse/shields", Part: "point 0", Seed: 5, Trials: 100}}
	_, err := tune.Run(context.Background(), analysis.Run{Seed: 5, Resume: other}, tu)
	if err == nil || !strings.Contains(err.Error(), "the checkpoint holds eclipse/shields point 0 (seed 5, trials 0..99); this command runs a tune of ramp-tune") {
		t.Errorf("err %v", err)
	}
}

// tuneSummary renders what a tune found, probe by probe.
func tuneSummary(r *tune.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d answer %s below %s above %s why %q\n", r.Status, r.Direction, value(r.Answer), value(r.Below), value(r.Above), r.Why)
	for _, p := range append(append(append([]tune.Probe{}, r.Probes...), r.Recheck...), r.Pair...) {
		fmt.Fprintf(&b, "%s %s %s trials %d looks %d %+v spent %g\n", p.Phase, p.Value, p.Decision, p.Trials, p.Looks, p.Estimate, p.Spent)
	}
	return b.String()
}

// sectionsOf lists the sections of a checkpoint, in order.
func sectionsOf(cs []*sim.Checkpoint) []string {
	var out []string
	for _, c := range cs {
		if len(out) == 0 || out[len(out)-1] != c.Section {
			out = append(out, c.Section)
		}
	}
	return out
}
