package assign

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// Hand-worked assignments of §6. Target types: local index 0..3 with the
// ranks of §4.5 given per case.

type tgt struct {
	typ  uint8
	rank int8
	rem  int16
	prio int8
}

func targets(ts ...tgt) []Target {
	out := make([]Target, len(ts))
	for i, t := range ts {
		out[i] = Target{Type: t.typ, Rank: t.rank, Rem: t.rem, Prio: t.prio}
	}
	return out
}

// damageTo runs Assign and returns the damage each target receives, and
// the per-die assignment.
func damageTo(p Policy, classes []DieClass, ts []Target) ([]int, []int8) {
	units := 0
	for _, c := range classes {
		units += int(c.N)
	}
	to := make([]int8, units)
	var s Scratch
	Assign(p, classes, ts, to, &s)
	dmg := make([]int, len(ts))
	var off [MaxClasses]int16
	Offsets(classes, off[:len(classes)])
	for i, c := range classes {
		for u := range int(c.N) {
			if j := to[int(off[i])+u]; j >= 0 {
				dmg[j] += int(c.Dmg)
			}
		}
	}
	return dmg, to
}

const all = 0b1111

func TestAssignHand(t *testing.T) {
	dread := func(rem int16) tgt { return tgt{typ: 2, rank: 4, rem: rem} }
	cruiser := func(rem int16) tgt { return tgt{typ: 1, rank: 3, rem: rem} }
	icpt := func(rem int16) tgt { return tgt{typ: 0, rank: 1, rem: rem} }
	cases := []struct {
		name    string
		p       Policy
		classes []DieClass
		ts      []tgt
		want    []int
	}{
		// kill-greedy: each die kills where it can with least overkill,
		// else hits the smallest rem; ties: larger rank, canonical index.
		{"kg three kills", KillGreedy, []DieClass{{1, all, 3}}, []tgt{icpt(1), icpt(1), icpt(1)}, []int{1, 1, 1}},
		{"kg least overkill", KillGreedy, []DieClass{{1, all, 1}, {2, all, 1}}, []tgt{cruiser(2), icpt(1)}, []int{2, 1}},
		{"kg smallest rem", KillGreedy, []DieClass{{1, all, 1}}, []tgt{dread(3), cruiser(2)}, []int{0, 1}},
		{"kg tie larger rank", KillGreedy, []DieClass{{1, all, 1}}, []tgt{{typ: 3, rank: 2, rem: 2}, cruiser(2)}, []int{0, 1}},
		{"kg focus until dead", KillGreedy, []DieClass{{1, all, 3}}, []tgt{cruiser(2), dread(3)}, []int{2, 1}},
		// #H ascending: the die that only hits the Interceptors goes first.
		{"kg fewest targets first", KillGreedy, []DieClass{{1, all, 1}, {1, 0b0001, 1}}, []tgt{cruiser(1), icpt(1)}, []int{1, 1}},
		{"kg doomed: damage lost", KillGreedy, []DieClass{{1, 0b0001, 2}}, []tgt{cruiser(2), icpt(1)}, []int{0, 1}},
		// npc: largest killable first with the fewest dice, then least damage.
		{"npc kills the largest", NPC, []DieClass{{1, all, 3}}, []tgt{dread(3), cruiser(2), icpt(1)}, []int{3, 0, 0}},
		{"npc next largest", NPC, []DieClass{{1, all, 2}}, []tgt{dread(3), cruiser(2), icpt(1)}, []int{0, 2, 0}},
		{"npc fewest dice", NPC, []DieClass{{2, all, 1}, {1, all, 2}}, []tgt{cruiser(2), icpt(1), icpt(1)}, []int{2, 1, 1}},
		{"npc least damage", NPC, []DieClass{{4, all, 1}, {3, all, 1}}, []tgt{cruiser(3), icpt(1)}, []int{3, 4}},
		{"npc leftovers to largest", NPC, []DieClass{{1, all, 2}}, []tgt{dread(3), cruiser(3)}, []int{2, 0}},
		{"npc nested hit-sets", NPC, []DieClass{{1, all, 1}, {1, 0b0001, 1}}, []tgt{cruiser(1), icpt(1)}, []int{1, 1}},
		{"npc lower rem first", NPC, []DieClass{{1, all, 1}}, []tgt{cruiser(2), cruiser(1)}, []int{0, 1}},
		// largest-killable-first: first ship in (rank desc, rem asc) order
		// that the unassigned dice hitting it can kill.
		{"lkf skips the unkillable", LargestKillableFirst, []DieClass{{1, all, 2}}, []tgt{dread(3), icpt(1), icpt(1)}, []int{0, 1, 1}},
		{"lkf kills the largest", LargestKillableFirst, []DieClass{{1, all, 3}}, []tgt{dread(3), icpt(1), icpt(1)}, []int{3, 0, 0}},
		{"lkf nothing killable", LargestKillableFirst, []DieClass{{1, all, 2}}, []tgt{dread(3), cruiser(3)}, []int{2, 0}},
		// priority: the priority order replaces size order.
		{"priority list", Priority, []DieClass{{1, all, 3}}, []tgt{{typ: 2, rank: 4, rem: 3, prio: 1}, {typ: 0, rank: 1, rem: 1, prio: 0}}, []int{2, 1}},
	}
	for _, tc := range cases {
		got, _ := damageTo(tc.p, tc.classes, targets(tc.ts...))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: damage %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestAssignInvariants: on random inputs, for every policy, (1) each die
// goes to a ship it hits, (2) a die is lost only when every ship it hits is
// doomed, (3) no ship takes a die after being doomed beyond one die's
// overkill, and (4) the result does not depend on the order of the classes
// (the exact solver and Monte Carlo may list them differently).
func TestAssignInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 20000 {
		nt := 1 + rng.IntN(10)
		ntypes := 1 + rng.IntN(4)
		ts := make([]Target, nt)
		for j := range ts {
			lt := uint8(rng.IntN(ntypes))
			ts[j] = Target{Type: lt, Rank: int8(lt) + 1, Rem: int16(1 + rng.IntN(6)), Prio: int8((int(lt) + 1) % ntypes)}
		}
		slices.SortStableFunc(ts, func(a, b Target) int { return int(a.Type) - int(b.Type) })
		// Nested hit-sets: types sorted by a random shield; a class hits
		// the types whose shield is at most its threshold.
		shield := rng.Perm(ntypes)
		var classes []DieClass
		for range 1 + rng.IntN(5) {
			thr := rng.IntN(ntypes)
			var m uint8
			for lt := range ntypes {
				if shield[lt] <= thr {
					m |= 1 << lt
				}
			}
			d := int16(1 + rng.IntN(4))
			dup := false
			for _, c := range classes {
				dup = dup || c.Dmg == d && c.Hits == m
			}
			if !dup {
				classes = append(classes, DieClass{Dmg: d, Hits: m, N: int16(1 + rng.IntN(4))})
			}
		}
		for _, p := range []Policy{NPC, KillGreedy, LargestKillableFirst, Priority} {
			dmg, to := damageTo(p, classes, ts)
			var off [MaxClasses]int16
			Offsets(classes, off[:len(classes)])
			for i, c := range classes {
				for u := range int(c.N) {
					j := to[int(off[i])+u]
					if j >= 0 && c.Hits&(1<<ts[j].Type) == 0 {
						t.Fatalf("iter %d %s: die of class %d to ship %d it does not hit", iter, p, i, j)
					}
					if j < 0 {
						for k := range ts {
							if c.Hits&(1<<ts[k].Type) != 0 && dmg[k] < int(ts[k].Rem) {
								t.Fatalf("iter %d %s: die lost while ship %d (rem %d, got %d) was hit and not doomed", iter, p, k, ts[k].Rem, dmg[k])
							}
						}
					}
				}
			}
			for j := range ts {
				if dmg[j] >= int(ts[j].Rem)+4 {
					t.Fatalf("iter %d %s: ship %d rem %d took %d", iter, p, j, ts[j].Rem, dmg[j])
				}
			}
			perm := slices.Clone(classes)
			rng.Shuffle(len(perm), func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
			dmg2, _ := damageTo(p, perm, ts)
			if !slices.Equal(dmg, dmg2) {
				t.Fatalf("iter %d %s: class order changed the result: %v vs %v", iter, p, dmg, dmg2)
			}
		}
	}
}

// refAssignKillGreedy is the straightforward form of §6 `kill-greedy`: dice by damage desc then #H asc; each
// die goes to the killable ship (rem ≤ damage) with the largest rem, else to
// the ship with the smallest rem; ties: larger size rank, then canonical
// index. Doomed ships (rem ≤ 0) take no further dice.
func refAssignKillGreedy(classes []DieClass, targets []Target, to []int8, s *Scratch) {
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		d := c.Dmg
		for u := int16(0); u < c.N; u++ {
			best, bestKill := -1, false
			for j := range targets {
				r := s.rem[j]
				if r <= 0 || !c.hits(&targets[j]) {
					continue
				}
				kill := r <= d
				switch {
				case best < 0:
					best, bestKill = j, kill
				case kill != bestKill:
					if kill {
						best, bestKill = j, true
					}
				case kill: // least overkill: largest rem
					if rb := s.rem[best]; r > rb || r == rb && targets[j].Rank > targets[best].Rank {
						best = j
					}
				default: // smallest rem
					if rb := s.rem[best]; r < rb || r == rb && targets[j].Rank > targets[best].Rank {
						best = j
					}
				}
			}
			to[int(s.off[ci])+int(u)] = int8(best)
			if best >= 0 {
				s.rem[best] -= d
			}
		}
	}
}

// TestKillGreedyReference: assignKillGreedy (per-type sorted runs) and
// assignKillGreedyScan give exactly the assignment of the straightforward
// scan over every target, on targets in canonical order (every other
// iteration) and in any order (where assignKillGreedy falls back to the
// scan).
func TestKillGreedyReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for it := range 20000 {
		ntypes := 1 + rng.IntN(MaxPerSide)
		var ts []Target
		for lt := range ntypes {
			rank := int8(rng.IntN(3))
			for range rng.IntN(MaxShips + 1) {
				ts = append(ts, Target{Type: uint8(lt), Rank: rank, Rem: int16(1 + rng.IntN(6))})
			}
		}
		if it%2 == 0 { // canonical: most damage (least rem) first within a type
			slices.SortStableFunc(ts, func(a, b Target) int {
				return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Rem, b.Rem))
			})
		}
		var cls []DieClass
		for range 1 + rng.IntN(5) {
			cls = append(cls, DieClass{Dmg: int16(1 + rng.IntN(4)), Hits: uint8(1 + rng.IntN(1<<ntypes-1)), N: int16(rng.IntN(8))})
		}
		n := 0
		for _, c := range cls {
			n += int(c.N)
		}
		got, want := make([]int8, n), make([]int8, n)
		var s1, s2 Scratch
		Assign(KillGreedy, cls, ts, got, &s1)
		Assign(KillGreedy, cls, ts, want, &s2) // same set-up, then the reference
		for j := range ts {
			s2.rem[j] = ts[j].Rem
		}
		refAssignKillGreedy(cls, ts, want, &s2)
		if !slices.Equal(got, want) {
			t.Fatalf("#%d classes %v targets %v: got %v, want %v", it, cls, ts, got, want)
		}
		// Both implementations, whatever the number of dice.
		for name, impl := range map[string]func([]DieClass, []Target, []int8, *Scratch){
			"runs": assignKillGreedy, "scan": assignKillGreedyScan} {
			for j := range ts {
				s1.rem[j] = ts[j].Rem
			}
			impl(cls, ts, got, &s1)
			if !slices.Equal(got, want) {
				t.Fatalf("#%d %s: classes %v targets %v: got %v, want %v", it, name, cls, ts, got, want)
			}
		}
	}
}
