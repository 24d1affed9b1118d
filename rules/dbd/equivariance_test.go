package dbd

import (
	"fmt"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// A player that favours no colour decides alike in a position and in its
// mirror image with the colours exchanged: its choices in the one, carried
// over by the symmetry, are distributed as its choices in the other. These
// tests compare the two distributions directly, decision by decision, on
// positions of real games of the mirrored samples — far sharper than the
// win shares of whole games, and cheap enough for the costly players.

// mirrored is a position and its mirror image under a symmetry of the
// board, each unit u of the one being unit pair[u] of the other.
type mirrored struct {
	sample, name string
	a, b         state
	m            *symmetry
	pair         []int
}

// mirrorPairs returns, for a battle mirrored by m, each unit's image.
func mirrorPairs(t testing.TB, b *Battle, m *symmetry) []int {
	t.Helper()
	at := map[Hex]int{}
	for i, u := range b.units {
		at[u.Hex] = i
	}
	pair := make([]int, len(b.units))
	for i, u := range b.units {
		k, ok := at[m.to[u.Hex]]
		if !ok {
			t.Fatalf("unit %s has no image", u.ID)
		}
		pair[i] = k
	}
	return pair
}

// mirrorState returns st with every unit u moved to pair[u] on the image
// of its hex, and the sides' tallies and the side to move exchanged.
func mirrorState(b *Battle, st *state, m *symmetry, pair []int) state {
	out := state{winner: -1}
	for u := range b.units {
		v := pair[u]
		out.hp[v], out.acted[v] = st.hp[u], st.acted[u]
		if st.hp[u] > 0 {
			out.place(b.board, v, b.units[v].Side, m.to[st.hex[u]])
		}
	}
	for s := range 2 {
		out.standards[1-s], out.alive[1-s], out.hpSum[1-s] = st.standards[s], st.alive[s], st.hpSum[s]
	}
	out.side, out.acts, out.used = st.side.Other(), st.acts, st.used
	out.turns, out.started = st.turns, st.started
	return out
}

// mirroredPositions plays a greedy game of a mirrored sample from trial i
// and returns its positions at the start of some turns, and one activation
// into them, each with its mirror image.
func mirroredPositions(t testing.TB, sample string, trial int64, turns ...int) []mirrored {
	t.Helper()
	b := loadBattle(t, sample, "options: {first-side: alternate}\n")
	syms := symmetries(b.board)
	k := slices.IndexFunc(syms, func(m symmetry) bool { return b.Mirror() == "RED is BLUE "+m.name })
	if k < 0 {
		t.Fatalf("%s is not mirrored", sample)
	}
	m := &syms[k]
	pair := mirrorPairs(t, b, m)
	f := newFighter(b)
	g := &f.g
	g.cnt = make([]int64, len(b.spec.Counters))
	var out []mirrored
	for _, n := range turns {
		f.pol.Seed(uint64(trial), policyStreamWord)
		f.dice.Seed(uint64(trial), diceStreamWord)
		g.reset(trial, b.firstSide(trial))
		g.run(n)
		if g.st.over {
			continue
		}
		g.beginTurn(g.st.side.Other(), activationsPerTurn)
		out = append(out, mirrored{sample, fmt.Sprintf("%s trial %d turn %d", sample, trial, n), g.st, mirrorState(b, &g.st, m, pair), m, pair})
		if a, kind := g.chooseGreedy(); kind == choiceAct {
			g.st.acts--
			g.st.used++
			g.execute(a)
			if !g.st.over {
				out = append(out, mirrored{sample, fmt.Sprintf("%s trial %d turn %d, one activation in", sample, trial, n), g.st, mirrorState(b, &g.st, m, pair), m, pair})
			}
		}
	}
	return out
}

// decisionKey is a decision in the frame of position a: an activation of
// b carried back by the symmetry (its own inverse) and the unit pairing.
type decisionKey struct {
	kind            choice
	unit            int
	to, target, act int
}

func keyOf(a Activation, kind choice, m *symmetry, pair []int) decisionKey {
	if kind != choiceAct {
		return decisionKey{kind: kind, unit: -1}
	}
	k := decisionKey{kind: kind, unit: int(a.Unit), to: int(a.To), target: int(a.Target), act: int(a.Attack)}
	if m != nil {
		k.unit, k.to = pair[a.Unit], int(m.to[a.To])
		if a.Target != noHex {
			k.target = int(m.to[a.Target])
		}
	}
	return k
}

// decide returns the distributions of policy p's decisions in position a
// and in its image b (carried back), over n seeds each, disjoint.
func decide(t testing.TB, pos mirrored, b *Battle, p PolicyKind, n int) (ca, cb map[decisionKey]int) {
	t.Helper()
	f := newFighter(b)
	g := &f.g
	g.cnt = make([]int64, len(b.spec.Counters))
	g.policies = [2]PolicyKind{p, p}
	ca, cb = map[decisionKey]int{}, map[decisionKey]int{}
	for s := range n {
		for side, st := range []*state{&pos.a, &pos.b} {
			g.st = *st
			g.sa.Forget()
			f.pol.Seed(uint64(2*s+side), policyStreamWord)
			a, kind := g.choose()
			if side == 0 {
				ca[keyOf(a, kind, nil, nil)]++
			} else {
				cb[keyOf(a, kind, pos.m, pos.pair)]++
			}
		}
	}
	return ca, cb
}

// homogeneity is the p-value of a chi-square test that two samples of
// decisions come from one distribution: decisions expected fewer than 5
// times in either sample are pooled into one bin.
func homogeneity(ca, cb map[decisionKey]int) float64 {
	na, nb := 0, 0
	keys := map[decisionKey]bool{}
	for k, c := range ca {
		na += c
		keys[k] = true
	}
	for k, c := range cb {
		nb += c
		keys[k] = true
	}
	fa, fb := float64(na)/float64(na+nb), float64(nb)/float64(na+nb)
	type cell struct{ a, b float64 }
	var bins []cell
	var rare cell
	for k := range keys {
		c := cell{float64(ca[k]), float64(cb[k])}
		if (c.a+c.b)*min(fa, fb) < 5 {
			rare.a, rare.b = rare.a+c.a, rare.b+c.b
			continue
		}
		bins = append(bins, c)
	}
	if rare.a+rare.b > 0 {
		bins = append(bins, rare)
	}
	if len(bins) < 2 {
		return 1
	}
	stat := 0.0
	for _, c := range bins {
		tot := c.a + c.b
		ea, eb := tot*fa, tot*fb
		stat += (c.a-ea)*(c.a-ea)/ea + (c.b-eb)*(c.b-eb)/eb
	}
	return distuv.ChiSquared{K: float64(len(bins) - 1)}.Survival(stat)
}

// equivariance checks each player's decisions on the positions, at a
// false-alarm rate of alpha for all of them together (Bonferroni).
func equivariance(t *testing.T, positions []mirrored, players []PolicyKind, extra string, n int, alpha float64) {
	tests := len(positions) * len(players)
	for _, pos := range positions {
		b := loadBattle(t, pos.sample, "options: {first-side: alternate"+extra+"}\n")
		for _, p := range players {
			ca, cb := decide(t, pos, b, p, n)
			if pv := homogeneity(ca, cb); pv < alpha/float64(tests) {
				t.Errorf("%s, %s: decisions differ from the mirror image's (p = %.2g): %v against %v", pos.name, p, pv, ca, cb)
			}
		}
	}
}

// The decisions of random, greedy, rollout and search are the same in
// distribution in a position and its mirror image, on positions of a
// sample turned 180° and one reflected across the middle row. A fixed
// seed; a false alarm on a fresh one has chance 0.001 in all.
func TestDecisionsMirror(t *testing.T) {
	positions := append(mirroredPositions(t, "cavalry_hammer", 3, 4, 9), mirroredPositions(t, "symmetric_wings", 5, 5)...)
	if len(positions) < 4 {
		t.Fatalf("%d positions", len(positions))
	}
	equivariance(t, positions, []PolicyKind{PolicyRandom, PolicyGreedy}, "", 400, 0.001)
	equivariance(t, positions[:2], []PolicyKind{PolicyRollout}, `, rollout: "3,2,1"`, 60, 0.001)
	equivariance(t, positions[:2], []PolicyKind{PolicySearch250}, "", 40, 0.001)
}

// The mirror image of a position is one: its image again is the position,
// and a position's greedy threat map, read through the symmetry, is its
// image's.
func TestMirrorStateIsAnImage(t *testing.T) {
	for _, pos := range mirroredPositions(t, "cavalry_hammer", 3, 4) {
		b := loadBattle(t, "cavalry_hammer", "options: {first-side: alternate}\n")
		if back := mirrorState(b, &pos.b, pos.m, pos.pair); back.hex != pos.a.hex || back.adj != pos.a.adj || back.hp != pos.a.hp || back.side != pos.a.side {
			t.Errorf("%s: the image of the image is not the position", pos.name)
		}
		g := newGame(t, b)
		g.st = pos.a
		g.prepareGreedy(g.st.side)
		tot := g.gr.tot
		g.st = pos.b
		g.prepareGreedy(g.st.side)
		for h := range Hex(NumHexes) {
			if tot[h] != g.gr.tot[pos.m.to[h]] {
				t.Fatalf("%s: threat at %d is %d, at its image %d", pos.name, h, tot[h], g.gr.tot[pos.m.to[h]])
			}
		}
	}
}
