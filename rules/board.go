package rules

// Board is the geometry of a battle fought on a board of cells, declared in
// Spec so that reports can draw it without knowing the ruleset: the cells
// with their centres, what kind of ground each is, what stands on it at the
// start, and heat maps whose values are per-cell counters.
type Board struct {
	// Name names the board ("DBD-157-v1").
	Name string
	// Shape is the shape of every cell: ShapeHex, a pointy-top hexagon of
	// circumradius 1 around the cell's centre (centres of neighbours lie
	// √3 apart), or ShapeSquare, a square of side 1.
	Shape string
	// Kinds are the kinds of ground, in legend order, each with its
	// colour.
	Kinds []CellKind
	// Cells are the board's cells.
	Cells []Cell
	// Maps are heat maps over the cells: each colours a cell by the mean
	// per trial of a counter of the battle.
	Maps []HeatMap
	// MarkKey says how to read the cells' marks, an entry each ("I4:
	// INF with 4 HP"), for the drawing's legend; nil when the marks say
	// it themselves.
	MarkKey []string
}

// Cell shapes.
const (
	ShapeHex    = "hex"
	ShapeSquare = "square"
)

// CellKind is a kind of ground: its name ("WOODS") and colour ("#2e7d32").
type CellKind struct {
	Name, Color string
}

// Cell is one cell of a Board.
type Cell struct {
	// Label names the cell ("47"), as the ruleset's logs and counters do.
	Label string
	// X and Y are its centre; y grows downwards, as on a page.
	X, Y float64
	// Kind indexes Board.Kinds.
	Kind int
	// Mark is what stands on the cell at the start ("INF"), "" for
	// nothing, drawn in the colour of Side (A, B, or None).
	Mark string
	Side Side
}

// HeatMap is one heat map of a Board.
type HeatMap struct {
	// Title says what the map shows ("units lost per hex").
	Title string
	// Counters gives, for each cell in Board.Cells' order, the name of the
	// counter (in Spec.Counters) whose mean per trial colours it; "" for a
	// cell the map leaves out.
	Counters []string
}

// MapCounters returns the names of every counter a heat map of b reads:
// reports list them on the map rather than one by one.
func (b *Board) MapCounters() map[string]bool {
	out := map[string]bool{}
	if b == nil {
		return out
	}
	for _, m := range b.Maps {
		for _, c := range m.Counters {
			if c != "" {
				out[c] = true
			}
		}
	}
	return out
}
