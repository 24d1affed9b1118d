package exact

import "github.com/crucible-sim/crucible/rules/eclipse"

// A node's expansion mostly reads little of its state: how many ships of
// each type are in the battle, which types, the progress measure. Only a
// volley not yet in the memo, a battle's end, a retreat or the optimal
// policy read the damage of each ship. Decoding a side's sub-key whole
// (its multisets of damage unranked into the state) for each node was a
// tenth of a large solve, so a node's sides are looked at through views,
// kept by sub-key when a side has few enough of them, and the state is
// decoded whole only when read so (full).

// sideView is what an expansion reads of one side's state.
type sideView struct {
	n     [eclipse.MaxTypes]int8 // ships in the battle per global type (the side's own)
	prog  int32                  // the side's part of the progress measure (decodeSide)
	mask  uint8                  // global types of the side with ships in the battle
	known bool                   // set once computed (viewMemo)
}

// maxViewMemo bounds the sub-keys of a side whose views are kept (16
// bytes each).
const maxViewMemo = 1 << 16

// resetViews readies the views of a solve: the memo of each side with
// few enough sub-keys, emptied, and the types armed with cannons.
func (s *solver[T, A]) resetViews() {
	for side := range 2 {
		s.viewBuf[side] = s.viewBuf[side][:0]
		s.viewMemo[side] = nil
		if r := s.enc.side[side]; r <= maxViewMemo {
			s.viewBuf[side] = scratch(s.viewBuf[side], int(r))
			clear(s.viewBuf[side])
			s.viewMemo[side] = s.viewBuf[side]
		}
	}
	s.stFull = [2]bool{}
	s.armed = 0
	st := &s.st2 // scratch: a state of one ship at a time
	*st = eclipse.State{}
	for t := range s.c.Types {
		st.N[t] = 1
		if !s.c.Stalemate(st) { // a ship of type t alone has a cannon
			s.armed |= 1 << t
		}
		st.N[t] = 0
	}
}

// view makes sub-key sub side's current one, with its view.
func (s *solver[T, A]) view(side int, sub uint64) {
	s.stKey[side] = sub
	memo := s.viewMemo[side]
	if memo != nil && memo[sub].known {
		s.views[side], s.stFull[side] = memo[sub], false
		return
	}
	v := sideView{prog: s.enc.decodeSide(sub, side, &s.st), known: true}
	s.stFull[side] = true
	sd := &s.c.Sides[side]
	for t := sd.First; t < sd.First+sd.N; t++ {
		if n := eclipse.InBattle(&s.st, t); n > 0 {
			v.n[t], v.mask = int8(n), v.mask|1<<t
		}
	}
	s.views[side] = v
	if memo != nil {
		memo[sub] = v
	}
}

// full decodes into s.st whole the sides of the node being expanded that
// only have a view.
func (s *solver[T, A]) full() {
	for side := range 2 {
		if !s.stFull[side] {
			s.enc.decodeSide(s.stKey[side], side, &s.st)
			s.stFull[side] = true
		}
	}
}

// inBattle is the ships of type t in the battle at the node being
// expanded (eclipse.InBattle).
func (s *solver[T, A]) inBattle(t int) int {
	return int(s.views[s.c.Types[t].Side].n[t])
}
