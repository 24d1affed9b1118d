package eclipse

import (
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// logHeader writes the sides with their ships' derived stats (§2) and the
// activation order (§3.1), so that a replay reads without the scenario.
func (f *fighter) logHeader(log io.Writer) {
	c := f.c
	for s := range 2 {
		fmt.Fprintf(log, "%s (%s, %s): policy %s, retreat %s\n", sideNames[s], SideLetter(s),
			map[bool]string{true: "npc", false: "player"}[c.Sides[s].NPC], c.Sides[s].Policy, c.Sides[s].Retreat)
		for t := c.Sides[s].First; t < c.Sides[s].First+c.Sides[s].N; t++ {
			ty := &c.Types[t]
			fmt.Fprintf(log, "  %d %s: initiative %d, HP %d, computer +%d, shield %d, cannons %s, missiles %s\n",
				ty.Count, ty.Name, ty.Init, ty.HP, ty.Computer, ty.Shield, diceText(ty.Cannon), diceText(ty.Missile))
		}
	}
	var order []string
	for _, t := range c.Order {
		order = append(order, fmt.Sprintf("%s %s (%d)", SideLetter(c.Types[t].Side), c.Types[t].Name, c.Types[t].Init))
	}
	fmt.Fprintf(log, "activation order: %s\n", strings.Join(order, ", "))
}

// diceText writes dice by colour, as "2 yellow + 1 red".
func diceText(d Dice) string {
	var parts []string
	for col := range nColours {
		if d[col] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", d[col], Colour(col)))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " + ")
}

// logRoll writes the faces of a volley.
func (f *fighter) logRoll(log io.Writer, t int, seq []Colour, missile bool, faces []uint8) {
	ty := &f.c.Types[t]
	kind := "cannon"
	if missile {
		kind = "missile"
	}
	fmt.Fprintf(log, "  %s %s ×%d rolls %d %s dice:", SideLetter(ty.Side), ty.Name, InBattle(&f.st, t), len(faces), kind)
	for i, face := range faces {
		fmt.Fprintf(log, " %s %d", seq[i%len(seq)], face)
	}
	fmt.Fprintln(log)
}

// logBlows writes where each hitting die of the volley just resolved went,
// in roll order, with the hit points the ship had left before that die
// (dice are assigned class by class in the policy's order, so a ship hit
// twice shows the HP each die found), then the ships destroyed.
func (f *fighter) logBlows(log io.Writer, t int, seq []Colour, faces []uint8, before [MaxTypes]int8) {
	c := f.c
	ty := &c.Types[t]
	en := &c.Sides[1-ty.Side]
	w := f.w
	var used [assign.MaxClasses]int // blows of each class already written
	next := func(k int) assign.Blow {
		n := 0
		for _, b := range f.blows {
			if int(b.Class) == k {
				if n == used[k] {
					used[k]++
					return b
				}
				n++
			}
		}
		panic("eclipse: replay log lost a die")
	}
	hits := 0
	for i, face := range faces {
		col := seq[i%len(seq)]
		k := w.ClassOf(col, int(face))
		if k < 0 {
			continue
		}
		hits++
		units := 1
		if col == Red && c.Sides[ty.Side].Splitter {
			units = 4
		}
		for range units {
			b := next(k)
			if b.Type < 0 {
				fmt.Fprintf(log, "    %s %d: hits only doomed ships, damage lost\n", col, face)
				continue
			}
			d := w.Classes[k].Dmg
			result := "destroyed"
			if b.Rem > d {
				result = fmt.Sprintf("%d HP left", b.Rem-d)
			}
			fmt.Fprintf(log, "    %s %d → %s %s with %d HP left, %d damage: %s\n", col, face,
				SideLetter(1-ty.Side), c.Types[en.First+int(b.Type)].Name, b.Rem, d, result)
		}
	}
	if hits == 0 {
		fmt.Fprintln(log, "    no hits")
	}
	for u := en.First; u < en.First+en.N; u++ {
		if k := before[u] - f.st.N[u]; k > 0 {
			fmt.Fprintf(log, "    destroyed: %d %s %s, %d left\n", k, SideLetter(c.Types[u].Side), c.Types[u].Name, f.st.N[u])
		}
	}
}
