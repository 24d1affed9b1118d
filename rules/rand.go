package rules

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Rand is the random stream of one trial: a PCG generator seeded from
// (master seed, scenario key, trial index). Battles draw every random
// number from it, so a trial is a pure function of its seed words.
//
// Rand is a concrete type rather than an interface so that the hot paths of
// a battle (coin flips, die rolls) inline and never allocate.
type Rand struct {
	pcg rand.PCG
}

// NewRand returns a stream seeded with the two words.
func NewRand(seed1, seed2 uint64) *Rand {
	r := new(Rand)
	r.Seed(seed1, seed2)
	return r
}

// Seed resets the stream to the state given by the two seed words.
func (r *Rand) Seed(seed1, seed2 uint64) { r.pcg.Seed(seed1, seed2) }

// Uint64 returns 64 uniformly random bits.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// Heads flips n fair coins and returns the number of heads: a draw from
// Binomial(n, 1/2). n ≤ 0 flips nothing and returns 0. Each 64 coins cost one
// 64-bit draw; the coins are the low n bits of the draws, so a replay can
// show them.
func (r *Rand) Heads(n int) int {
	h := 0
	for n >= 64 {
		h += bits.OnesCount64(r.pcg.Uint64())
		n -= 64
	}
	if n > 0 {
		h += bits.OnesCount64(r.pcg.Uint64() & (1<<uint(n) - 1))
	}
	return h
}

// AllTails flips n fair coins and reports whether every one came up tails
// (n random bits all zero). n ≤ 0 reports true: no coin shows heads.
func (r *Rand) AllTails(n int) bool {
	for n >= 64 {
		if r.pcg.Uint64() != 0 {
			// The remaining words are still drawn so that the number of
			// draws per check does not depend on the outcome.
			for n -= 64; n > 0; n -= 64 {
				r.pcg.Uint64()
			}
			return false
		}
		n -= 64
	}
	if n > 0 {
		return r.pcg.Uint64()&(1<<uint(n)-1) == 0
	}
	return true
}

// Coin flips one fair coin: true is heads.
func (r *Rand) Coin() bool { return r.pcg.Uint64()&1 == 1 }

// IntN returns a uniform integer in [0, n) by Lemire's multiply-shift method
// with rejection, so it has no modulo bias. It panics if n ≤ 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("rules: Rand.IntN with n <= 0")
	}
	bound := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), bound)
		}
	}
	return int(hi)
}

// Die rolls one fair die with the given number of faces and returns a face
// in 1..faces.
func (r *Rand) Die(faces int) int { return r.IntN(faces) + 1 }

// OpenFloat64 returns a uniform float64 in the open interval (0, 1), safe to
// pass to math.Log.
func (r *Rand) OpenFloat64() float64 {
	return (float64(r.pcg.Uint64()>>11) + 0.5) * (1.0 / (1 << 53))
}

// Geometric returns the number of Bernoulli(p) trials up to and including
// the first success: a draw on 1, 2, … by inversion, so it costs one draw
// whatever p is. p must be in (0, 1].
func (r *Rand) Geometric(p float64) int64 {
	if p >= 1 {
		r.pcg.Uint64() // keep one draw per call
		return 1
	}
	w := math.Ceil(math.Log(r.OpenFloat64()) / math.Log1p(-p))
	if w < 1 {
		return 1
	}
	if w > math.MaxInt64/2 {
		return math.MaxInt64 / 2
	}
	return int64(w)
}
