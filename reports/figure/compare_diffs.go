package figure

import (
	"fmt"
	"image/color"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/words"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// pairedColor draws the paired intervals; the unpaired ones, drawn for
// contrast, are grey.
var (
	pairedColor   = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	unpairedColor = color.RGBA{R: 0x9a, G: 0x9a, B: 0x9a, A: 0xff}
)

// diffRow is one row of the differences plot: a difference and its two
// intervals.
type diffRow struct {
	name               string
	diff               float64
	paired, unpaired   analysis.Interval
	significant, share bool
}

// DifferencesPNG draws a comparison's paired differences (B − A): for each
// share either variant has, in percentage points, and for the mean rounds
// in a panel of its own (another unit), the difference as a point with its
// paired interval and, below it in grey, the unpaired interval the same
// trials would give on independent streams. A dashed line marks zero; a
// difference whose paired interval leaves it is the one the pairing
// resolves.
func DifferencesPNG(c *compare.Comparison) ([]byte, error) {
	var shares []diffRow
	n := words.CompareNames(c)
	for _, s := range c.Shares {
		if s.Counts.A() > 0 || s.Counts.B() > 0 {
			shares = append(shares, diffRow{n.DescribedID(s.Metric), 100 * s.Diff,
				Scale(s.Paired, 100), Scale(s.Unpaired, 100), s.Significant, true})
		}
	}
	r := c.Rounds
	rounds := []diffRow{{"rounds.mean", r.Diff, r.Paired, r.Unpaired, r.Significant, false}}
	level := fmt.Sprintf("(%s simultaneous intervals)", words.Pct(1-c.Alpha))
	const width = 9 * vg.Inch
	rowHeight := 0.5 * vg.Inch
	hRounds := rowHeight + 1.3*vg.Inch
	hShares := vg.Length(max(len(shares), 1))*rowHeight + 1.5*vg.Inch
	top, err := diffPanel("Paired differences of shares, B − A "+level, "percentage points", shares)
	if err != nil {
		return nil, err
	}
	bottom, err := diffPanel("Paired difference of mean "+words.UnitName(r.Unit)+", B − A "+level, words.UnitName(r.Unit), rounds)
	if err != nil {
		return nil, err
	}
	const gap = 0.25 * vg.Inch // between the upper panel's axis label and the lower one's title
	img := vgimg.New(width, hShares+gap+hRounds)
	dc := draw.New(img)
	top.Draw(draw.Crop(dc, 0, 0, hRounds+gap, 0))
	bottom.Draw(draw.Crop(dc, 0, 0, 0, -(hShares + gap)))
	return encode(pngCanvas{img})
}

func Scale(iv analysis.Interval, k float64) analysis.Interval {
	return analysis.Interval{Lo: k * iv.Lo, Hi: k * iv.Hi}
}

// diffPanel draws rows of differences, the first at the top.
func diffPanel(title, unit string, rows []diffRow) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = unit
	n := len(rows)
	names := make([]string, n)
	for row := range rows {
		r := rows[n-1-row]
		names[row] = r.name
		if r.significant {
			names[row] += " *"
		}
	}
	lo, hi := 0.0, 0.0
	for _, unpaired := range []bool{false, true} {
		var err error
		if lo, hi, err = addDiffBars(p, rows, unpaired, lo, hi); err != nil {
			return nil, err
		}
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, err
	}
	zero.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	p.Add(zero, plotter.NewGrid())
	p.NominalY(names...)
	pad := 0.08 * max(hi-lo, 1e-9)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5+0.6 // headroom for the legend
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p, nil
}

// addDiffBars draws each row's difference with its paired interval, a
// little above the row's line, or its unpaired one, a little below, and
// returns the ends of the x axis widened, from lo and hi, to hold them.
func addDiffBars(p *plot.Plot, rows []diffRow, unpaired bool, lo, hi float64) (float64, float64, error) {
	n := len(rows)
	dy := 0.12
	if unpaired {
		dy = -0.12
	}
	pts := errPoints{XYs: make(plotter.XYs, n), lo: make([]float64, n), hi: make([]float64, n)}
	for i, r := range rows {
		row := n - 1 - i
		iv := r.paired
		if unpaired {
			iv = r.unpaired
		}
		pts.XYs[row] = plotter.XY{X: r.diff, Y: float64(row) + dy}
		pts.lo[row], pts.hi[row] = r.diff-iv.Lo, iv.Hi-r.diff
		lo, hi = min(lo, iv.Lo), max(hi, iv.Hi)
	}
	eb, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return 0, 0, err
	}
	dots, err := plotter.NewScatter(pts.XYs)
	if err != nil {
		return 0, 0, err
	}
	eb.CapWidth = vg.Points(6)
	eb.LineStyle.Color, dots.GlyphStyle.Color = pairedColor, pairedColor
	eb.LineStyle.Width = vg.Points(2.5)
	label := "paired (common random numbers)"
	if unpaired {
		eb.LineStyle.Color, dots.GlyphStyle.Color = unpairedColor, unpairedColor
		eb.LineStyle.Width = vg.Points(1)
		label = "unpaired (as independent streams would give)"
	}
	dots.GlyphStyle.Radius = vg.Points(2.5)
	p.Add(eb, dots)
	// Error bars draw no legend thumbnail: a line of their style does.
	key := &plotter.Line{XYs: plotter.XYs{{}, {}}, LineStyle: eb.LineStyle}
	p.Legend.Add(label, key)
	return lo, hi, nil
}
