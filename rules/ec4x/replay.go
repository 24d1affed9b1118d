package ec4x

import (
	"fmt"
	"io"
	"strings"
)

// The replay log prints a battle in the terms of the fixture's attack
// lines (§6): one line per attack with its round, phase (A, I or M),
// attacker, target, natural roll, modifier sum, hits and the target's state
// before and after. Under spec the states are those before and after the
// attack's simultaneous group (§3.6). Before the rounds it prints the set-up
// (the test of a suite, the LCG seed, every task force and squadron with
// its figures, morale and cloak); between them desperation rounds, force
// reductions and retreats. The result line is the caller's.

// Line is one attack line (§6).
type Line struct {
	Round         int
	Phase         byte
	Attacker      string
	Target        string
	Natural, Mods int
	Hits          int
	Before, After byte
}

// String writes the line as the replay prints it.
func (l Line) String() string {
	return fmt.Sprintf("  round %d %c %s -> %s natural %d modifiers %+d hits %d %c->%c",
		l.Round, l.Phase, l.Attacker, l.Target, l.Natural, l.Mods, l.Hits, l.Before, l.After)
}

// recorder writes the replay log and, for tests, keeps the attack lines and
// the retreat order.
type recorder struct {
	w         io.Writer
	keep      bool
	lines     []Line
	retreated []string
	pending   []reduction // a group's force reductions, logged after its attacks
}

// reduction is a force reduction (§3.6 step 3): by attacker att in round r,
// unit victim from state before to after.
type reduction struct {
	r, att, victim int
	before, after  uint8
}

func (rc *recorder) printf(format string, args ...any) {
	if rc.w != nil {
		fmt.Fprintf(rc.w, format, args...)
	}
}

// header prints the set-up of the battle.
func (f *fighter) header(seed uint64) {
	rc, b := f.rec, f.b
	if b.Suite != nil {
		rc.printf("test %s (type %s, seed %d) of generateTestSuite(%d, n)\n", f.test.Name(), f.test.TypeName(), f.test.Seed, b.Suite.BaseSeed)
	}
	rc.printf("profile %s, ships %s, desperation %v, max-rounds %d", b.Opt.Profile(), b.Opt.Ships.Name, onOff(b.Opt.Desperation), b.Opt.MaxRounds)
	if b.Opt.Nim {
		rc.printf(", LCG seed %d", seed)
	}
	rc.printf("\n")
	for t := range f.forces {
		fo := &f.forces[t]
		tf := &f.tfs[t]
		rc.printf("task force %d %s: roe %d, prestige %d", t+1, tf.House, tf.ROE, tf.Prestige)
		if tf.Homeworld {
			rc.printf(", homeworld")
		}
		rc.printf("\n")
		for i := int(fo.first); i < int(fo.end); i++ {
			u := &f.units[i]
			sq := f.squadron(i)
			classes := sq.Flagship.String()
			for _, c := range sq.Escorts {
				classes += "+" + c.String()
			}
			rc.printf("  %s %s: AS %d, DS %d, CR %d, bucket %s", f.name(i), classes, u.as, u.ds, u.cr, u.bucket)
			if !b.Opt.Nim && sq.Tech != 1 {
				rc.printf(", tech %d", sq.Tech)
			}
			rc.printf("\n")
		}
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// nimSetup prints what §4.2 fixed: morale, scouts and cloak per TF.
func (rc *recorder) nimSetup(f *fighter) {
	for t := range f.forces {
		fo := &f.forces[t]
		rc.printf("%s: morale %+d, scouts %v, cloaked %v\n", f.tfs[t].House, fo.morale, fo.scouts, fo.cloaked)
	}
}

// morale prints a TF's morale check (§3.1 step 3).
func (rc *recorder) morale(f *fighter, t, roll, need int) {
	fo := &f.forces[t]
	switch {
	case roll == 0:
		rc.printf("%s: prestige %d, no morale roll, CER %+d\n", f.tfs[t].House, f.tfs[t].Prestige, fo.morale)
		return
	case roll <= need:
		rc.printf("%s: morale d20 %d, needs > %d: no effect\n", f.tfs[t].House, roll, need)
		return
	}
	rc.printf("%s: morale d20 %d > %d: CER %+d", f.tfs[t].House, roll, need, fo.morale)
	if fo.autoCrit {
		rc.printf(", first CER attack a natural 9")
	}
	for i := int(fo.first); i < int(fo.end); i++ {
		if f.units[i].bonus > 0 {
			rc.printf(", +1 for %s", f.name(i))
		}
	}
	rc.printf("\n")
}

// detection prints whether a cloaked TF was detected (§3.1 step 5).
func (rc *recorder) detection(f *fighter, t int) {
	fo := &f.forces[t]
	rc.printf("%s: cloaked, %s\n", f.tfs[t].House, map[bool]string{true: "detected", false: "undetected"}[fo.detected])
}

// round announces a round; b > 0 marks a desperation round.
func (rc *recorder) round(r, b int) {
	if b > 0 {
		rc.printf("round %d: desperation round, %+d CER\n", r, b)
	}
}

// attack logs one attack line.
func (rc *recorder) attack(f *fighter, r int, phase byte, a attack, after uint8) {
	l := Line{Round: r, Phase: phase, Attacker: f.name(int(a.att)), Target: f.name(int(a.tgt)), Natural: int(a.natural), Mods: int(a.mods),
		Hits: int(a.hits), Before: stateLetters[a.before], After: stateLetters[after]}
	if phase == 'I' {
		l.Natural, l.Mods = 0, 0
	}
	if rc.keep {
		rc.lines = append(rc.lines, l)
	}
	if rc.w != nil {
		s := l.String()
		if a.crit {
			s += " crit"
		}
		if a.fr {
			s += " (force reduction)"
		}
		io.WriteString(rc.w, s+"\n")
	}
}

// reduction logs a force reduction (§3.6 step 3).
func (rc *recorder) reduction(f *fighter, x reduction) {
	rc.printf("  round %d force reduction by %s's crit: %s %c->%c\n", x.r, f.name(x.att), f.name(x.victim), stateLetters[x.before], stateLetters[x.after])
}

// retreat logs a task force leaving the battle.
func (rc *recorder) retreat(f *fighter, t int) {
	house := f.tfs[t].House
	if rc.keep {
		rc.retreated = append(rc.retreated, house)
	}
	rc.printf("retreat: %s\n", strings.TrimSpace(house))
}
