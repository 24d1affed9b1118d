package dbd

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// The replay log (§15): a header with the board, the options in force, the
// policies, the units and a map of hex ids; then per player-turn an ASCII
// map of the position, and per activation the side, turn, unit, from/to
// hexes, attack and target, the dice with their parts (base, cover,
// flank, charge), the faces, cancellations, hits, each retreat step (its
// options and choice, or the blocked hit), destructions and standards.
// The result line is the caller's.

// terrainGlyph is how an empty hex of each terrain looks on the map.
var terrainGlyph = [...]string{Clear: " . ", Woods: " % ", Rough: " # ", Hill: " ^ ", Water: " ~ "}

// typeGlyph is a unit's type on the map.
var typeGlyph = [...]byte{INF: 'I', CAV: 'C', SKR: 'S', ARC: 'A', GEN: 'G'}

func (g *game) printf(format string, args ...any) { fmt.Fprintf(g.log, format, args...) }

// asciiMap draws the board, each hex three characters wide in its place:
// cell(h) gives its text.
func (g *game) asciiMap(cell func(h Hex) string) string {
	var sb, line strings.Builder
	b := g.board
	for row, n := range b.RowLen {
		start := b.RowStart[row]
		line.Reset()
		line.WriteString("    ")
		line.WriteString(strings.Repeat(" ", 2*int(b.X2[start])))
		for col := range n {
			if col > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(cell(Hex(start + col)))
		}
		sb.WriteString(strings.TrimRight(line.String(), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// unitGlyph is a unit on the map: side, type and HP ("BI4": a BLUE
// infantry with 4 HP; "RC3": a RED cavalry with 3).
func (g *game) unitGlyph(u int) string {
	return string([]byte{sideNames[g.b.units[u].Side][0], typeGlyph[g.b.units[u].Type], byte('0' + min(g.st.hp[u], 9))})
}

func (g *game) positionMap() string {
	return g.asciiMap(func(h Hex) string {
		if u := g.st.at(h); u >= 0 {
			return g.unitGlyph(u)
		}
		return terrainGlyph[g.terrain[h]]
	})
}

func (g *game) header(trial int64, first Side) {
	b := g.b
	sc := b.Scenario
	g.printf("Death Before Dishonor v0.1 on %s, %d standards to win\n", sc.Board.Name, sc.StandardsToWin)
	g.printf("first turn: %s with %d activations (trial %d; file's turn: %s, turnNumber %d; first-side %s)\n",
		first, sc.ActivationsLeft, trial, sc.TurnSide, sc.TurnNumber, optionValue(b.spec.Options, optFirstSide))
	g.printf("policies: BLUE %s, RED %s (greedy profile %s)\n", b.Policies[Blue], b.Policies[Red], b.Opt.Profile.Name)
	var opts []string
	for _, s := range b.spec.Options {
		opts = append(opts, s.Name+"="+s.Value)
	}
	g.printf("options: %s\n", strings.Join(opts, ", "))
	if sc.Meta != "" {
		g.printf("meta: %s\n", sc.Meta)
	}
	g.printf("units (scenario order):\n")
	for i, u := range b.units {
		g.printf("  %-3s %-16s %-4s %-3s %-7s hp %d/%d  hex %d\n", g.unitGlyph(i), u.ID, u.Side, u.Type, u.Quality, u.HP, u.MaxHP, u.Hex)
	}
	g.printf("hex ids:\n%s", g.asciiMap(func(h Hex) string { return fmt.Sprintf("%3d", h) }))
	g.printf("map legend: side (B/R), type (I/C/S/A/G), HP; empty hexes . CLEAR  %% WOODS  # ROUGH  ^ HILL  ~ WATER\n")
}

func optionValue(s []rules.Setting, name string) string {
	for _, x := range s {
		if x.Name == name {
			return x.Value
		}
	}
	return ""
}

func (g *game) logTurn() {
	st := &g.st
	g.printf("\n== player-turn %d (round %d): %s, %d activations; standards BLUE %d, RED %d ==\n%s",
		st.started, (st.started+1)/2, st.side, st.acts, st.standards[Blue], st.standards[Red], g.positionMap())
}

func (g *game) logPass() {
	g.printf("  %s forfeits an activation (%d left)\n", g.st.side, g.st.acts)
}

// logEndTurn notes a turn ended with activations unused.
func (g *game) logEndTurn() {
	g.printf("  %s ends the turn with %d activations unused\n", g.st.side, g.st.acts)
}

func (g *game) name(u int) string { return g.b.units[u].ID }

func (g *game) logActivation(a Activation) {
	st := &g.st
	u := int(a.Unit)
	unit := &g.b.units[u]
	var sb strings.Builder
	fmt.Fprintf(&sb, "  %s activation %d: %s (%s %s, hp %d) ", st.side, st.used, unit.ID, unit.Type, unit.Quality, st.hp[u])
	switch {
	case a.To == a.From:
		fmt.Fprintf(&sb, "stays on %d", a.From)
	case a.Withdraw:
		fmt.Fprintf(&sb, "withdraws %d→%d", a.From, a.To)
	default:
		fmt.Fprintf(&sb, "moves %d→%d", a.From, a.To)
	}
	if a.Attack != noAttack {
		kind := "melee"
		if a.Attack == rangedAttack {
			kind = fmt.Sprintf("shoots (range %d)", g.board.Dist[a.To][a.Target])
		}
		if a.Charge {
			kind = "charges"
		}
		fmt.Fprintf(&sb, ", %s %s on %d", kind, g.name(st.at(a.Target)), a.Target)
	}
	g.printf("%s\n", sb.String())
}

func (g *game) logRoll(dc diceCount, faces []int8, n, hits, retreats, cancel, support int, genAdj bool, def *Unit) {
	var parts []string
	parts = append(parts, fmt.Sprintf("base %d", dc.Base))
	if dc.Cover != 0 {
		parts = append(parts, fmt.Sprintf("cover %d", dc.Cover))
	}
	if dc.Flank != 0 {
		parts = append(parts, "flank +1")
	}
	if dc.Charge != 0 {
		parts = append(parts, "charge +1")
	}
	fs := make([]string, len(faces))
	for i, f := range faces {
		fs[i] = fmt.Sprint(f)
	}
	g.printf("    %d dice (%s): %s → %d hit, %d retreat", n, strings.Join(parts, ", "), strings.Join(fs, " "), hits, retreats)
	if retreats > 0 {
		gen := ""
		if genAdj {
			gen = ", a general adjacent"
		}
		g.printf("; %s cancels %d (%s, support %d%s)", def.ID, cancel, def.Quality, support, gen)
	}
	g.printf("\n")
}

func (g *game) logDestroyed(d int, h Hex, by Side) {
	st := &g.st
	g.printf("    %s destroyed on %d: %s scores %d (standards BLUE %d, RED %d)\n",
		g.name(d), h, by, standardsFor(g.b.units[d].Type), st.standards[Blue], st.standards[Red])
}

// logRetreat logs a retreat step of unit d from cur to next, away from an
// attacker on from, before the step: the options, then the choice.
func (g *game) logRetreat(d int, cur, next, from Hex) {
	var opts []string
	for _, x := range g.board.Neighbours(cur) {
		if g.retreatOption(x, cur, from) {
			opts = append(opts, fmt.Sprint(x))
		}
	}
	g.printf("    %s retreats %d→%d (options %s; hp %d)\n", g.name(d), cur, next, strings.Join(opts, ", "), g.st.hp[d])
}

func (g *game) logBlocked(d int, h Hex) {
	g.printf("    %s cannot retreat from %d: 1 hit (hp %d→%d)\n", g.name(d), h, g.st.hp[d], max(0, g.st.hp[d]-1))
}

func (g *game) logEnd() {
	st := &g.st
	switch st.end {
	case EndStandards:
		g.printf("  %s reaches %d standards: the game ends\n", Side(st.winner), st.standards[st.winner])
	case EndAnnihilation:
		g.printf("  %s has no units left: %s wins\n", Side(st.winner).Other(), Side(st.winner))
	case EndTurnCap:
		g.printf("\nturn cap: %d full rounds played\n", g.b.Opt.TurnCap)
	}
}

func (g *game) footer() {
	st := &g.st
	g.printf("\nfinal position after %d player-turns; standards BLUE %d, RED %d; units left BLUE %d, RED %d; HP left BLUE %d, RED %d\n%s",
		st.started, st.standards[Blue], st.standards[Red], st.alive[Blue], st.alive[Red], st.hpSum[Blue], st.hpSum[Red], g.positionMap())
}
