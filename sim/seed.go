package sim

import "hash/fnv"

// mix is the SplitMix64 output function applied to x + γ: a bijection on
// 64-bit words whose outputs pass statistical tests even for consecutive
// inputs, which is what makes per-trial seeding from (seed, key, i) safe.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Key hashes a scenario name into the key that selects its streams. Two
// variants of one scenario (a --set override, a compare B side) keep the
// name and so share streams: common random numbers.
func Key(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return mix(h.Sum64())
}

// Streams derives the seed words of every trial of one (seed, key) pair.
type Streams struct{ base uint64 }

// NewStreams returns the stream family of a master seed and scenario key.
func NewStreams(seed, key uint64) Streams {
	return Streams{base: mix(mix(seed) ^ key)}
}

// Trial returns the two PCG seed words of trial i.
func (s Streams) Trial(i int64) (uint64, uint64) {
	w1 := mix(s.base ^ mix(uint64(i)))
	return w1, mix(w1 ^ 0x6a09e667f3bcc909)
}
