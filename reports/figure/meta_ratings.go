package figure

import (
	"cmp"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/crucible-sim/crucible/analysis/game"
	"github.com/crucible-sim/crucible/analysis/meta"
)

// MetaRatingsFigure draws a roster's ratings as ranked horizontal bars,
// the highest at the top: the Elo ratings with their intervals as
// whiskers, and the Nash averages (in points of payoff against the
// equilibrium), each panel in its own order, so that which entries lead
// and whether their lead is more than the noise reads at a glance. Elo
// bars start at the roster's mean, game.EloMean: a rating says only how
// entries compare.
func MetaRatingsFigure(a *meta.Analysis, format string) ([]byte, error) {
	n := len(a.Meta.Entries)
	elo, err := rankedBars("Elo rating (95 % interval)", "Elo, bars from the roster's mean of "+strconv.Itoa(game.EloMean), a.Meta.Entries,
		func(k int) (v, lo, hi float64) {
			r := a.Ratings[k]
			return r.Elo - game.EloMean, r.Lo - game.EloMean, r.Hi - game.EloMean
		})
	if err != nil {
		return nil, err
	}
	elo.X.Tick.Marker = offsetTicks{game.EloMean}
	nashMarker := offsetTicks{0}
	nash, err := rankedBars("Nash average", "points against the equilibrium", a.Meta.Entries,
		func(k int) (v, lo, hi float64) { v = 100 * a.Nash[k]; return v, v, v })
	if err != nil {
		return nil, err
	}
	nash.X.Tick.Marker = nashMarker
	h := vg.Length(1.6+0.32*float64(n)) * vg.Inch
	return panelGridAs("Ratings, highest at the top", []*plot.Plot{elo, nash}, 2, figureW, h, format)
}

// rankedBars draws one bar per entry, ranked with the highest at the top,
// and a whisker from lo to hi where they differ from v.
func rankedBars(title, xLabel string, names []string, value func(k int) (v, lo, hi float64)) (*plot.Plot, error) {
	n := len(names)
	order := make([]int, n)
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(i, j int) int {
		vi, _, _ := value(i)
		vj, _, _ := value(j)
		return cmp.Compare(vj, vi)
	})
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text = xLabel
	vals := make(plotter.Values, n)
	rows := make([]string, n)
	var whiskers xErrPoints
	for i, k := range order {
		row := n - 1 - i
		v, lo, hi := value(k)
		vals[row], rows[row] = v, names[k]
		if lo < v || hi > v {
			whiskers.XYs = append(whiskers.XYs, plotter.XY{X: v, Y: float64(row)})
			whiskers.lo, whiskers.hi = append(whiskers.lo, v-lo), append(whiskers.hi, hi-v)
		}
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(12))
	if err != nil {
		return nil, err
	}
	bars.Horizontal, bars.Color, bars.LineStyle.Width = true, panelFill, 0
	p.Add(plotter.NewGrid(), bars)
	if len(whiskers.XYs) > 0 {
		if err := addWhiskers(p, whiskers); err != nil {
			return nil, err
		}
	}
	p.NominalY(rows...)
	return p, nil
}

// offsetTicks marks an axis of values drawn less offset with the values
// themselves (a bar from the mean, labelled on the rating's own scale),
// written in the fewest digits ("-25", not "-25.00").
type offsetTicks struct{ offset float64 }

func (o offsetTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		// The label is the value rounded to the step of the ticks; read
		// back, it prints in its shortest form.
		if v, err := strconv.ParseFloat(ts[i].Label, 64); err == nil && ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(v+o.offset, 'f', -1, 64)
		}
	}
	return ts
}
