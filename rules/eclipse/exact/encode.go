package exact

import (
	"fmt"
	"math/bits"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// The canonical fleet state packed into a uint64 (rules §8.1): per type the
// multiset of damage levels of its living ships (a group of n ships with HP h
// has C(n+h, h) such states, dead ones included), per type its retreat
// status (when its side may retreat), per side the withdrawal flag (likewise),
// and the round index capped where retreat options stop depending on it
// (0 = missile phase). A node adds the activation pointer inside the round.

const maxBinom = eclipse.MaxShips + eclipse.MaxHP + 2

// binom is Pascal's triangle, saturating at MaxUint64 (only small entries
// are ever used: k ≤ MaxShips).
var binom = func() (t [maxBinom][maxBinom]uint64) {
	for n := range maxBinom {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			s, carry := bits.Add64(t[n-1][k-1], t[n-1][k], 0)
			if carry != 0 {
				s = ^uint64(0)
			}
			t[n][k] = s
		}
	}
	return
}()

type typeCode struct {
	n0, hp  int
	radix   uint64 // C(n0+hp, hp): multisets of ≤ n0 damage levels in [0, hp)
	offset  [eclipse.MaxShips + 2]uint64
	status  uint64 // 3 when the side may retreat, else 1
	damage0 int    // total HP of the type, for the progress measure
}

type encoder struct {
	c        *eclipse.Compiled
	types    []typeCode
	withdraw [2]uint64 // 2 when the side may retreat, else 1
	side     [2]uint64 // radix of each side's sub-key
	rounds   uint64    // round digit radix: RetreatRounds + 1
	states   uint64    // product of all radices (number of x keys)
	ptrs     uint64    // activation pointers per round (max of K and M)
}

func mulCheck(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0 && lo < 1<<62
}

func newEncoder(c *eclipse.Compiled) (*encoder, error) {
	e := &encoder{c: c, types: make([]typeCode, len(c.Types))}
	ok := true
	for s := range 2 {
		total := uint64(1)
		for t := c.Sides[s].First; t < c.Sides[s].First+c.Sides[s].N; t++ {
			ty := &c.Types[t]
			tc := &e.types[t]
			tc.n0, tc.hp = ty.Count, ty.HP
			tc.radix = binom[tc.n0+tc.hp][tc.n0]
			for m := 1; m <= tc.n0+1; m++ {
				tc.offset[m] = binom[tc.hp+m-1][m-1]
			}
			tc.status = 1
			if c.Sides[s].Retreat.Kind != eclipse.RetreatNever {
				tc.status = 3
			}
			tc.damage0 = tc.n0 * tc.hp
			var o1, o2 bool
			total, o1 = mulCheck(total, tc.radix)
			total, o2 = mulCheck(total, tc.status)
			ok = ok && o1 && o2
		}
		e.withdraw[s] = 1
		if c.Sides[s].Retreat.Kind != eclipse.RetreatNever {
			e.withdraw[s] = 2
		}
		var o1 bool
		e.side[s], o1 = mulCheck(total, e.withdraw[s])
		ok = ok && o1
	}
	e.rounds = uint64(c.RetreatRounds) + 1
	total, o1 := mulCheck(e.side[0], e.side[1])
	total, o2 := mulCheck(total, e.rounds)
	e.states = total
	e.ptrs = uint64(max(len(c.Order), len(c.MissileOrder), 1))
	_, o3 := mulCheck(total, e.ptrs)
	if !(ok && o1 && o2 && o3) {
		return nil, fmt.Errorf("%w: the battle's fleet states do not fit a 64-bit key (too many ships × hit points); use Monte Carlo", ErrBudget)
	}
	return e, nil
}

// encodeSide packs side s of st into its sub-key.
func (e *encoder) encodeSide(st *eclipse.State, s int) uint64 {
	var key uint64
	if e.withdraw[s] > 1 && st.Withdrew[s] {
		key = 1
	}
	sd := &e.c.Sides[s]
	for t := sd.First + sd.N - 1; t >= sd.First; t-- {
		tc := &e.types[t]
		if tc.status > 1 {
			key = key*3 + uint64(st.Status[t])
		}
		// Multiset rank: ascending a_i = damage, b_i = a_i + i − 1 strictly
		// increasing; rank = Σ C(b_i, i), after the offset of smaller sizes.
		m := int(st.N[t])
		d := tc.offset[m]
		for i := 1; i <= m; i++ {
			a := int(st.Dmg[t][m-i]) // Dmg is descending
			d += binom[a+i-1][i]
		}
		key = key*tc.radix + d
	}
	return key
}

// decodeSide unpacks a sub-key into side s of st (other fields untouched).
func (e *encoder) decodeSide(key uint64, s int, st *eclipse.State) {
	sd := &e.c.Sides[s]
	for t := sd.First; t < sd.First+sd.N; t++ {
		tc := &e.types[t]
		d := key % tc.radix
		key /= tc.radix
		st.Status[t] = 0
		if tc.status > 1 {
			st.Status[t] = uint8(key % 3)
			key /= 3
		}
		m := tc.n0
		for m > 0 && tc.offset[m] > d {
			m--
		}
		rank := d - tc.offset[m]
		st.N[t] = int8(m)
		st.Dmg[t] = [eclipse.MaxShips]int16{}
		for i := m; i >= 1; i-- {
			b := i - 1
			for binom[b+1][i] <= rank {
				b++
			}
			rank -= binom[b][i]
			st.Dmg[t][m-i] = int16(b - (i - 1))
		}
	}
	st.Withdrew[s] = e.withdraw[s] > 1 && key == 1
}

// encode packs st and the round digit into an x key: side a's sub-key,
// side b's, then the round digit, most significant last.
func (e *encoder) encode(st *eclipse.State, round int) uint64 {
	return e.join(e.encodeSide(st, 0), e.encodeSide(st, 1), round)
}

func (e *encoder) join(a, b uint64, round int) uint64 {
	return a + e.side[0]*(b+e.side[1]*uint64(round))
}

// split returns the sub-keys and round digit of an x key.
func (e *encoder) split(x uint64) (a, b uint64, round int) {
	a, x = x%e.side[0], x/e.side[0]
	return a, x % e.side[1], int(x / e.side[1])
}

// decode unpacks an x key into st and returns the round digit.
func (e *encoder) decode(key uint64, st *eclipse.State) int {
	a, b, round := e.split(key)
	*st = eclipse.State{}
	e.decodeSide(a, 0, st)
	e.decodeSide(b, 1, st)
	return round
}

// roundOf extracts the round digit of an x key without decoding the rest.
func (e *encoder) roundOf(key uint64) int { return int(key / (e.side[0] * e.side[1])) }

// withRound replaces the round digit of an x key.
func (e *encoder) withRound(key uint64, round int) uint64 {
	unit := e.side[0] * e.side[1]
	return key%unit + uint64(round)*unit
}

// inBattleMask is the set of global types of side s with ships in the
// battle, as bits of the global type index.
func (e *encoder) inBattleMask(st *eclipse.State, s int) uint8 {
	var m uint8
	sd := &e.c.Sides[s]
	for t := sd.First; t < sd.First+sd.N; t++ {
		if eclipse.InBattle(st, t) > 0 {
			m |= 1 << t
		}
	}
	return m
}

// sideProgress is side s's part of the progress measure, which strictly
// increases along every transition that changes the state: damage dealt (a
// destroyed ship counts its full HP), retreat steps, withdrawal flags and
// the round digit (§8.3: the only cycle is a round with no change). A
// node's measure is its round digit plus both sides' parts; the solver
// caches each side's part with its decoded sub-key.
func (e *encoder) sideProgress(st *eclipse.State, s int) int32 {
	p := 0
	sd := &e.c.Sides[s]
	for t := sd.First; t < sd.First+sd.N; t++ {
		tc := &e.types[t]
		p += tc.damage0 - int(st.N[t])*tc.hp
		for i := range int(st.N[t]) {
			p += int(st.Dmg[t][i])
		}
		p += int(st.Status[t])
	}
	if st.Withdrew[s] {
		p++
	}
	return int32(p)
}
