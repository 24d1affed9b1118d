package ec4x

import (
	"math"
	"math/bits"
)

// pools indexes the candidates (§3.4 step 1, §4.5 step 1): each task
// force's squadrons still fighting by bucket and their weight (its cands
// and candW), their totals over the task forces, and the set of (bucket,
// TF) pairs with candidates. It is built as the arena is loaded and kept up
// to date as squadrons change state or task forces leave, so that an
// attacker's pool is found in a few operations and its draw visits only the
// task forces with candidates, skipping whole ones by their weight and
// finding the squadron within one. States change only when a group's damage
// is applied, after all its attackers have picked, so the index always
// shows the state at the start of the group.
type pools struct {
	total   [numBuckets]int // candidates
	totalW  [numBuckets]int // their weight
	present pairSet         // the pairs with candidates
	// In a battle of at most 64 units (narrow), units[b] is the set of
	// bucket b's candidates, bit i for unit i: units are laid out in TF
	// order then squadron order, the order of a pool, so that a pool is
	// one set and its k-th candidate its k-th bit.
	units  [numBuckets]uint64
	narrow bool
}

// span returns the set of units first to end−1 (end ≤ 64).
func span(first, end int32) uint64 {
	return ^uint64(0) >> (64 - uint(end-first)) << (uint(first) & 63)
}

// pairSet is a set of (bucket, TF) pairs, bit MaxTaskForces·b + t for TF t
// in bucket b: bucket b's task forces are its lane b, and the lowest pair
// of a set is in its first bucket in priority order.
type pairSet uint64

// The lanes fit in the set.
const _ = pairSet(1) << (numBuckets*MaxTaskForces - 1)

const laneMask = 1<<MaxTaskForces - 1

// pair returns the set of pair (b, t).
func pair(b Bucket, t int8) pairSet { return 1 << ((uint(b)*MaxTaskForces + uint(t)) & 63) }

// everyBucket[t] is task force t in every bucket.
var everyBucket = func() (s [MaxTaskForces]pairSet) {
	for t := range s {
		for b := range numBuckets {
			s[t] |= pair(b, int8(t))
		}
	}
	return s
}()

// lane returns the task forces of the set in bucket b.
func (s pairSet) lane(b Bucket) tfSet {
	return tfSet(s>>((uint(b)*MaxTaskForces)&63)) & laneMask
}

// firstBucket returns the bucket of the set's lowest pair, numBuckets if
// the set is empty.
func (s pairSet) firstBucket() Bucket {
	return Bucket(bits.TrailingZeros64(uint64(s)) / MaxTaskForces)
}

// tfSet is a set of task forces, bit t for TF t.
type tfSet uint16

// first returns the set's lowest task force (the set must not be empty).
func (s tfSet) first() int { return bits.TrailingZeros16(uint16(s)) }

// weightOf is a candidate's targeting weight: its bucket's base weight
// times its state's factor.
func (a *arena) weightOf(v *unit) int { return v.bucket.BaseWeight() * int(a.factor[v.state&3]) }

// Targeting weights over the base weight by state (0 destroyed: no longer
// a candidate): ×2 crippled under spec (§3.4 step 3), frozen under
// nim-2025-11 (§4.9 row 5).
var (
	specFactor = [4]int8{stateU: 1, stateC: 2, stateD: 0}
	nimFactor  = [4]int8{stateU: 1, stateC: 1, stateD: 0}
)

// index builds the candidate index from the units' states, each task
// force's current AS and scouting squadrons, the number of task forces
// fighting, and the two orders: main, each unit inserted in place as it is
// met (a few dozen units), and the fighter squadrons.
func (a *arena) index() {
	p := &a.pools
	*p = pools{narrow: len(a.units) <= 64}
	main, fighterSqs := a.main[:0], a.fighterSqs[:0]
	a.nFighting = 0
	for t := range a.forces {
		fo := &a.forces[t]
		fo.as, fo.scouting = 0, 0
		fo.cands, fo.candW, fo.candN = [numBuckets]uint64{}, [numBuckets]int16{}, [numBuckets]uint8{}
		if !fo.out && fo.living > 0 {
			a.nFighting++
		}
		for i := int(fo.first); i < int(fo.end); i++ {
			v := &a.units[i]
			if v.bucket == BucketFighter {
				fighterSqs = append(fighterSqs, i)
			} else {
				main = insertCR(main, newCREntry(i, v.cr))
			}
			v.cur = int16(a.asIn(v, v.state))
			if v.state == stateD {
				continue
			}
			fo.as += int32(v.cur)
			if v.scouts > 0 {
				fo.scouting++
			}
			if fo.out {
				continue
			}
			w := a.weightOf(v)
			fo.cands[v.bucket] |= 1 << ((i - int(fo.first)) & 63)
			fo.candW[v.bucket] += int16(w)
			fo.candN[v.bucket]++
			p.total[v.bucket]++
			p.totalW[v.bucket] += w
			p.present |= pair(v.bucket, int8(t))
			p.units[v.bucket] |= 1 << (i & 63)
		}
	}
	a.main, a.fighterSqs = main, fighterSqs
}

// insertCR appends e to the sorted order and moves it to its place after
// the entries that do not sort above it.
func insertCR(order []crEntry, e crEntry) []crEntry {
	order = append(order, e)
	j := len(order) - 1
	for ; j > 0 && order[j-1] > e; j-- {
		order[j] = order[j-1]
	}
	order[j] = e
	return order
}

// crEntry is an entry of the CR order: unit i of CR c as −c<<16 | i, so
// that the entries sort ascending by descending CR and then by unit, and a
// CR tier (§3.3, §4.4) is a run of entries of equal tier().
type crEntry int

func newCREntry(i int, cr int16) crEntry { return crEntry(-int(cr))<<16 | crEntry(i) }

func (e crEntry) unit() int { return int(e & 0xffff) }
func (e crEntry) tier() int { return int(e >> 16) }

// noTier is no entry's tier (CRs are not negative).
const noTier = 1

// poolsLeft removes task force t's squadrons from the index when it leaves
// the battle: from the buckets where it has candidates.
func (f *fighter) poolsLeft(t int) {
	p := &f.pools
	fo := &f.forces[t]
	for s := p.present & everyBucket[t]; s != 0; s &= s - 1 {
		b := s.firstBucket()
		p.total[b] -= fo.count(b)
		p.totalW[b] -= int(fo.candW[b])
		p.units[b] &^= span(fo.first, fo.end)
	}
	fo.cands, fo.candW, fo.candN = [numBuckets]uint64{}, [numBuckets]int16{}, [numBuckets]uint8{}
	p.present &^= everyBucket[t]
}

// count returns the number of the task force's candidates in bucket b.
func (fo *force) count(b Bucket) int { return int(fo.candN[b]) }

// pool returns attacker i's pool (§3.4 step 2): all enemy fighter
// squadrons for a fighter squadron if there are any, else the first
// non-empty bucket in priority order, numBuckets if there is no enemy; and
// the task forces of its candidates.
func (f *fighter) pool(att *unit) (Bucket, tfSet) {
	enemies := f.pools.present &^ everyBucket[att.tf]
	b := enemies.firstBucket()
	if att.bucket == BucketFighter && enemies.lane(BucketFighter) != 0 {
		b = BucketFighter
	}
	return b, enemies.lane(b)
}

// specTarget picks attacker i's target under spec (§3.4): a pool of one
// takes no draw; otherwise a uniform integer in [0, Σ weights) picks the
// candidate whose cumulative range holds it, the candidates taken in TF
// order then squadron order. -1: no candidate.
func (f *fighter) specTarget(i int) int {
	att := &f.units[i]
	b, tfs := f.pool(att)
	if b == numBuckets {
		return -1
	}
	p, own := &f.pools, &f.forces[att.tf]
	n := p.total[b] - own.count(b)
	x := 0 // a pool of one: its candidate's range holds 0
	if n > 1 {
		x = f.r.IntN(p.totalW[b] - int(own.candW[b]))
	}
	for s := tfs; s != 0; s &= s - 1 {
		t := s.first()
		fo := &f.forces[t]
		if w := int(fo.candW[b]); x >= w {
			x -= w // beyond this task force's candidates
			continue
		}
		return int(fo.first) + specPick(f.units[fo.first:fo.end], b, x)
	}
	panic("ec4x: target draw beyond the pool's weight")
}

// specPick returns the position among units (one task force's) of the
// candidate in bucket b whose cumulative range holds x, x below their
// total weight: the number of units whose cumulative weight (their own
// included) is at most x. Counting walks every unit, its weight found
// without a branch on its bucket or state: the early return on the
// candidate, and the tests that skipped the others, mispredicted on most
// draws (a task force has a few squadrons).
func specPick(units []unit, b Bucket, x int) int {
	pick, cum := 0, 0
	for j := range units {
		v := &units[j]
		w := v.bucket.BaseWeight() * int(specFactor[v.state&3])
		if v.bucket != b {
			w = 0
		}
		cum += w
		if cum <= x {
			pick++
		}
	}
	return pick
}

// nimPosition returns the position, among n candidates of bucket b's base
// weight w each, of the first whose cumulative weight (k+1)·w reaches u =
// (x mod 10⁶) / 10⁶ × n·w, computed as the engine does in float64 (§4.5).
// (k+1)·w is an integer, so it reaches u exactly when it reaches ⌈u⌉, and
// k+1 is then ⌈⌈u⌉/w⌉ (at least 1: u may be 0), the division done as a
// multiplication by the reciprocal, since the latency of a division lay on
// the path of every target draw.
func nimPosition(x uint64, n int, b Bucket) int {
	w := b.BaseWeight()
	u := float64(x%1000000) / 1000000.0 * float64(n*w)
	c := uint64(math.Ceil(u)) + uint64(w) - 1
	return max(1, int(c*reciprocal[b]>>32)) - 1
}

// reciprocal[b] is ⌈2³²/w⌉ for bucket b's base weight w: c·reciprocal[b]
// >> 32 is ⌊c/w⌋ for every c below 2²⁹ (2³² + e, e = reciprocal·w − 2³²
// up to w − 1, adds less than c·e/(w·2³²), which leaves the quotient
// alone while c·e < 2³²), far above the largest pool weight
// (MaxTaskForces × maxSquadrons × 5).
var reciprocal = func() (r [numBuckets]uint64) {
	for b := range r {
		w := uint64(Bucket(b).BaseWeight())
		r[b] = (1<<32 + w - 1) / w
	}
	return r
}()

// nthBit returns the position of the (k+1)-th lowest set bit of m, which
// has more than k, without branches: a loop clearing k bits mispredicted
// its exit on most draws. Byte i of c counts the set bits of bytes 0 to
// i; the bytes whose count is at most k lie below the one holding the
// bit, and selectInByte finds it there.
func nthBit(m uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	s := m - (m>>1)&0x5555555555555555
	s = s&0x3333333333333333 + (s>>2)&0x3333333333333333
	c := (s + s>>4) & 0x0f0f0f0f0f0f0f0f * ones
	// The high bit of each byte of (k+128) − c_i: c_i ≤ k (c_i ≤ 64 and k <
	// 64, so no byte borrows from the next).
	below := ((uint64(k)*ones | highs) - c) & highs
	shift := uint(bits.TrailingZeros64(^below&highs)-7) & 63 // 8 × the byte holding the bit
	rank := uint64(k) - (c<<8)>>shift&0xff                   // its rank within the byte
	return int(shift) + int(selectInByte[(rank<<8|m>>shift&0xff)&2047])
}

// selectInByte[r<<8 | b] is the position of the (r+1)-th lowest set bit of
// the byte b (0 if b has no more than r).
var selectInByte = func() (t [8 << 8]uint8) {
	for b := range 256 {
		r := 0
		for i := range 8 {
			if b>>i&1 == 1 {
				t[r<<8|b] = uint8(i)
				r++
			}
		}
	}
	return t
}()
