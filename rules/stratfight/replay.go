package stratfight

import (
	"fmt"
	"io"
	"strings"
)

// header writes each fighter's attributes, gear and derived pools, and the
// options in force, so that a replay reads without the scenario.
func (f *duelFighter) header(log io.Writer) {
	b := f.b
	fmt.Fprintf(log, "stratfight duel\n")
	for i := range b.side {
		c := &b.side[i]
		fmt.Fprintf(log, "%s = %s: STR %d, DEX %d, DIS %d, TRN %d; weapon %s (damage %d, lethality %d, incap %d, weight %d); armor %s (%d, dexterity penalty %d)\n",
			sideName[i], c.name, c.str, c.dex, c.dis, c.trn, c.weapon.name, c.weapon.damage, c.weapon.lethality, c.weapon.incap, c.weapon.weight, c.armor.name, c.armor.value, c.armor.dexPenalty)
		fmt.Fprintf(log, "    Attack %d, Defense %d, initiative pool %d, Life Coins %d, Crippling %d, concedes: %s\n",
			c.attack, c.defense, c.initPool, c.lifeCoins, c.crippling, b.opts.concede[i])
	}
	var opts []string
	for _, s := range b.spec.Options {
		opts = append(opts, s.Name+"="+s.Value)
	}
	fmt.Fprintf(log, "options: %s\n", strings.Join(opts, ", "))
}

// logState writes both fighters' levels and coins at the end of a round.
func (f *duelFighter) logState(log io.Writer) {
	for i := range f.st {
		s := &f.st[i]
		fmt.Fprintf(log, "  %s: Pain %d, Incapacitation %d, Crippling %d, Life Coins %d\n", sideName[i], s.pain, s.incap, s.crip, s.coins)
	}
}

// logPick writes an openings choice (§5 S9): the roll, the moves seen
// (f.perm, as pick left it) and the one chosen.
func (f *duelFighter) logPick(log io.Writer, side int, kind string, trn, roll, seen int, chosen string, name func(int) string) {
	names := make([]string, seen)
	for i, m := range f.perm[:seen] {
		names[i] = name(m)
	}
	fmt.Fprintf(log, "  %s openings: D2ROLL(training %d) = %d, sees %d %s move(s) [%s] → %s\n",
		sideName[side], trn, roll, seen, kind, strings.Join(names, ", "), chosen)
}

// sideName labels the sides in the log.
var sideName = [2]string{"A", "B"}

// who names the sides that meet an end condition.
func who(a, b bool) string {
	switch {
	case a && b:
		return "A and B"
	case a:
		return "A"
	}
	return "B"
}

// headsOrTails writes a coin as H or T.
func headsOrTails(h bool) string {
	if h {
		return "H"
	}
	return "T"
}

// playerName labels player i of a Flip-Off, by its index when names runs
// out.
func playerName(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprint(i)
}

// onOff writes a lifespan's old-age flag.
func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
