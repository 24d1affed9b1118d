package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// MetricKind says which quantity of a run a Metric names.
type MetricKind uint8

const (
	// WinShare is win.a, win.b or win.none: the share of trials a side won.
	WinShare MetricKind = iota + 1
	// EndShare is end.<reason>: the share of trials that ended so.
	EndShare
	// RoundsMean is rounds.mean.
	RoundsMean
	// RoundsMin is rounds.min, the fewest rounds any trial took.
	RoundsMin
	// RoundsMax is rounds.max.
	RoundsMax
	// RoundsQuantile is rounds.pNN, the NN-th percentile (NN from 1 to 99).
	RoundsQuantile
	// CounterMean is counter.<name>: a counter's mean per trial.
	CounterMean
	// Margin is win.a − win.b: how much more often side a wins than side
	// b, trials without a winner counting for neither; 0 is a fair fight.
	Margin
)

// Metric names one quantity of a run's results: what a claim bounds, a
// sweep draws, and an exact solution gives. Its text form is what scenario
// files and flags write ("win.a", "end.stalemate", "rounds.p99",
// "counter.a.hits"); ParseMetric reads it and String writes it back.
type Metric struct {
	Kind MetricKind
	// Side is the side of a WinShare (None: no winner).
	Side Side
	// Name is the end reason of an EndShare or the counter of a
	// CounterMean.
	Name string
	// Percent is the percentile of a RoundsQuantile, 1 to 99.
	Percent int
}

// MetricForms lists the metric forms for error messages.
const MetricForms = "win.a, win.b, win.none, margin (win.a − win.b), end.<reason>, rounds.mean, rounds.min, rounds.max, rounds.pNN (NN from 1 to 99), counter.<name>"

// ParseMetric reads a metric's text form.
func ParseMetric(s string) (Metric, error) {
	switch s {
	case "win.a":
		return Metric{Kind: WinShare, Side: A}, nil
	case "win.b":
		return Metric{Kind: WinShare, Side: B}, nil
	case "win.none":
		return Metric{Kind: WinShare, Side: None}, nil
	case "rounds.mean":
		return Metric{Kind: RoundsMean}, nil
	case "rounds.min":
		return Metric{Kind: RoundsMin}, nil
	case "rounds.max":
		return Metric{Kind: RoundsMax}, nil
	case "margin":
		return Metric{Kind: Margin}, nil
	}
	if name, ok := strings.CutPrefix(s, "end."); ok && name != "" {
		return Metric{Kind: EndShare, Name: name}, nil
	}
	if name, ok := strings.CutPrefix(s, "counter."); ok && name != "" {
		return Metric{Kind: CounterMean, Name: name}, nil
	}
	if p, ok := strings.CutPrefix(s, "rounds.p"); ok {
		n, err := strconv.Atoi(p)
		if err == nil && n >= 1 && n <= 99 && strconv.Itoa(n) == p {
			return Metric{Kind: RoundsQuantile, Percent: n}, nil
		}
	}
	return Metric{}, fmt.Errorf("unknown metric %q (allowed: %s)%s", s, MetricForms, metricSuggestion(s))
}

// fixedMetrics are the metrics of fixed names, for a did-you-mean.
var fixedMetrics = []string{"win.a", "win.b", "win.none", "margin", "rounds.mean", "rounds.min", "rounds.max", "rounds.p50", "rounds.p90"}

// metricWords are the words a designer writes for a metric's last part
// that crucible names otherwise, too far apart for an edit distance
// ("avg" is four edits from "mean").
var metricWords = map[string]string{"avg": "mean", "average": "mean", "mu": "mean", "median": "p50",
	"minimum": "min", "maximum": "max", "draw": "none", "draws": "none", "tie": "none"}

// metricSuggestion is the "; did you mean …?" of an unknown metric:
// rounds.avg → rounds.mean, wins.a → win.a; "" when nothing is near.
func metricSuggestion(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		if w, ok := metricWords[strings.ToLower(s[i+1:])]; ok {
			if m, err := ParseMetric(s[:i+1] + w); err == nil {
				return doc.DidYouMeanOf([]string{m.String()})
			}
		}
	}
	return doc.DidYouMean(s, fixedMetrics)
}

// String returns the metric's text form.
func (m Metric) String() string {
	switch m.Kind {
	case WinShare:
		return "win." + m.Side.String()
	case EndShare:
		return "end." + m.Name
	case RoundsMean:
		return "rounds.mean"
	case RoundsMin:
		return "rounds.min"
	case RoundsMax:
		return "rounds.max"
	case RoundsQuantile:
		return "rounds.p" + strconv.Itoa(m.Percent)
	case CounterMean:
		return "counter." + m.Name
	case Margin:
		return "margin"
	}
	return "unknown"
}

// Share reports whether the metric is a proportion of trials (a win or an
// end share), estimated by binomial intervals.
func (m Metric) Share() bool { return m.Kind == WinShare || m.Kind == EndShare }

// Rounds reports whether the metric is about the rounds (or the ruleset's
// unit of time).
func (m Metric) Rounds() bool { return m.Kind >= RoundsMean && m.Kind <= RoundsQuantile }

// Check reports whether a battle with the given spec has the metric: its end
// reason or counter must be declared. The error lists what is.
func (m Metric) Check(spec Spec) error {
	switch m.Kind {
	case EndShare:
		if spec.EndIndex(m.Name) < 0 {
			return fmt.Errorf("unknown end reason %q (this battle ends by: %s)%s", m.Name, strings.Join(spec.Ends, ", "), doc.DidYouMean(m.Name, spec.Ends))
		}
	case CounterMean:
		if spec.CounterIndex(m.Name) < 0 {
			return fmt.Errorf("unknown counter %q (counters: %s)%s", m.Name, strings.Join(spec.CounterNames(), ", "), doc.DidYouMean(m.Name, spec.CounterNames()))
		}
	}
	return nil
}
