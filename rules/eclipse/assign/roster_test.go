package assign

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomRoster fills a roster with up to MaxShips ships of each of up to
// MaxPerSide types, each type of at most hp hit points and any rem, and
// returns it.
func randomRoster(rng *rand.Rand, hp int) Roster {
	var rank [MaxPerSide]int8
	var hps [MaxPerSide]int
	n := 1 + rng.IntN(MaxPerSide)
	for lt := range n {
		rank[lt], hps[lt] = int8(rng.IntN(3)), 1+rng.IntN(hp)
	}
	var r Roster
	r.SetTypes(&rank, &hps, n)
	for lt := range n {
		for range rng.IntN(MaxShips + 1) {
			rem := 1 + rng.IntN(hps[lt])
			r.cnt[lt][rem]++
			r.has[lt] |= 1 << (rem - 1)
			r.n[lt]++
			r.in |= 1 << lt
			r.mark(lt, rem, 1)
		}
	}
	return r
}

// afterAssign is the roster after Assign's assignment of classes to its
// ships (listed in canonical order) is applied.
func afterAssign(p Policy, r Roster, prio *[MaxPerSide]int8, classes []DieClass) Roster {
	var tg [MaxTargets]Target
	nt := r.Targets(&tg, prio)
	units := 0
	for _, c := range classes {
		units += int(c.N)
	}
	to := make([]int8, units)
	var s Scratch
	Assign(p, classes, tg[:nt], to, &s)
	add := make([]int, nt)
	u := 0
	for _, c := range classes {
		for range c.N {
			if j := to[u]; j >= 0 {
				add[j] += int(c.Dmg)
			}
			u++
		}
	}
	for j := range nt {
		if add[j] > 0 {
			r.Damage(int(tg[j].Type), int(tg[j].Rem), add[j])
		}
	}
	return r
}

// same reports whether two rosters hold the same ships (cnt[lt][0], the
// sink of destroyed ships, is not part of the state).
func same(a, b *Roster) bool {
	for lt := range MaxPerSide {
		if a.n[lt] != b.n[lt] || a.has[lt] != b.has[lt] || !slices.Equal(a.cnt[lt][1:], b.cnt[lt][1:]) {
			return false
		}
	}
	if a.masked && (a.byKill != b.byKill || a.bySmall != b.bySmall) {
		return false
	}
	return a.in == b.in
}

// TestRosterKillGreedy: kill-greedy played on the roster (by its masks,
// and by its types' rems when a type has more than maskHP hit points)
// leaves exactly the ships that Assign's kill-greedy (the function the
// exact solver calls) leaves, for random fleets and volleys, including dice
// that find every ship they hit already destroyed; it reports the types hit
// and the types that lost a ship; and the replay's blows name the ships
// hit.
func TestRosterKillGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for it := range 50000 {
		r := randomRoster(rng, 1+rng.IntN(2*maskHP)) // masked and not
		var classes []DieClass
		for range 1 + rng.IntN(5) {
			classes = append(classes, DieClass{Dmg: int16(1 + rng.IntN(4)), Hits: uint8(1 + rng.IntN(1<<MaxPerSide-1)), N: int16(rng.IntN(9))})
		}
		var prio [MaxPerSide]int8
		want := afterAssign(KillGreedy, r, &prio, classes)
		got := r
		var s Scratch
		hit, killed := got.KillGreedy(classes, got.GreedyOrder(classes, &s), nil)
		if !same(&got, &want) {
			t.Fatalf("#%d classes %v on %+v:\nroster %+v\nAssign %+v", it, classes, r, got, want)
		}
		logged := r
		var blows []Blow
		logged.KillGreedy(classes, logged.GreedyOrder(classes, &s), &blows)
		replayed := r
		for _, b := range blows {
			if b.Type >= 0 {
				replayed.Damage(int(b.Type), int(b.Rem), int(classes[b.Class].Dmg))
			}
		}
		if !same(&logged, &want) || !same(&replayed, &want) {
			t.Fatalf("#%d classes %v: logging changed the result, or its blows %v do not replay it", it, classes, blows)
		}
		checkMasks(t, it, &r, &got, hit, killed)
	}
}

// checkMasks checks the masks a volley reports against the rosters before
// and after it: killed holds the types that lost a ship, hit at least the
// types that changed.
func checkMasks(t *testing.T, it int, before, after *Roster, hit, killed uint8) {
	t.Helper()
	for lt := range MaxPerSide {
		if lost := after.n[lt] < before.n[lt]; lost != (killed>>lt&1 == 1) {
			t.Fatalf("#%d type %d: %d → %d ships, killed mask %04b", it, lt, before.n[lt], after.n[lt], killed)
		}
		if changed := after.has[lt] != before.has[lt] || after.n[lt] != before.n[lt]; changed && hit>>lt&1 == 0 {
			t.Fatalf("#%d type %d changed, hit mask %04b", it, lt, hit)
		}
	}
}

// TestRosterTargets: the roster lists its ships in canonical order (type,
// then rem ascending) and DamageOf gives the State's layout of the same
// ships (most damage first).
func TestRosterTargets(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		hp := 1 + rng.IntN(MaxHP)
		r := randomRoster(rng, hp)
		var prio [MaxPerSide]int8
		var tg [MaxTargets]Target
		nt := r.Targets(&tg, &prio)
		ts := tg[:nt]
		if !slices.IsSortedFunc(ts, func(a, b Target) int {
			return int(a.Type)<<16 + int(a.Rem) - (int(b.Type)<<16 + int(b.Rem))
		}) {
			t.Fatalf("not canonical: %v", ts)
		}
		for lt := range MaxPerSide {
			var dmg [MaxShips]int16
			r.DamageOf(lt, hp, &dmg)
			i := 0
			for _, x := range ts {
				if int(x.Type) == lt {
					if dmg[i] != int16(hp)-x.Rem {
						t.Fatalf("type %d ship %d: damage %d, rem %d of %d", lt, i, dmg[i], x.Rem, hp)
					}
					i++
				}
			}
			if i != int(r.n[lt]) || i < MaxShips && dmg[i] != 0 {
				t.Fatalf("type %d: %d ships listed, n %d, damage %v", lt, i, r.n[lt], dmg)
			}
		}
	}
}

// TestRosterNPC: a volley of one class played by NPCRun leaves exactly the
// ships that Assign's `npc` leaves, for random fleets (ranks with ties),
// damage, hit-sets and dice.
func TestRosterNPC(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for it := range 50000 {
		r := randomRoster(rng, 1+rng.IntN(2*maskHP))
		c := []DieClass{{Dmg: int16(1 + rng.IntN(4)), Hits: uint8(1 + rng.IntN(1<<MaxPerSide-1)), N: int16(rng.IntN(12))}}
		var prio [MaxPerSide]int8
		want := afterAssign(NPC, r, &prio, c)
		got := r
		hit, killed := got.NPCRun(int(c[0].Dmg), c[0].Hits, int(c[0].N))
		if !same(&got, &want) {
			t.Fatalf("#%d class %v ranks %v on %+v:\nNPCRun %+v\nAssign %+v", it, c, r.rank, r, got, want)
		}
		checkMasks(t, it, &r, &got, hit, killed)
	}
}

func TestQuotient(t *testing.T) {
	for k := 1; k < 128; k++ {
		for n := range 1 << 16 {
			if got := quotient(n, k); got != n/k {
				t.Fatalf("quotient(%d, %d) = %d, want %d", n, k, got, n/k)
			}
		}
	}
}
