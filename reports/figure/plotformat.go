package figure

import (
	"bytes"
	"image/png"
	"io"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Every plot is labelled in a sans-serif face: gonum/plot's default is a
// serif, which reads poorly at the small sizes of axis ticks.
func init() {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	plotter.DefaultFont = plot.DefaultFont
}

// A plot is written as PNG (a file the CLI promises) or as SVG (what a
// page shows: it scales with the window and its text is selectable).
const (
	FormatPNG = "png"
	FormatSVG = "svg"
)

// newCanvas returns a blank canvas of w×h that writes format.
func newCanvas(format string, w, h vg.Length) vg.CanvasWriterTo {
	if format == FormatSVG {
		return vgsvg.New(w, h)
	}
	return pngCanvas{vgimg.New(w, h)}
}

// pngCanvas writes gonum's image canvas as a PNG at zlib's fastest level,
// not vgimg.PngCanvas's default one: the figures of a report take half the
// CPU to compress, for files 3 % larger (bench/tests.txt).
type pngCanvas struct{ *vgimg.Canvas }

// WriteTo writes the canvas's image to w as a PNG.
func (c pngCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, c.Image()); err != nil {
		return 0, err
	}
	return buf.WriteTo(w)
}

// encode writes a drawn canvas. An SVG names its font as the reader's
// Liberation Sans or, where the reader has none, the metrically equal Arial
// or any sans-serif: the file embeds no font.
func encode(c vg.CanvasWriterTo) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	if _, ok := c.(*vgsvg.Canvas); ok {
		return []byte(strings.ReplaceAll(buf.String(), "font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")), nil
	}
	return buf.Bytes(), nil
}

// renderAs draws one plot at w×h in format.
func renderAs(p *plot.Plot, w, h vg.Length, format string) ([]byte, error) {
	c := newCanvas(format, w, h)
	p.Draw(draw.New(c))
	return encode(c)
}
