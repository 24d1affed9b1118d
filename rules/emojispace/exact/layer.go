package exact

// layer holds the mass of one round's live states: for each live state of
// ship a, in the order first reached, a row with a dense vector over ship
// b's states and the list of those with mass, in the order first reached.
// Adding mass is an index and an addition, and the walk visits the states
// in the order they were first reached, so it is deterministic and the
// float walk adds its terms in one fixed order.
type layer[T any] struct {
	ar   num[T]
	sdB  *side    // ship b, whose states numbered so far a vector covers
	slot []int32  // ship a's state → its row, or -1
	as   []uint32 // live states of ship a
	rows []row[T] // rows[i] is as[i]'s; kept for reuse past len(as)
	// fill is whether a new vector must be set to zero: make gives the
	// zero value of T, which is zero for float64 but not a *big.Rat.
	fill bool
}

// row is one state of ship a's share of a layer.
type row[T any] struct {
	v       []T      // over ship b's states
	touched []uint32 // ship b's states with mass, in the order first reached
}

func newLayer[T any](ar num[T], sdB *side) *layer[T] {
	var zero T
	return &layer[T]{ar: ar, sdB: sdB, fill: any(ar.zero()) != any(zero)}
}

func (l *layer[T]) add(a, b uint32, p T) { l.addTo(l.row(a), b, p) }

// row returns state a's row, making it live, with a vector that covers
// every state of ship b numbered so far.
func (l *layer[T]) row(a uint32) *row[T] {
	if int(a) < len(l.slot) {
		if i := l.slot[a]; i >= 0 && len(l.rows[i].v) >= l.sdB.reached() {
			return &l.rows[i]
		}
	}
	return &l.rows[l.open(a)]
}

// open makes state a live if it is not, widens its vector to cover ship
// b's states numbered so far, and returns the index of its row.
func (l *layer[T]) open(a uint32) int32 {
	for int(a) >= len(l.slot) {
		l.slot = append(l.slot, -1)
	}
	i := l.slot[a]
	if i < 0 {
		i = int32(len(l.as))
		l.slot[a] = i
		l.as = append(l.as, a)
		if int(i) == len(l.rows) {
			l.rows = append(l.rows, row[T]{})
		}
	}
	if r := &l.rows[i]; len(r.v) < l.sdB.reached() {
		l.widen(r)
	}
	return i
}

// widen makes r's vector cover ship b's states numbered so far, with room
// for as many again.
func (l *layer[T]) widen(r *row[T]) {
	v := make([]T, max(l.sdB.reached(), 2*len(r.v)))
	copy(v, r.v)
	if l.fill {
		for k := len(r.v); k < len(v); k++ {
			v[k] = l.ar.zero()
		}
	}
	r.v = v
}

// addTo adds mass p to state b of row r.
func (l *layer[T]) addTo(r *row[T], b uint32, p T) {
	if l.ar.isZero(p) { // a float product underflowed: nothing to carry
		return
	}
	if l.ar.isZero(r.v[b]) {
		r.touched = append(r.touched, b)
		r.v[b] = p
		return
	}
	r.v[b] = l.ar.add(r.v[b], p)
}

// live returns the number of live states.
func (l *layer[T]) live() int {
	n := 0
	for i := range l.as {
		n += len(l.rows[i].touched)
	}
	return n
}

// reset empties the layer, keeping its rows.
func (l *layer[T]) reset() {
	zero := l.ar.zero()
	for i, a := range l.as {
		r := &l.rows[i]
		for _, b := range r.touched {
			r.v[b] = zero
		}
		r.touched = r.touched[:0]
		l.slot[a] = -1
	}
	l.as = l.as[:0]
}
