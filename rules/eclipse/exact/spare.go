package exact

import "sync"

// spares passes the large arrays of a floating-point solve on to the next
// one. A battle of tens of thousands of nodes fills about 10 MB of them;
// when battles are solved one after another (claims, tests, benchmarks, a
// server), allocating, zeroing, copying them on growth and collecting
// them again took about a fifth of the solve time. The pool drops what it
// holds at garbage collections, so a lone solve's arrays do not outlive it
// for long.
var spares sync.Pool // of *spareArrays

// spareArrays are the arrays a solve grows node by node, edge by edge or
// roll by roll, and those of the same length as the nodes.
type spareArrays struct {
	nodes                 []node
	prob, nc, rollP, mass []float64
	to, order, outTab     []int32
	nodeCode              []int32
	outs, outVals         []volleyOut
	entries               []volleyEntry[float64]
	sweep                 []sweepNode
	// the arrays of the node table and of the volley memos
	index, memo, outMemo [2][]tableSlot
}

// lend gives s, before it runs, the arrays, emptied (the solver reslices
// what it needs, and clears what it reads before writing).
func (sp *spareArrays) lend(s *solver[float64, floats]) {
	s.nodes, s.prob, s.nc, s.rollP = sp.nodes[:0], sp.prob[:0], sp.nc[:0], sp.rollP[:0]
	s.mass, s.to, s.order, s.outTab = sp.mass[:0], sp.to[:0], sp.order[:0], sp.outTab[:0]
	s.nodeCode, s.outs, s.outVals, s.entries, s.sweep = sp.nodeCode[:0], sp.outs[:0], sp.outVals[:0], sp.entries[:0], sp.sweep[:0]
	s.index.init(sp.index)
	s.memo.init(sp.memo)
	s.outMemo.init(sp.outMemo)
	*sp = spareArrays{}
}

// reclaim takes back s's arrays, which s must no longer use.
func (sp *spareArrays) reclaim(s *solver[float64, floats]) {
	*sp = spareArrays{nodes: s.nodes, prob: s.prob, nc: s.nc, rollP: s.rollP,
		mass: s.mass, to: s.to, order: s.order, outTab: s.outTab,
		nodeCode: s.nodeCode, outs: s.outs, outVals: s.outVals, entries: s.entries, sweep: s.sweep,
		index: s.index.buffers(), memo: s.memo.buffers(), outMemo: s.outMemo.buffers()}
}
