package rules

import (
	"strings"
	"testing"
)

// A misspelt metric is refused with the metrics near it. Before, the error
// listed the forms only (wn.a, rounds.maen: no suggestion).
func TestParseMetricSuggests(t *testing.T) {
	for in, want := range map[string]string{
		"wn.a":        `did you mean "win.a"?`,
		"rounds.maen": `did you mean "rounds.mean"`, // nearest first
		"marign":      `did you mean "margin"?`,
	} {
		_, err := ParseMetric(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	if _, err := ParseMetric("zzz"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("zzz: %v, want no suggestion", err)
	}
}
