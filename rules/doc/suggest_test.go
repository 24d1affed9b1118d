package doc_test

import (
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
)

func TestSuggest(t *testing.T) {
	parts := []string{"Ion Cannon", "Plasma Cannon", "Electron Computer", "Hull", "Improved Hull", "Gauss Shield"}
	for _, c := range []struct {
		name string
		want []string
	}{
		{"ion cannon", []string{"Ion Cannon"}},
		{"Ion Canon", []string{"Ion Cannon"}},
		{"hul", []string{"Hull"}},
		{"Plasma Cannon", nil}, // known: nothing to suggest
		{"Warp Drive", nil},
		{"wepon", []string{"weapon"}},
		{"c", nil},                     // one letter is near every other letter
		{"wepaon", []string{"weapon"}}, // two letters apart: two edits
		{"amror", []string{"armor"}},   // a swap is one edit

	} {
		known := parts
		if c.name == "wepon" || c.name == "c" || c.name == "wepaon" || c.name == "amror" {
			known = []string{"fighter", "weapon", "armor"}
		}
		if got := doc.Suggest(c.name, known); !slices.Equal(got, c.want) {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if got := doc.DidYouMean("tie-rul", []string{"tie-rule", "round-cap"}); got != `; did you mean "tie-rule"?` {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := doc.Suggest("rnu", []string{"run", "rules", "replay"}); !slices.Equal(got, []string{"run"}) {
		t.Errorf(`Suggest("rnu") = %q, want ["run"]: a swap of two letters is one edit`, got)
	}
	if got := doc.DidYouMean("zzz", []string{"tie-rule"}); got != "" {
		t.Errorf("DidYouMean with nothing near = %q", got)
	}
}
