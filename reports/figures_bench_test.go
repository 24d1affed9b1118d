package reports

import (
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/words"
)

// BenchmarkWriteDir writes the whole report of the test's four results
// (two rulesets: an index and two pages, every PNG, every figure); the
// figures alone are BenchmarkFigures'.
func BenchmarkWriteDir(b *testing.B) {
	rs := results()
	dir := b.TempDir()
	for b.Loop() {
		if err := WriteDir(dir, rs, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFigures draws one scenario's figures as a page shows them: its
// rounds as SVG and as PNG, and its chance of at least k (demo/npc has a
// distribution counter).
func BenchmarkFigures(b *testing.B) {
	npc := results()[2]
	for _, c := range []struct {
		name string
		draw func(*analysis.Result) ([]byte, error)
	}{
		{"rounds-svg", func(r *analysis.Result) ([]byte, error) { return figure.RoundsFigure(r, figure.FormatSVG) }},
		{"rounds-png", func(r *analysis.Result) ([]byte, error) { return figure.RoundsFigure(r, figure.FormatPNG) }},
		{"at-least-svg", func(r *analysis.Result) ([]byte, error) {
			return figure.AtLeastFigure(words.NamesOf(r.Spec), atLeastDists(r, nil), figure.FormatSVG)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.draw(npc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
