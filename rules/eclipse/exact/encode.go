package exact

import (
	"fmt"
	"math/bits"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// The canonical fleet state packed into a uint64 (§8.1): per type the
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
	// ranks caches the multisets by rank as they are first unranked (nil
	// when the radix exceeds maxRankCache): the solver decodes a sub-key
	// for most nodes it expands, and unranking searches Pascal's triangle.
	ranks []ships
}

// ships is the unranked multiset of a type's living ships.
type ships struct {
	dmg   [eclipse.MaxShips]int16 // damage levels, descending
	n     int8
	known bool  // set once the rank is unranked (ranks cache)
	dealt int32 // damage dealt to the type (a destroyed ship counts its HP)
}

// maxRankCache bounds the radix of the types whose multisets are cached
// (about 36 bytes per rank).
const maxRankCache = 1 << 12

type encoder struct {
	c        *eclipse.Compiled
	types    []typeCode
	rankBuf  []ships   // the types' ranks caches, one after another
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
	e := new(encoder)
	return e, e.init(c)
}

// init sets e up for c, reusing the arrays it had for another battle.
func (e *encoder) init(c *eclipse.Compiled) error {
	*e = encoder{c: c, types: scratch(e.types, len(c.Types)), rankBuf: e.rankBuf[:0]}
	clear(e.types)
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
		return fmt.Errorf("%w: the battle's fleet states do not fit a 64-bit key (too many ships × hit points)", ErrBudget)
	}
	e.cacheRanks()
	return nil
}

// cacheRanks gives each type of radix up to maxRankCache its cache of
// unranked multisets, empty, all of them in one array.
func (e *encoder) cacheRanks() {
	n := 0
	for t := range e.types {
		if r := e.types[t].radix; r <= maxRankCache {
			n += int(r)
		}
	}
	e.rankBuf = scratch(e.rankBuf, n)
	clear(e.rankBuf)
	n = 0
	for t := range e.types {
		if tc := &e.types[t]; tc.radix <= maxRankCache {
			tc.ranks = e.rankBuf[n : n+int(tc.radix) : n+int(tc.radix)]
			n += int(tc.radix)
		}
	}
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

// decodeSide unpacks a sub-key into side s of st (other fields untouched)
// and returns side s's part of the progress measure, which strictly
// increases along every transition that changes the state: damage dealt (a
// destroyed ship counts its full HP), retreat steps, withdrawal flags and
// the round digit (§8.3: the only cycle is a round with no change). A
// node's measure is its round digit plus both sides' parts.
func (e *encoder) decodeSide(key uint64, s int, st *eclipse.State) int32 {
	sd := &e.c.Sides[s]
	prog := int32(0)
	for t := sd.First; t < sd.First+sd.N; t++ {
		tc := &e.types[t]
		d := key % tc.radix
		key /= tc.radix
		st.Status[t] = 0
		if tc.status > 1 {
			st.Status[t] = uint8(key % 3)
			key /= 3
		}
		var sh *ships
		if tc.ranks != nil {
			if sh = &tc.ranks[d]; !sh.known {
				*sh = tc.unrank(d)
			}
		} else {
			u := tc.unrank(d)
			sh = &u
		}
		st.N[t] = sh.n
		st.Dmg[t] = sh.dmg
		prog += sh.dealt + int32(st.Status[t])
	}
	st.Withdrew[s] = e.withdraw[s] > 1 && key == 1
	if st.Withdrew[s] {
		prog++
	}
	return prog
}

// unrank returns the multiset of living ships of rank d (see encodeSide).
func (tc *typeCode) unrank(d uint64) ships {
	m := tc.n0
	for m > 0 && tc.offset[m] > d {
		m--
	}
	rank := d - tc.offset[m]
	sh := ships{n: int8(m), known: true, dealt: int32(tc.damage0 - m*tc.hp)}
	for i := m; i >= 1; i-- {
		b := i - 1
		for binom[b+1][i] <= rank {
			b++
		}
		rank -= binom[b][i]
		sh.dmg[m-i] = int16(b - (i - 1))
		sh.dealt += int32(sh.dmg[m-i])
	}
	return sh
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

// roundOf extracts the round digit of an x key without decoding the rest.
func (e *encoder) roundOf(key uint64) int { return int(key / (e.side[0] * e.side[1])) }

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
