package figure

import (
	"image/color"
	"math"

	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/reports/words"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// metaGrid is the payoff matrix as a heat map: column c is the b-entry,
// row r the a-entry, drawn top to bottom in the roster's order.
type metaGrid struct {
	a *meta.Analysis
}

func (g metaGrid) Dims() (c, r int) { return len(g.a.Cells), len(g.a.Cells) }

func (g metaGrid) Z(c, r int) float64 {
	n := len(g.a.Cells)
	return g.a.Cells[n-1-r][c].Estimate
}

func (g metaGrid) X(c int) float64 { return float64(c) }

func (g metaGrid) Y(r int) float64 { return float64(r) }

// MetaHeatmapPNG draws the matrix of side a's shares as a heat map, red
// where side a wins, blue where side b does, white at one half.
func MetaHeatmapPNG(a *meta.Analysis) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "side a's win share (draws half): row as a, column as b"
	hm := plotter.NewHeatMap(metaGrid{a}, divergingPalette{})
	hm.Min, hm.Max = 0, 1
	p.Add(hm)
	n := len(a.Meta.Entries)
	var xt, yt []plot.Tick
	for k, name := range a.Meta.Entries {
		xt = append(xt, plot.Tick{Value: float64(k), Label: name})
		yt = append(yt, plot.Tick{Value: float64(n - 1 - k), Label: name})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks(xt), plot.ConstantTicks(yt)
	p.X.Tick.Label.Rotation, p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = math.Pi/4, -1, -0.5
	labels, err := plotter.NewLabels(cellLabels(a))
	if err != nil {
		return nil, err
	}
	p.Add(labels)
	size := vg.Length(140 + 60*n)
	return render(p, size+120, size)
}

// cellLabels writes each cell's estimate in the middle of its square.
func cellLabels(a *meta.Analysis) plotter.XYLabels {
	n := len(a.Cells)
	var out plotter.XYLabels
	for i, row := range a.Cells {
		for j, c := range row {
			out.XYs = append(out.XYs, plotter.XY{X: float64(j), Y: float64(n - 1 - i)})
			out.Labels = append(out.Labels, words.ShareDigits(c.Estimate, 0)) // 99.96 reads 99.96, not 100
		}
	}
	return out
}

// divergingPalette runs from blue (0) through white (one half) to red (1).
type divergingPalette struct{}

func (divergingPalette) Colors() []color.Color {
	const steps = 64
	out := make([]color.Color, steps)
	for k := range out {
		t := float64(k)/float64(steps-1)*2 - 1 // −1 … 1
		if t < 0 {
			f := uint8(255 * (1 + t))
			out[k] = color.RGBA{f, f, 255, 255}
		} else {
			f := uint8(255 * (1 - t))
			out[k] = color.RGBA{255, f, f, 255}
		}
	}
	return out
}

// MetaEquilibriumPNG draws the equilibrium mixture over the entries, as
// side a and as side b, side by side.
func MetaEquilibriumPNG(a *meta.Analysis) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "equilibrium mixture"
	p.Y.Label.Text = "share of play"
	p.Y.Min, p.Y.Max = 0, 1.2 // room above the bars for the legend
	w := vg.Points(12)
	for s, mix := range [][]float64{a.Equilibrium.Row, a.Equilibrium.Col} {
		bars, err := plotter.NewBarChart(plotter.Values(mix), w)
		if err != nil {
			return nil, err
		}
		bars.Offset = vg.Length(2*s-1) * w / 2
		bars.LineStyle.Width = 0
		bars.Color = []color.Color{color.RGBA{200, 60, 50, 255}, color.RGBA{50, 90, 200, 255}}[s]
		p.Add(bars)
		p.Legend.Add([]string{"as side a", "as side b"}[s], bars)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.NominalX(a.Meta.Entries...)
	p.X.Min, p.X.Max = -0.7, float64(len(a.Meta.Entries))-0.3
	p.X.Tick.Label.Rotation, p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = math.Pi/4, -1, -0.5
	return render(p, vg.Length(200+50*len(a.Meta.Entries)), 360)
}
