package figure

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis/ladder"
)

// LadderFigure draws a ladder's ratings against its rungs in the
// ladder's order, weakest at the left (for dbd's search levels, Elo
// against the budget of plays): each rung's Elo over the bottom rung with
// its 95 % interval as a whisker, joined by a line, so that where the
// curve flattens — rungs that do not separate — reads at a glance.
func LadderFigure(l *ladder.Ladder, format string) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "Elo over " + l.Rungs[0].Policy + " by rung (95 % interval)"
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.Text = "Elo"
	var pts plotter.XYs
	var errs plotter.YErrors
	names := make([]string, len(l.Rungs))
	for i, r := range l.Rungs {
		names[i] = r.Policy
		pts = append(pts, plotter.XY{X: float64(i), Y: r.Elo})
		errs = append(errs, struct{ Low, High float64 }{r.Elo - r.Lo, r.Hi - r.Elo})
	}
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.Color, points.Color, points.Shape = panelFill, panelFill, draw.CircleGlyph{}
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	bars.Color = panelFill
	p.Add(plotter.NewGrid(), line, points, bars)
	p.NominalX(names...)
	return renderAs(p, figureW, figureH, format)
}
