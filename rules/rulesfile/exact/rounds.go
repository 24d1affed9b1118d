package exact

import (
	"maps"
	"slices"
)

// maxSweep bounds the rounds the distribution of rounds follows.
const maxSweep = 1_000_000

// roundsDist is the distribution of the rounds a battle lasts, P(rounds =
// r), swept round by round through the chain: within a round the steps go
// forward, so the nodes are taken step by step, and an edge that begins a
// round carries its mass to the next. The sweep stops once less than tail
// of the mass is left (rest).
func roundsDist(c *chain[float64, floats], tail float64) (dist []float64, rest float64, err error) {
	add := func(r int32, x float64) {
		for int(r) >= len(dist) {
			dist = append(dist, 0)
		}
		dist[r] += x
	}
	if c.root < 0 {
		add(c.rootRounds, 1)
		return dist, 0, nil
	}
	steps := c.m.Steps()
	buckets := make([][]int32, steps+1)
	mass := make([]float64, len(c.keys))
	future := map[int32]map[int32]float64{c.rootRounds: {c.root: 1}}
	for r := c.rootRounds; len(future) > 0 && r < maxSweep; r++ {
		now := future[r]
		delete(future, r)
		for _, v := range slices.Sorted(maps.Keys(now)) { // the same sums every run
			x := now[v]
			if mass[v] == 0 {
				p := posOf(c.keys[v])
				buckets[p] = append(buckets[p], v)
			}
			mass[v] += x
		}
		for p := range buckets {
			// Within a round, edges that begin no round go to later steps:
			// this bucket grows no more once reached.
			list := buckets[p]
			slices.Sort(list) // the same order every run
			for _, v := range list {
				x := mass[v]
				mass[v] = 0
				if err := c.bud.spend(1); err != nil {
					return nil, 0, err
				}
				e0, e1 := c.edges(v)
				for e := e0; e < e1; e++ {
					y := x * c.w[e]
					to, dr := c.to[e], c.rnd[e]
					switch {
					case to < 0:
						add(r+dr, y)
					case dr == 0:
						if mass[to] == 0 {
							q := posOf(c.keys[to])
							buckets[q] = append(buckets[q], to)
						}
						mass[to] += y
					default:
						if future[r+dr] == nil {
							future[r+dr] = map[int32]float64{}
						}
						future[r+dr][to] += y
					}
				}
			}
			buckets[p] = list[:0]
		}
		rest = 0
		for _, dr := range slices.Sorted(maps.Keys(future)) {
			f := future[dr]
			for _, v := range slices.Sorted(maps.Keys(f)) {
				rest += f[v]
			}
		}
		if rest < tail {
			break
		}
	}
	return dist, rest, nil
}

func posOf(key string) int { return int(key[0]) | int(key[1])<<8 }
