package sweep_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// coin is a ruleset whose win share is known by construction: each trial
// draws one number u from 0 to 99 and side a wins when u < percent, so
// P(a wins) = percent/100. Its solver gives that exactly, except above 90
// percent, which it calls beyond its budget.
type coin struct{}

func (coin) ID() string { return "coin" }

func (coin) Compile(n *doc.Node) (rules.Battle, error) {
	var d struct {
		Percent *doc.Node `doc:"percent,required"`
	}
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	p, err := doc.Int(d.Percent, 0, 100)
	return coinBattle(p), err
}

type coinBattle int64

func (coinBattle) Spec() rules.Spec            { return rules.Spec{Ends: []string{"toss"}} }
func (c coinBattle) NewFighter() rules.Fighter { return c }
func (c coinBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	c.Replay(i, r, o, nil)
}
func (c coinBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	o.Rounds, o.Winner = 1, rules.B
	if int64(r.IntN(100)) < int64(c) {
		o.Winner = rules.A
	}
}

func (coin) Solve(_ context.Context, n *doc.Node, _ bool) (*rules.Exact, error) {
	p, err := doc.Int(n.Get("percent"), 0, 100)
	if err != nil {
		return nil, err
	}
	if p > 90 {
		return nil, fmt.Errorf("coin: %w: more than 90 percent", rules.ErrBudget)
	}
	x := float64(p) / 100
	return &rules.Exact{Win: [3]rules.Value{rules.A: {F: x}, rules.B: {F: 1 - x}}, Ends: []rules.NamedValue{{Name: "toss", Value: rules.Value{F: 1}}}, RoundsMean: rules.Value{F: 1}}, nil
}

func (coin) Check(n *doc.Node) error {
	_, err := doc.Int(n.Get("percent"), 0, 100)
	return err
}

func init() {
	rules.Register(coin{})
	rules.RegisterSolver("coin", coin{})
}

var winA = rules.Metric{Kind: rules.WinShare, Side: rules.A}

// coinSweep is a sweep of the coin's percent over values.
func coinSweep(t *testing.T, vary string) *sweep.Sweep {
	t.Helper()
	base, err := scenarios.Parse("coin.yaml", "coin", []byte("ruleset: coin\npercent: 50\n"))
	if err != nil {
		t.Fatal(err)
	}
	axis, err := scenarios.ParseVary(vary)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sweep.New("coin-sweep", base, []scenarios.Axis{axis}, winA)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func share(lo, hi float64) analysis.Estimate {
	return analysis.Estimate{Value: (lo + hi) / 2, Lo: lo, Hi: hi}
}

func exactly(v float64) analysis.Estimate { return analysis.Estimate{Value: v, Lo: v, Hi: v} }

// The break-even on bands whose crossings can be worked out by hand.
func TestBreakEvenOf(t *testing.T) {
	third := 1.0 / 3
	for _, c := range []struct {
		name  string
		xs    []float64
		bands []analysis.Estimate
		level float64
		state sweep.BreakEvenState
		spans []sweep.Span
	}{
		{"none", nil, nil, .5, sweep.NoPoints, nil},
		// hi reaches 0.5 two thirds of the way from 0 to 1 (0.3 → 0.6); lo
		// leaves it a third of the way from 1 to 2 (0.4 → 0.7).
		{"rising", []float64{0, 1, 2}, []analysis.Estimate{share(.2, .3), share(.4, .6), share(.7, .8)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 2 * third, Hi: 1 + third}}},
		{"given in any order", []float64{2, 0, 1}, []analysis.Estimate{share(.7, .8), share(.2, .3), share(.4, .6)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 2 * third, Hi: 1 + third}}},
		{"falling, on a numeric scale", []float64{10, 20}, []analysis.Estimate{share(.7, .9), share(.1, .3)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 10 + 10*2.0/6, Hi: 10 + 10*4.0/6}}},
		{"at the first point", []float64{0, 1}, []analysis.Estimate{share(.4, .6), share(.7, .8)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 0, Hi: third, LoEdge: true}}},
		{"everywhere", []float64{0, 1}, []analysis.Estimate{share(.4, .6), share(.45, .55)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 0, Hi: 1, LoEdge: true, HiEdge: true}}},
		{"one point", []float64{3}, []analysis.Estimate{share(.45, .55)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: 3, Hi: 3, LoEdge: true, HiEdge: true}}},
		{"above", []float64{0, 1}, []analysis.Estimate{share(.6, .7), share(.51, .9)}, .5, sweep.Above, nil},
		{"below", []float64{0, 1, 2}, []analysis.Estimate{share(.1, .2), share(.3, .4), share(.2, .49)}, .5, sweep.Below, nil},
		// Up through one half and down again: each crossing is half to
		// three quarters of the way across its segment.
		{"several", []float64{0, 1, 2}, []analysis.Estimate{share(.2, .3), share(.6, .7), share(.2, .3)}, .5,
			sweep.Several, []sweep.Span{{Lo: .5, Hi: .75}, {Lo: 1.25, Hi: 1.5}}},
		// The margin's level is 0; a mean's any number given.
		{"margin", []float64{0, 1}, []analysis.Estimate{share(-.3, -.1), share(.1, .3)}, 0,
			sweep.Crossed, []sweep.Span{{Lo: .25, Hi: .75}}},
		{"a mean at 8", []float64{0, 2}, []analysis.Estimate{share(4, 6), share(9, 11)}, 8,
			sweep.Crossed, []sweep.Span{{Lo: .8, Hi: 1.6}}},
		// Exact values are bands of one point: the crossing is a point.
		{"exact", []float64{0, 1}, []analysis.Estimate{exactly(.25), exactly(.75)}, .5,
			sweep.Crossed, []sweep.Span{{Lo: .5, Hi: .5}}},
	} {
		got := sweep.BreakEvenOf(c.xs, c.bands, c.level)
		if got.State != c.state || len(got.Spans) != len(c.spans) {
			t.Errorf("%s: %v %+v, want %v %+v", c.name, got.State, got.Spans, c.state, c.spans)
			continue
		}
		for i, sp := range got.Spans {
			w := c.spans[i]
			if math.Abs(sp.Lo-w.Lo) > 1e-12 || math.Abs(sp.Hi-w.Hi) > 1e-12 || sp.LoEdge != w.LoEdge || sp.HiEdge != w.HiEdge {
				t.Errorf("%s: span %d is %+v, want %+v", c.name, i, sp, w)
			}
		}
	}
}

// On common random numbers the coin's wins can only grow with its
// percent (trial i wins at p whenever it wins at any lower p), the
// break-even is one narrow interval, and the exact curve is there.
func TestSweepCoin(t *testing.T) {
	s := coinSweep(t, "percent=30..70:5")
	res, err := sweep.Run(context.Background(), analysis.Run{Seed: 9, Trials: 4000}, s, true)
	if err != nil {
		t.Fatal(err)
	}
	var last int64 = -1
	for _, p := range res.Points {
		k := p.Result.Tally.Wins[rules.A]
		if k < last {
			t.Errorf("percent %s: %d wins, fewer than the point before (%d): the points do not share streams", p.Values[0], k, last)
		}
		last = k
		if x, ok := p.ExactShare(winA); !ok || x != float64(mustAtoi(t, p.Values[0]))/100 {
			t.Errorf("percent %s: exact %v %v", p.Values[0], x, ok)
		}
	}
	// Every point has an exact value, and percent is a whole number: the
	// break-even is read from the exact values, 50 exactly at one half,
	// bracketed by its neighbours (never interpolated to a fraction).
	be := res.BreakEvens()
	if len(be) != 1 || be[0].State != sweep.Crossed || !be[0].Exact {
		t.Fatalf("break-even %+v", be)
	}
	if sp := be[0].Spans[0]; sp.Lo != 45 || sp.Hi != 55 || sp.LoEdge || sp.HiEdge || res.Points[sp.LoAt].Values[0] != "45" || res.Points[sp.HiAt].Values[0] != "55" {
		t.Errorf("break-even %+v: want the bracket 45 to 55", sp)
	}
}

// The break-even interval holds the true break-even, 50 %, in about 95 %
// of sweeps: at a grid point it does exactly when that point's
// Clopper–Pearson interval holds one half (read as a continuous field). Over 400 seeds, coverage between 92 % and 98 %
// (a range the binomial spread of 400 sweeps leaves with p > 0.99).
func TestBreakEvenCoverage(t *testing.T) {
	const sweeps = 400
	covered := 0
	s := coinSweep(t, "percent=40..60:10")
	s.Kinds[0] = sweep.Continuous // the band's interpolation, not the integer bracket
	for seed := range uint64(sweeps) {
		res, err := sweep.Run(context.Background(), analysis.Run{Seed: seed, Trials: 1000}, s, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range res.BreakEvens()[0].Spans {
			if sp.Lo <= 50 && 50 <= sp.Hi {
				covered++
			}
		}
	}
	c := float64(covered) / sweeps
	t.Logf("coverage %.3f", c)
	if c < 0.92 || c > 0.98 {
		t.Errorf("the break-even interval held 50 in %.1f %% of %d sweeps, want about 95 %%", 100*c, sweeps)
	}
}

func mustAtoi(t *testing.T, s string) int {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Points beyond the solver's budget have no exact value, and say why.
func TestSweepBeyondBudget(t *testing.T) {
	res, err := sweep.Run(context.Background(), analysis.Run{Seed: 1, Trials: 100}, coinSweep(t, "percent=80,90,95"), true)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, true, false} {
		p := res.Points[i]
		if _, ok := p.ExactShare(winA); ok != want || !want && !errors.Is(p.ExactErr, rules.ErrBudget) {
			t.Errorf("percent %s: exact %v (%v), want %v", p.Values[0], ok, p.ExactErr, want)
		}
	}
	res, err = sweep.Run(context.Background(), analysis.Run{Seed: 1, Trials: 100}, coinSweep(t, "percent=80,90,95"), false)
	if err != nil || res.Exact || res.Points[0].Exact != nil {
		t.Errorf("a sweep without exact solutions solved: %v", err)
	}
}

// Both rulesets sweep: eclipse with its exact curve, stratfight (whose
// solver does not solve duels) without, saying why.
func TestSweepBuiltins(t *testing.T) {
	for _, c := range []struct {
		name  string
		exact bool
	}{{"eclipse/shields", true}, {"stratfight/armor", false}} {
		file, _, err := scenarios.LoadSweep(c.name)
		if err != nil {
			t.Fatal(err)
		}
		base, err := scenarios.Load(file.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sweep.New(file.Name, base, file.Axes, file.Metric)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sweep.Run(context.Background(), analysis.Run{Seed: 2, Trials: 2000}, s, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Points) != len(file.Axes[0].Values) {
			t.Fatalf("%s: %d points", c.name, len(res.Points))
		}
		for _, p := range res.Points {
			sh := p.Share(winA)
			x, ok := p.ExactShare(winA)
			switch {
			case ok != c.exact:
				t.Errorf("%s at %s: exact %v (%v), want %v", c.name, p.Values[0], ok, p.ExactErr, c.exact)
			case ok && math.Abs(x-sh.P) > 4*math.Sqrt(x*(1-x)/2000):
				t.Errorf("%s at %s: Monte Carlo %v, exact %v", c.name, p.Values[0], sh.P, x)
			case !ok && (p.ExactErr == nil || errors.Is(p.ExactErr, rules.ErrBudget)):
				t.Errorf("%s at %s: no exact value and no reason: %v", c.name, p.Values[0], p.ExactErr)
			}
			if p.Result.Scenario != base.Name {
				t.Errorf("point named %s", p.Result.Scenario)
			}
		}
	}
}

// Cancelled in its third point, a sweep keeps the two points that
// finished, identical to an uninterrupted sweep's, and leaves the third
// out.
func TestSweepInterruptedKeepsFinishedPoints(t *testing.T) {
	whole, err := sweep.Run(context.Background(), analysis.Run{Seed: 4, Trials: 20000, Chunk: 100}, coinSweep(t, "percent=10..50:10"), false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	run := analysis.Run{Seed: 4, Trials: 20000, Chunk: 100, Workers: 2}
	run.Progress = func(s analysis.Stage) (func(int64), func()) {
		if s.Step != 3 || s.Steps != 5 {
			return nil, func() {}
		}
		var done atomic.Int64
		return func(n int64) {
			if done.Add(n) >= 5000 {
				cancel()
			}
		}, func() {}
	}
	cut, err := sweep.Run(ctx, run, coinSweep(t, "percent=10..50:10"), false)
	if !analysis.Interrupted(err) || cut == nil || len(cut.Points) != 2 || !cut.Interrupted() {
		t.Fatalf("cut in point 3: %v, %+v", err, cut)
	}
	for i, p := range cut.Points {
		if tallyJSON(t, p.Result) != tallyJSON(t, whole.Points[i].Result) {
			t.Errorf("point %d differs from the uninterrupted sweep's", i)
		}
	}
}

// A grid value the scenario rejects is the scenario's error at the
// value; grids and trials past the limits are refused.
func TestSweepRefuses(t *testing.T) {
	base, _ := scenarios.Parse("coin.yaml", "coin", []byte("ruleset: coin\npercent: 50\n"))
	axis, _ := scenarios.ParseVary("percent=90..110:10")
	_, err := sweep.New("x", base, []scenarios.Axis{axis}, winA)
	if err == nil || err.Error() != "--vary percent=90..110:10 (value 110): percent: 110 is out of range (allowed: an integer from 0 to 100)" {
		t.Errorf("bad value: %v", err)
	}
	end := rules.Metric{Kind: rules.EndShare, Name: "retreat"}
	axis, _ = scenarios.ParseVary("percent=1,2")
	if _, err := sweep.New("x", base, []scenarios.Axis{axis}, end); err == nil || !strings.Contains(err.Error(), `metric end.retreat: unknown end reason "retreat" (this battle ends by: toss)`) {
		t.Errorf("bad metric: %v", err)
	}
	s := coinSweep(t, "percent=0..99")
	if _, err := sweep.Run(context.Background(), (analysis.Run{Seed: 1, Trials: 10_100_000_000}), s, false); err == nil || !strings.Contains(err.Error(), "allowed: at most 1e+12 trials in all") {
		t.Errorf("10^12 trials and more: %v", err)
	}
}

// A sweep holds every finished point until its report is written, so a
// point keeps only what the outputs read: no compiled battle, counters,
// rounds histogram or exact distributions (85 KB a point of an Eclipse
// duel; 30 KB of histogram a point of a lifespan, counted in seconds).
// Each point's scenario is made when it is fought, not kept by the grid.
// The sweep's checkpoint, which keeps every finished point's tally until
// the sweep ends, keeps it sealed (as JSON): measured at its last save,
// while it still holds them all, a point costs a few kilobytes too (a
// lifespan's took 75 KB with its tally whole).
func TestSweepPointsHoldOnlyWhatIsReported(t *testing.T) {
	for _, c := range []struct {
		base, vary string
		trials     int64
	}{
		{"eclipse/interceptor-duel", "attacker.retreat=never," + afterRounds(199), 50},
		{"stratfight/lifespan-30-coins", "start_coins=2..40", 200},
	} {
		base, err := scenarios.Load(c.base)
		if err != nil {
			t.Fatal(err)
		}
		axis, err := scenarios.ParseVary(c.vary)
		if err != nil {
			t.Fatal(err)
		}
		before := heapInUse()
		s, err := sweep.New("mem", base, []scenarios.Axis{axis}, winA)
		if err != nil {
			t.Fatal(err)
		}
		var saved int64 // the heap at the last save
		save := func([]*sim.Checkpoint) { saved = heapInUse() }
		res, err := sweep.Run(context.Background(), analysis.Run{Seed: 1, Trials: c.trials, Save: save, SaveEvery: time.Hour}, s, true)
		if err != nil {
			t.Fatal(err)
		}
		perPoint := (heapInUse() - before) / int64(len(res.Points))
		journaled := (saved - before) / int64(len(res.Points))
		t.Logf("%s: %d bytes a point, %d with the checkpoint", c.base, perPoint, journaled)
		if perPoint > 8<<10 {
			t.Errorf("%s: %d points hold %d bytes each, want at most 8 KiB", c.base, len(res.Points), perPoint)
		}
		if journaled > 8<<10 {
			t.Errorf("%s: with the sweep's checkpoint, %d points hold %d bytes each, want at most 8 KiB", c.base, len(res.Points), journaled)
		}
		if p := res.Points[len(res.Points)-1]; p.Rounds.Mean <= 0 || p.Result.Tally.Trials != c.trials {
			t.Errorf("%s: the last point kept rounds %+v, %d trials", c.base, p.Rounds, p.Result.Tally.Trials)
		}
		runtime.KeepAlive(res)
	}
}

// afterRounds lists after-round-1 to after-round-n, values of Eclipse's
// retreat.
func afterRounds(n int) string {
	var vs []string
	for i := 1; i <= n; i++ {
		vs = append(vs, fmt.Sprintf("after-round-%d", i))
	}
	return strings.Join(vs, ",")
}

// heapInUse returns the bytes of live heap objects after a collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// A sweep keeps the rounds histograms of up to MaxOverlaid points of its
// first field, evenly spaced with both ends among them, and of no other.
func TestSweepKeepsOverlaidRounds(t *testing.T) {
	for _, c := range []struct {
		vary string
		want []int // the kept points' indexes
	}{
		{"percent=10,20,30", []int{0, 1, 2}},
		{"percent=0..20", []int{0, 4, 8, 12, 16, 20}},
		{"percent=0..7", []int{0, 1, 3, 4, 6, 7}},
	} {
		s := coinSweep(t, c.vary)
		res, err := sweep.Run(context.Background(), analysis.Run{Seed: 1, Trials: 20}, s, false)
		if err != nil {
			t.Fatal(err)
		}
		var kept []int
		for _, p := range res.Points {
			if p.RoundsBins != nil {
				kept = append(kept, p.Index)
				if n := binsTrials(p.RoundsBins); n != 20 {
					t.Errorf("%s: point %d kept a histogram of %d trials, want 20", c.vary, p.Index, n)
				}
			}
			if p.RoundsBins != nil != s.Overlaid(p.GridPoint) {
				t.Errorf("%s: point %d: kept %v, Overlaid says %v", c.vary, p.Index, p.RoundsBins != nil, s.Overlaid(p.GridPoint))
			}
		}
		if !slices.Equal(kept, c.want) {
			t.Errorf("%s: kept the rounds of points %v, want %v", c.vary, kept, c.want)
		}
	}
}

func binsTrials(bins []sim.Bin) int64 {
	var n int64
	for _, b := range bins {
		n += b.Count
	}
	return n
}

// tallyJSON returns r's tally as JSON, to compare it whole.
func tallyJSON(t *testing.T, r *analysis.Result) string {
	t.Helper()
	b, err := json.Marshal(r.Tally)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
