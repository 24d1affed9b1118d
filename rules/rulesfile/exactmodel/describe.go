package exactmodel

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// DescribeState says a state of the model (as Start and the Enumerator's
// outcomes give it) in the designer's words: each side by its label, its
// units left by type with their hit points (and unit tracks), then its
// tracks — "a: 1 duellist (4 hp); b: 1 duellist (5 hp)".
func (m *Model) DescribeState(st []int32) string {
	b := m.B
	var sides []string
	for s := range 2 {
		var parts []string
		for _, t := range b.Sides[s].Types {
			if n, hp := m.unitsLeft(st, t); n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s (%s)", n, b.Types[t].Name, hp))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "no units")
		}
		for k, tr := range b.SideTrk {
			parts = append(parts, fmt.Sprintf("%s %d", tr.Name, st[1+s*len(b.SideTrk)+k]))
		}
		sides = append(sides, m.label(s)+": "+strings.Join(parts, ", "))
	}
	return strings.Join(sides, "; ")
}

// DescribeChange says what changed from state from to state to, side by
// side ("b loses 1 duellist", "a's duellist: 5 hp → 4 hp", "b's morale:
// 3 → 2"), or "no change".
func (m *Model) DescribeChange(from, to []int32) string {
	b := m.B
	var out []string
	for s := range 2 {
		for _, t := range b.Sides[s].Types {
			n0, hp0 := m.unitsLeft(from, t)
			n1, hp1 := m.unitsLeft(to, t)
			switch {
			case n1 < n0 && n1 > 0 && !m.onlyLost(from, to, t):
				out = append(out, fmt.Sprintf("%s loses %d %s (left: %s)", m.label(s), n0-n1, b.Types[t].Name, hp1))
			case n1 < n0:
				out = append(out, fmt.Sprintf("%s loses %d %s", m.label(s), n0-n1, b.Types[t].Name))
			case hp0 != hp1:
				out = append(out, fmt.Sprintf("%s's %s: %s → %s", m.label(s), b.Types[t].Name, hp0, hp1))
			}
		}
		for k, tr := range b.SideTrk {
			if i := 1 + s*len(b.SideTrk) + k; from[i] != to[i] {
				out = append(out, fmt.Sprintf("%s's %s: %d → %d", m.label(s), tr.Name, from[i], to[i]))
			}
		}
	}
	if len(out) == 0 {
		return "no change"
	}
	return strings.Join(out, ", ")
}

// unitsLeft returns how many units of type t state st has left and their
// hit points (and tracks), equal ones counted once: "5 hp ×2, 3 hp".
func (m *Model) unitsLeft(st []int32, t int) (int, string) {
	b := m.B
	ut := b.Types[t]
	var words []string
	count := map[string]int{}
	n := 0
	for u := ut.First; u < ut.First+ut.Count; u++ {
		slot := b.AllUnits[u].Slot
		if st[slot] <= 0 {
			continue
		}
		n++
		w := fmt.Sprintf("%d hp", st[slot])
		for k, tr := range b.UnitTrk {
			w += fmt.Sprintf(" %s %d", tr.Name, st[slot+1+k])
		}
		if count[w] == 0 {
			words = append(words, w)
		}
		count[w]++
	}
	for i, w := range words {
		if c := count[w]; c > 1 {
			words[i] = fmt.Sprintf("%s ×%d", w, c)
		}
	}
	return n, strings.Join(words, ", ")
}

// onlyLost reports whether the units of type t left in state to are units
// of state from as they were (the others lost, none hit): every one of
// them, hit points and tracks, is one of from's.
func (m *Model) onlyLost(from, to []int32, t int) bool {
	b := m.B
	ut := b.Types[t]
	was := map[string]bool{}
	unit := func(st []int32, u int) string { s := b.AllUnits[u].Slot; return fmt.Sprint(st[s : s+b.UnitStride]) }
	for u := ut.First; u < ut.First+ut.Count; u++ {
		if from[b.AllUnits[u].Slot] > 0 {
			was[unit(from, u)] = true
		}
	}
	for u := ut.First; u < ut.First+ut.Count; u++ {
		if to[b.AllUnits[u].Slot] > 0 && !was[unit(to, u)] {
			return false
		}
	}
	return true
}

// label is side s's label, or its letter.
func (m *Model) label(s int) string {
	if l := m.B.RulesSpec.Labels[s]; l != "" {
		return l
	}
	return program.SideLetters[s]
}
