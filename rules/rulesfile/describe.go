package rulesfile

import (
	"fmt"
	"strings"
)

// DescribeState says a state of the model (as Start and the Enumerator's
// outcomes give it) in the designer's words: each side by its label, its
// units left by type with their hit points (and unit tracks), then its
// tracks — "a: 1 duellist (4 hp); b: 1 duellist (5 hp)".
func (m *Model) DescribeState(st []int32) string {
	b := m.b
	var sides []string
	for s := range 2 {
		var parts []string
		for _, t := range b.sides[s].types {
			if n, hp := m.unitsLeft(st, t); n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s (%s)", n, b.types[t].name, hp))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "no units")
		}
		for k, tr := range b.sideTrk {
			parts = append(parts, fmt.Sprintf("%s %d", tr.name, st[1+s*len(b.sideTrk)+k]))
		}
		sides = append(sides, m.label(s)+": "+strings.Join(parts, ", "))
	}
	return strings.Join(sides, "; ")
}

// DescribeChange says what changed from state from to state to, side by
// side ("b loses 1 duellist", "a's duellist: 5 hp → 4 hp", "b's morale:
// 3 → 2"), or "no change".
func (m *Model) DescribeChange(from, to []int32) string {
	b := m.b
	var out []string
	for s := range 2 {
		for _, t := range b.sides[s].types {
			n0, hp0 := m.unitsLeft(from, t)
			n1, hp1 := m.unitsLeft(to, t)
			switch {
			case n1 < n0 && n1 > 0 && !m.onlyLost(from, to, t):
				out = append(out, fmt.Sprintf("%s loses %d %s (left: %s)", m.label(s), n0-n1, b.types[t].name, hp1))
			case n1 < n0:
				out = append(out, fmt.Sprintf("%s loses %d %s", m.label(s), n0-n1, b.types[t].name))
			case hp0 != hp1:
				out = append(out, fmt.Sprintf("%s's %s: %s → %s", m.label(s), b.types[t].name, hp0, hp1))
			}
		}
		for k, tr := range b.sideTrk {
			if i := 1 + s*len(b.sideTrk) + k; from[i] != to[i] {
				out = append(out, fmt.Sprintf("%s's %s: %d → %d", m.label(s), tr.name, from[i], to[i]))
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
	b := m.b
	ut := b.types[t]
	var words []string
	count := map[string]int{}
	n := 0
	for u := ut.first; u < ut.first+ut.count; u++ {
		slot := b.units[u].slot
		if st[slot] <= 0 {
			continue
		}
		n++
		w := fmt.Sprintf("%d hp", st[slot])
		for k, tr := range b.unitTrk {
			w += fmt.Sprintf(" %s %d", tr.name, st[slot+1+k])
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
	b := m.b
	ut := b.types[t]
	was := map[string]bool{}
	unit := func(st []int32, u int) string { s := b.units[u].slot; return fmt.Sprint(st[s : s+b.stride]) }
	for u := ut.first; u < ut.first+ut.count; u++ {
		if from[b.units[u].slot] > 0 {
			was[unit(from, u)] = true
		}
	}
	for u := ut.first; u < ut.first+ut.count; u++ {
		if to[b.units[u].slot] > 0 && !was[unit(to, u)] {
			return false
		}
	}
	return true
}

// label is side s's label, or its letter.
func (m *Model) label(s int) string {
	if l := m.b.spec.Labels[s]; l != "" {
		return l
	}
	return sideLetters[s]
}
