package figure

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// Boards returns the results whose battles declare a board (rules.Board):
// the ones board.png draws.
func Boards(results []*analysis.Result) []*analysis.Result {
	var out []*analysis.Result
	for _, r := range results {
		if r.Spec.Board != nil && len(r.Spec.Board.Cells) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// HeatSummary is one heat map of a result in numbers: the mean per trial
// summed over the cells, and the cell with the highest mean.
type HeatSummary struct {
	Title      string
	Total      float64
	Top        string // the label of the hottest cell ("" when every cell is 0)
	TopMean    float64
	Counters   int // the number of per-cell counters
	FirstCount string
}

// heat returns a map's mean per trial for every cell (0 for a cell without
// a counter) and its summary.
func heat(r *analysis.Result, m rules.HeatMap) ([]float64, HeatSummary) {
	cells := r.Spec.Board.Cells
	vals := make([]float64, len(cells))
	s := HeatSummary{Title: m.Title}
	n := float64(r.Tally.Trials)
	for i, name := range m.Counters {
		if i >= len(cells) || name == "" {
			continue
		}
		s.Counters++
		if s.FirstCount == "" {
			s.FirstCount = name
		}
		k := r.Spec.CounterIndex(name)
		if k < 0 || k >= len(r.Tally.Counters) || n == 0 {
			continue
		}
		vals[i] = float64(r.Tally.Counters[k]) / n
		s.Total += vals[i]
		if vals[i] > s.TopMean {
			s.Top, s.TopMean = cells[i].Label, vals[i]
		}
	}
	return vals, s
}

// HeatSummaries returns the summary of every heat map of a result's board.
func HeatSummaries(r *analysis.Result) []HeatSummary {
	if r.Spec.Board == nil {
		return nil
	}
	var out []HeatSummary
	for _, m := range r.Spec.Board.Maps {
		_, s := heat(r, m)
		out = append(out, s)
	}
	return out
}

// Text writes a heat summary in one line.
func (s HeatSummary) Text() string {
	t := fmt.Sprintf("%s: %d per-cell counters (%s, …), %s per trial in all", s.Title, s.Counters, s.FirstCount, words.Num(s.Total))
	if s.Top != "" {
		t += fmt.Sprintf("; most on %s (%s per trial)", s.Top, words.Num(s.TopMean))
	}
	return t
}

// BoardPNG draws each result's board (BoardFigure) as PNG.
func BoardPNG(results []*analysis.Result) ([]byte, error) { return BoardFigure(results, FormatPNG) }

// BoardFigure draws each result's board in panels two to a row, large
// enough that a cell's label reads at the page's width: the cells in the
// colours of their ground with what stands on them at the start, then one
// panel per heat map, each cell shaded by its counter's mean per trial
// (white for 0, dark red for the map's maximum).
func BoardFigure(results []*analysis.Result, format string) ([]byte, error) {
	const (
		panelW = 6.4 * vg.Inch
		cols   = 2
		head   = 0.45 * vg.Inch // a result's heading
	)
	// Panels are as tall as the tallest board needs at the panel's width.
	aspect := 0.0
	rowsOf := make([]int, len(results))
	h := vg.Length(0)
	for i, r := range results {
		w, bh := extent(r.Spec.Board)
		aspect = math.Max(aspect, bh/w)
		rowsOf[i] = (1 + len(r.Spec.Board.Maps) + cols - 1) / cols
	}
	panelH := vg.Length(aspect)*(panelW-2*framePad) + frameTitle + frameLegend
	for _, n := range rowsOf {
		h += head + vg.Length(n)*panelH
	}
	w := cols * panelW
	img := newCanvas(format, w, h)
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	style := plot.New().Title.TextStyle
	top := h
	for i, r := range results {
		heading := style
		heading.Font.Size = vg.Points(14)
		heading.XAlign, heading.YAlign = draw.XLeft, draw.YTop
		dc.FillText(heading, vg.Point{X: 0.15 * vg.Inch, Y: top - 0.1*vg.Inch}, r.Scenario+" on "+r.Spec.Board.Name+
			fmt.Sprintf(" (%d trials)", r.Tally.Trials))
		top -= head
		area := func(k int) draw.Canvas {
			row, col := k/cols, k%cols
			c := draw.Crop(dc, 0, 0, 0, 0)
			c.Min = vg.Point{X: vg.Length(col) * panelW, Y: top - vg.Length(row+1)*panelH}
			c.Max = vg.Point{X: vg.Length(col+1) * panelW, Y: top - vg.Length(row)*panelH}
			return c
		}
		drawStart(area(0), r.Spec.Board, words.NamesOf(r.Spec), style)
		for k, m := range r.Spec.Board.Maps {
			vals, s := heat(r, m)
			drawHeat(area(1+k), r.Spec.Board, vals, s, style)
		}
		top -= vg.Length(rowsOf[i]) * panelH
	}
	return encode(img)
}

// boardFrame maps a board's cell coordinates into a panel: the board fits
// the panel below its title and above its legend, at one scale both ways.
type boardFrame struct {
	scale      vg.Length
	minX, minY float64
	left, top  vg.Length
	hex        bool
}

// halfSize is a cell's half-extent in board units, across and down.
func halfSize(b *rules.Board) (float64, float64) {
	if b.Shape == rules.ShapeSquare {
		return 0.5, 0.5
	}
	return math.Sqrt(3) / 2, 1
}

// bounds returns the extremes of a board's cells.
func bounds(b *rules.Board) (minX, maxX, minY, maxY float64) {
	hx, hy := halfSize(b)
	minX, maxX, minY, maxY = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, cell := range b.Cells {
		minX, maxX = math.Min(minX, cell.X-hx), math.Max(maxX, cell.X+hx)
		minY, maxY = math.Min(minY, cell.Y-hy), math.Max(maxY, cell.Y+hy)
	}
	return minX, maxX, minY, maxY
}

// extent is a board's width and height in board units.
func extent(b *rules.Board) (float64, float64) {
	minX, maxX, minY, maxY := bounds(b)
	return maxX - minX, maxY - minY
}

// A panel's title band, legend band and side margins.
const frameTitle, frameLegend, framePad = 0.4 * vg.Inch, 0.7 * vg.Inch, 0.15 * vg.Inch

func newFrame(c draw.Canvas, b *rules.Board) boardFrame {
	minX, maxX, minY, maxY := bounds(b)
	availW := c.Max.X - c.Min.X - 2*framePad
	availH := c.Max.Y - c.Min.Y - frameTitle - frameLegend
	scale := vg.Length(math.Min(float64(availW)/(maxX-minX), float64(availH)/(maxY-minY)))
	left := c.Min.X + framePad + (availW-scale*vg.Length(maxX-minX))/2
	return boardFrame{scale: scale, minX: minX, minY: minY, left: left, top: c.Max.Y - frameTitle, hex: b.Shape != rules.ShapeSquare}
}

// point maps board coordinates (y down) to the canvas (y up).
func (f boardFrame) point(x, y float64) vg.Point {
	return vg.Point{X: f.left + f.scale*vg.Length(x-f.minX), Y: f.top - f.scale*vg.Length(y-f.minY)}
}

// outline returns the corners of a cell.
func (f boardFrame) outline(cell rules.Cell) []vg.Point {
	if !f.hex {
		return []vg.Point{f.point(cell.X-0.5, cell.Y-0.5), f.point(cell.X+0.5, cell.Y-0.5), f.point(cell.X+0.5, cell.Y+0.5), f.point(cell.X-0.5, cell.Y+0.5), f.point(cell.X-0.5, cell.Y-0.5)}
	}
	pts := make([]vg.Point, 0, 7)
	for k := 0; k <= 6; k++ {
		a := math.Pi/6 + float64(k)*math.Pi/3 // pointy-top: corners at 30°, 90°, …
		pts = append(pts, f.point(cell.X+math.Cos(a), cell.Y+math.Sin(a)))
	}
	return pts
}

var cellEdge = draw.LineStyle{Color: color.RGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}, Width: vg.Points(0.4)}

func panelTitle(c draw.Canvas, style draw.TextStyle, title string) {
	style.Font.Size = vg.Points(12)
	style.XAlign, style.YAlign = draw.XCenter, draw.YTop
	c.FillText(style, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - 0.08*vg.Inch}, title)
}

// parseColor reads "#rrggbb"; anything else is mid grey.
func parseColor(s string) color.Color {
	if len(s) == 7 && s[0] == '#' {
		if v, err := strconv.ParseUint(s[1:], 16, 32); err == nil {
			return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
		}
	}
	return color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
}

func drawStart(c draw.Canvas, b *rules.Board, names words.SideNames, style draw.TextStyle) {
	panelTitle(c, style, "ground and start position")
	f := newFrame(c, b)
	label, mark := style, style
	label.Font.Size = f.scale * 0.42
	label.Color = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}
	label.XAlign, label.YAlign = draw.XCenter, draw.YCenter
	mark.Font.Size = f.scale * 0.8
	mark.XAlign, mark.YAlign = draw.XCenter, draw.YCenter
	for _, cell := range b.Cells {
		fill := color.Color(color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff})
		if cell.Kind >= 0 && cell.Kind < len(b.Kinds) {
			fill = parseColor(b.Kinds[cell.Kind].Color)
		}
		pts := f.outline(cell)
		c.FillPolygon(fill, pts)
		c.StrokeLines(cellEdge, pts)
		if cell.Mark != "" {
			mark.Color = sideColors[cell.Side]
			c.FillText(mark, f.point(cell.X, cell.Y+0.15), cell.Mark)
			label.Font.Size = f.scale * 0.32
			c.FillText(label, f.point(cell.X, cell.Y-0.55), cell.Label)
			label.Font.Size = f.scale * 0.42
		} else {
			c.FillText(label, f.point(cell.X, cell.Y), cell.Label)
		}
	}
	// The legend: a swatch per kind of ground, and the sides' colours.
	leg := style
	leg.Font.Size = vg.Points(10)
	leg.XAlign, leg.YAlign = draw.XLeft, draw.YCenter
	x, y := c.Min.X+0.2*vg.Inch, c.Min.Y+0.5*vg.Inch
	sw := vg.Points(9)
	for _, k := range b.Kinds {
		c.FillPolygon(parseColor(k.Color), []vg.Point{{X: x, Y: y - sw/2}, {X: x + sw, Y: y - sw/2}, {X: x + sw, Y: y + sw/2}, {X: x, Y: y + sw/2}})
		c.FillText(leg, vg.Point{X: x + sw + vg.Points(2), Y: y}, k.Name)
		x += sw + vg.Points(4) + leg.Rectangle(k.Name).Max.X + vg.Points(8)
	}
	for _, s := range []rules.Side{rules.A, rules.B} {
		leg.Color = sideColors[s]
		name := names.Name(s) + names.Tag(s)
		if names.Tag(s) == "" {
			name = "side " + s.String()
		}
		c.FillText(leg, vg.Point{X: x, Y: y}, name)
		x += leg.Rectangle(name).Max.X + vg.Points(8)
	}
	// Under it, how to read the marks.
	leg.Color = color.Black
	x, y = c.Min.X+0.2*vg.Inch, y-0.25*vg.Inch
	for _, k := range b.MarkKey {
		c.FillText(leg, vg.Point{X: x, Y: y}, k)
		x += leg.Rectangle(k).Max.X + vg.Points(12)
	}
}

// HeatColor shades a share of the maximum from white through orange to
// dark red.
func HeatColor(v float64) color.Color {
	stops := [...][3]float64{{255, 255, 255}, {253, 141, 60}, {128, 0, 38}}
	v = math.Max(0, math.Min(1, v))
	k := 0
	t := v * 2
	if t > 1 {
		k, t = 1, t-1
	}
	mix := func(i int) uint8 { return uint8(math.Round(stops[k][i] + t*(stops[k+1][i]-stops[k][i]))) }
	return color.RGBA{R: mix(0), G: mix(1), B: mix(2), A: 0xff}
}

func drawHeat(c draw.Canvas, b *rules.Board, vals []float64, s HeatSummary, style draw.TextStyle) {
	panelTitle(c, style, s.Title+" (mean per trial)")
	f := newFrame(c, b)
	label := style
	label.Font.Size = f.scale * 0.42
	label.XAlign, label.YAlign = draw.XCenter, draw.YCenter
	for i, cell := range b.Cells {
		v := 0.0
		if s.TopMean > 0 {
			v = vals[i] / s.TopMean
		}
		pts := f.outline(cell)
		c.FillPolygon(HeatColor(v), pts)
		c.StrokeLines(cellEdge, pts)
		label.Color = color.RGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xff}
		if v > 0.6 {
			label.Color = color.White
		}
		c.FillText(label, f.point(cell.X, cell.Y), cell.Label)
	}
	// The legend: the colour ramp from 0 to the maximum.
	leg := style
	leg.Font.Size = vg.Points(10)
	leg.XAlign, leg.YAlign = draw.XLeft, draw.YCenter
	x0, y := c.Min.X+0.2*vg.Inch, c.Min.Y+0.5*vg.Inch
	c.FillText(leg, vg.Point{X: x0, Y: y}, "0")
	x := x0 + vg.Points(10)
	const steps = 40
	stepW := vg.Points(3)
	for k := range steps {
		c.FillPolygon(HeatColor(float64(k)/(steps-1)), []vg.Point{{X: x, Y: y - 4}, {X: x + stepW, Y: y - 4}, {X: x + stepW, Y: y + 4}, {X: x, Y: y + 4}})
		x += stepW
	}
	text := words.Num(s.TopMean)
	if s.Top != "" {
		text += " (" + s.Top + ")"
	}
	text += fmt.Sprintf("; %s in all", words.Num(s.Total))
	c.FillText(leg, vg.Point{X: x + vg.Points(3), Y: y}, text)
}
