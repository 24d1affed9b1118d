package ladderreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/reports/formats"
)

// Headline says the ladder's answer in a designer's words: whether the
// rungs are proved in order, then each step's sentence.
func Headline(l *ladder.Ladder) []string {
	var out []string
	switch {
	case l.Interrupted:
		out = append(out, fmt.Sprintf("%s: interrupted in step %d of %d; each step is as its last whole look left it.",
			l.Scenario, max(len(l.Steps), 1), len(l.Planned)-1))
	case l.Ordered():
		out = append(out, fmt.Sprintf("%s: the players are proved in order, each rung stronger than the one below: %s.",
			l.Scenario, strings.Join(rungNames(l), " < ")))
	default:
		out = append(out, fmt.Sprintf("%s: not every rung is proved stronger than the one below: read a verdict at the rungs that separate.", l.Scenario))
	}
	for _, s := range l.Steps {
		out = append(out, s.Sentence(l.Test, l.Budget))
	}
	return out
}

func rungNames(l *ladder.Ladder) []string {
	var out []string
	for _, r := range l.Rungs {
		out = append(out, r.Policy)
	}
	return out
}

// TestWords states the test every step ran.
func TestWords(l *ladder.Ladder) string {
	lo, hi := l.Test.Bounds()
	return fmt.Sprintf("Each step: side-swapped game pairs on common random numbers, a look every %d pairs, at most %d pairs; "+
		"SPRT of H0 Elo ≤ %g against H1 Elo ≥ %g at α = %g, β = %g (LLR bounds %.2f, %.2f). Seed %s.",
		l.Look, l.Budget, l.Test.Elo0, l.Test.Elo1, l.Test.Alpha, l.Test.Beta, lo, hi, formats.SeedText(l.Seed))
}

// WriteTable writes the headline, the test, each step's statistics and
// the ratings.
func WriteTable(w io.Writer, l *ladder.Ladder) error {
	var b strings.Builder
	for _, h := range Headline(l) {
		b.WriteString(h + "\n")
	}
	b.WriteString("\n" + TestWords(l) + "\n\n")
	for _, s := range l.Steps {
		fmt.Fprintf(&b, "%s over %s: %s\n", s.Upper, s.Lower, s.Detail(l.Test))
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "rung\tplayer\tElo over %s\t95 %% interval\n", l.Rungs[0].Policy)
	for i, r := range l.Rungs {
		fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\n", i+1, r.Policy, r.Elo, r.Lo, r.Hi)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// object is a ladder as JSON: the ladder's own fields, and its headline
// and ordering for a reader that does not recompute them.
type object struct {
	*ladder.Ladder
	Headline []string `json:"headline"`
	Ordered  bool     `json:"ordered"`
	SeedText string   `json:"seed_text"`
	Version  string   `json:"crucible_version"`
}

// WriteJSON writes the ladder's object with a trailing newline.
func WriteJSON(w io.Writer, l *ladder.Ladder, version string) error {
	b, err := json.MarshalIndent(object{l, Headline(l), l.Ordered(), formats.SeedText(l.Seed), version}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(formats.UnescapeHTML(b), '\n'))
	return err
}
