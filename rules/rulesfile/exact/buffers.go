package exact

// buffers are the chain's scratch arrays for its solution (components,
// the rounds' sweep), which a pooled chain keeps.
type buffers struct {
	stack, flat, order, place, count []int32
	byValue                          []int32
	tarjan                           []tarjanNode
	next                             []int32
	to0, to1, heads                  []int32
	head                             []bool
	pr, mass                         []float64
	marks                            []uint64
	sweep                            []sweepNode
	// components, solveFlow and capVerdict
	ends           []int
	call           []frame
	comps          [][]int32
	pos, compOf    []int32
	in             []bool
	longest, rings []int64
}

// frame is a node of components' depth-first walk and its next edge.
type frame struct{ v, e int32 }

// zeroed returns (*buf)[:n], zeroed, growing *buf when it is short.
func zeroed[E any](buf *[]E, n int) []E {
	if cap(*buf) < n {
		*buf = make([]E, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}

// tarjanNode is a node as components' walk knows it.
type tarjanNode struct{ index, low int32 }

// sweepNode is a node at its place: its edges e0..e1 in the sweep's
// arrays, and where they lead, the last place of the same round (hi) and
// the span of the next round's (nlo..nhi), so that the sweep widens its
// ranges once per node, not once per edge; far when an edge of it begins
// two rounds or more.
type sweepNode struct {
	e0, e1       int32
	hi, nlo, nhi int32 // −1, MaxInt32, −1 when none
	far          bool
}
