package exact

import (
	"maps"
	"slices"
)

// maxSweep bounds the rounds the distribution of rounds follows.
const maxSweep = 1_000_000

// pruneMass is the mass below which a node's share of one round is not
// followed further but counted in the tail (rest): most of the work of a
// long distribution goes to such crumbs, and their total stays far below
// the tail tolerance (each bin is low by at most the pruned total).
const pruneMass = 1e-22

// pending is mass waiting for a later round at a node.
type pending struct {
	v int32
	x float64
}

// roundsDist is the distribution of the rounds a battle lasts, P(rounds =
// r), swept round by round through the chain: within a round the steps go
// forward, so the nodes are taken step by step, and an edge that begins a
// round carries its mass to the next. The sweep stops once less than tail
// of the mass is left (rest). Everything is visited in an order fixed by
// the chain, so the sums are the same every run.
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
	buckets := make([][]int32, c.m.Steps()+1)
	pos := make([]int32, len(c.keys))
	for i, k := range c.keys {
		pos[i] = int32(posOf(k))
	}
	// mass holds the round's mass at each node; soon the next round's
	// (an edge begins one round at a time, but for rounds passed with no
	// step to play, which wait in far).
	mass := make([]float64, len(c.keys))
	soon := make([]float64, len(c.keys))
	soonList := []int32{c.root}
	soon[c.root] = 1
	far := map[int32][]pending{}
	pruned := 0.0
	load := func(v int32, x float64) {
		if mass[v] == 0 {
			buckets[pos[v]] = append(buckets[pos[v]], v)
		}
		mass[v] += x
	}
	for r := c.rootRounds; (len(soonList) > 0 || len(far) > 0) && r < maxSweep; r++ {
		for _, v := range soonList {
			load(v, soon[v])
			soon[v] = 0
		}
		soonList = soonList[:0]
		for _, p := range far[r] {
			load(p.v, p.x)
		}
		delete(far, r)
		for p := range buckets {
			// Within a round, edges that begin no round go to later steps:
			// a bucket grows no more once reached.
			for _, v := range buckets[p] {
				x := mass[v]
				mass[v] = 0
				if x < pruneMass {
					pruned += x
					continue
				}
				e0, e1 := c.edges(v)
				if err := c.bud.spend(1 + int64(e1-e0)/16); err != nil {
					return nil, 0, err
				}
				for e := e0; e < e1; e++ {
					y := x * c.w[e]
					to, dr := c.to[e], c.rnd[e]
					switch {
					case to < 0:
						add(r+dr, y)
					case dr == 0:
						load(to, y)
					case dr == 1:
						if soon[to] == 0 {
							soonList = append(soonList, to)
						}
						soon[to] += y
					default:
						far[r+dr] = append(far[r+dr], pending{to, y})
					}
				}
			}
			buckets[p] = buckets[p][:0]
		}
		rest = 0
		for _, v := range soonList {
			rest += soon[v]
		}
		for _, d := range slices.Sorted(maps.Keys(far)) {
			for _, p := range far[d] {
				rest += p.x
			}
		}
		if rest+pruned < tail {
			break
		}
	}
	return dist, rest + pruned, nil
}

func posOf(key string) int { return int(key[0]) | int(key[1])<<8 }
