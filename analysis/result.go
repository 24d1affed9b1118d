package analysis

import (
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Result is a finished (or interrupted) run of one scenario: its identity,
// the options in force, and the tally every number is derived from.
type Result struct {
	Scenario string
	Ruleset  string
	// Description is the scenario's description, for reports.
	Description string
	Hash        string // scenarios.Scenario.Hash
	Version     string // crucible version
	Seed        uint64
	Spec        rules.Spec
	Tally       *sim.Tally
	// Planned is the number of trials asked for; Tally.Trials is smaller
	// when the run was interrupted.
	Planned int64
	// Shard is "K/N" when the run covered only shard K of N, "partial: …"
	// for a merge of shards that leaves trials out, else "".
	Shard string
	// First is the index of the run's first trial (non-zero for shards).
	First int64
	// RunTrials is the number of trials of the whole run a shard is part of
	// (0 when unknown: results written before crucible 0.2).
	RunTrials int64
	// Partial marks a merge of shards that does not cover the whole run.
	Partial bool
	// Battle and Key are the compiled battle and the stream key the run
	// fought with, so that a report can refight single trials (a battle's
	// per-trial table, rules.TrialTable); nil and 0 for a result read back
	// from JSON or merged.
	Battle rules.Battle
	Key    uint64
}

// Interrupted reports whether fewer trials finished than were planned.
func (r *Result) Interrupted() bool { return r.Tally.Trials < r.Planned }

// Share is an observed proportion with its 95 % Clopper–Pearson interval,
// the interval every share's statement uses (see ShareAlpha).
type Share struct {
	K, N   int64
	P      float64
	Lo, Hi float64
}

func share(k, n int64) Share {
	s := Share{K: k, N: n}
	if n > 0 {
		s.P = float64(k) / float64(n)
	}
	s.Lo, s.Hi = ClopperPearson(k, n, ShareAlpha)
	return s
}

// ShareAlpha is the false-alarm rate of a displayed share's interval (95 %).
const ShareAlpha = 0.05

// Win returns the share of trials side s won (rules.None: no winner).
func (r *Result) Win(s rules.Side) Share { return share(r.Tally.Wins[s], r.Tally.Trials) }

// End returns the share of trials that ended for the named reason.
func (r *Result) End(name string) Share { return share(r.Tally.End(name), r.Tally.Trials) }

// HistStats summarises a histogram of per-trial values: the rounds (or the
// ruleset's unit of time), or a distribution counter.
type HistStats struct {
	Mean, SD           float64
	Min, Max           int64
	P50, P90, P99      int64
	MeanLo, MeanHi     float64 // 95 % normal interval of the mean
	ExactQuantileBelow int64   // quantiles of values below this are exact
}

// Rounds returns the round statistics.
func (r *Result) Rounds() HistStats { return histStats(&r.Tally.Rounds) }

func histStats(h *sim.Hist) HistStats {
	s := HistStats{
		Mean: h.Mean(), SD: math.Sqrt(h.Var()), Min: h.Min(), Max: h.Max(),
		P50: h.Quantile(0.5), P90: h.Quantile(0.9), P99: h.Quantile(0.99),
		ExactQuantileBelow: sim.ExactBelow,
	}
	s.MeanLo, s.MeanHi = MeanInterval(s.Mean, h.Var(), h.N(), Z95)
	return s
}

// CounterMean is a counter's mean per trial with a 95 % interval: the normal
// interval of the mean, or a share's (Clopper–Pearson) when the counter is
// an indicator (see counterMean).
type CounterMean struct {
	Name, Doc    string
	Sum          int64
	Mean, Lo, Hi float64
	Variance     float64
}

// Counters returns every counter's mean per trial.
func (r *Result) Counters() []CounterMean {
	t := r.Tally
	out := make([]CounterMean, len(t.CounterNames))
	for i, name := range t.CounterNames {
		out[i] = counterMean(name, t.Counters[i], t.CountersSq[i], t.Trials)
		if i < len(r.Spec.Counters) {
			out[i].Doc = r.Spec.Counters[i].Doc
		}
	}
	return out
}

// CounterDist is the distribution of a distribution counter's per-trial
// values.
type CounterDist struct {
	Name, Doc string
	HistStats
	Hist *sim.Hist
}

// Dists returns the distribution of every distribution counter, in counter
// order.
func (r *Result) Dists() []CounterDist {
	t := r.Tally
	out := make([]CounterDist, len(t.DistOf))
	for k, i := range t.DistOf {
		out[k] = CounterDist{Name: t.CounterNames[i], HistStats: histStats(&t.Dists[k]), Hist: &t.Dists[k]}
		if i < len(r.Spec.Counters) {
			out[k].Doc = r.Spec.Counters[i].Doc
		}
	}
	return out
}

func counterMean(name string, sum, sumSq, n int64) CounterMean {
	c := CounterMean{Name: name, Sum: sum}
	if n == 0 {
		return c
	}
	nf := float64(n)
	c.Mean = float64(sum) / nf
	if n > 1 {
		c.Variance = math.Max(0, (float64(sumSq)-nf*c.Mean*c.Mean)/(nf-1))
	}
	if sumSq == sum {
		// Σv² = Σv holds for integers only when every v is 0 or 1 (v² ≥ v,
		// with equality at 0 and 1): the counter counts the trials in which
		// something happened, so its mean is a share, and a share's interval
		// keeps within [0, 1] where the normal one crosses 0 for a rare event
		// (3 generals lost in 500 games gave [−0.0008, 0.0128]).
		c.Lo, c.Hi = ClopperPearson(sum, n, ShareAlpha)
		return c
	}
	c.Lo, c.Hi = MeanInterval(c.Mean, c.Variance, n, Z95)
	return c
}

// WinsAt is the outcome of the trials in which a counter declared ByWinner
// took the values of one bin (one value below sim.ExactBelow).
type WinsAt struct {
	Low, High int64
	// Trials is the share of all trials in the bin; Win[s] the share of
	// the bin's trials that side s won (rules.None: no winner), each with
	// its 95 % Clopper–Pearson interval.
	Trials Share
	Win    [3]Share
}

// WinsBy is the win rates at each value of a counter declared ByWinner:
// the win rate by the opponent's Threat Rating, say.
type WinsBy struct {
	Name, Doc string
	At        []WinsAt
}

// WinsBy returns the win rates by value of every counter declared
// ByWinner, in counter order.
func (r *Result) WinsBy() []WinsBy {
	t := r.Tally
	out := make([]WinsBy, len(t.WinDistOf))
	for k, i := range t.WinDistOf {
		w := &out[k]
		w.Name = t.CounterNames[i]
		if i < len(r.Spec.Counters) {
			w.Doc = r.Spec.Counters[i].Doc
		}
		h := &t.WinDists[k]
		all, _ := t.Dist(w.Name)
		for _, b := range all.Bins() {
			at := WinsAt{Low: b.Low, High: b.High, Trials: share(b.Count, t.Trials)}
			for s := range at.Win {
				at.Win[s] = share(h[s].Count(b.Low), b.Count)
			}
			w.At = append(w.At, at)
		}
	}
	return out
}
