package dbd

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// fight plays trial i of b with a stream seeded from i and returns the
// outcome.
func fight(b *Battle, f rules.Fighter, i int64) *rules.Outcome {
	o := &rules.Outcome{Counters: make([]int64, len(b.spec.Counters))}
	f.Fight(i, rules.NewRand(11, uint64(i)), o)
	return o
}

func replay(b *Battle, i int64) string {
	var log bytes.Buffer
	o := &rules.Outcome{Counters: make([]int64, len(b.spec.Counters))}
	b.NewFighter().Replay(i, rules.NewRand(11, uint64(i)), o, &log)
	return log.String()
}

// Destroying a general scores 2 (§11), and reaching the threshold ends the
// game at once, in the middle of the turn.
func TestGeneralScoresTwoAndEndsTheGame(t *testing.T) {
	b := position(t, nil, "options: {standards-to-win: 2}\n", "A BLUE INF REGULAR 5 77", "G RED GEN REGULAR 1 78", "R RED INF REGULAR 5 30")
	g := newGame(t, b, hitFace, 1)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if !g.st.over || g.st.winner != int8(Blue) || g.st.end != EndStandards || g.st.standards[Blue] != 2 {
		t.Errorf("over %v, winner %d, end %d, standards %v", g.st.over, g.st.winner, g.st.end, g.st.standards)
	}
	if g.counter(t, "b.generals-lost") != 1 || g.counter(t, "b.units-lost") != 1 {
		t.Errorf("generals lost %d", g.counter(t, "b.generals-lost"))
	}
}

// A side with no units left loses (G15: annihilation), below the
// threshold.
func TestAnnihilation(t *testing.T) {
	b := position(t, nil, "", "A BLUE INF REGULAR 5 77", "R RED INF REGULAR 1 78")
	g := newGame(t, b, hitFace, 1)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if !g.st.over || g.st.winner != int8(Blue) || g.st.end != EndAnnihilation {
		t.Errorf("over %v, winner %d, end %d", g.st.over, g.st.winner, g.st.end)
	}
	// A side with no units at the start has lost before a turn is played.
	b = position(t, nil, "", "A BLUE INF REGULAR 5 77")
	o := fight(b, b.NewFighter(), 0)
	if o.Winner != rules.A || o.End != EndAnnihilation || o.Rounds != 0 {
		t.Errorf("no RED units: %+v", o)
	}
}

// The turn cap (§11, G15): a draw after turn-cap full rounds, or the side
// with more standards with turn-cap-result: standards.
func TestTurnCap(t *testing.T) {
	b := loadBattle(t, "empty", "options: {turn-cap: 7}\n")
	o := fight(b, b.NewFighter(), 0)
	if o.Winner != rules.None || o.End != EndTurnCap || o.Rounds != 7 {
		t.Errorf("empty board: %+v", o)
	}
	for _, c := range []struct {
		extra     string
		standards [2]int
		want      int8
	}{
		{"", [2]int{2, 1}, -1},
		{"options: {turn-cap-result: standards}\n", [2]int{2, 1}, int8(Blue)},
		{"options: {turn-cap-result: standards}\n", [2]int{1, 3}, int8(Red)},
		{"options: {turn-cap-result: standards}\n", [2]int{2, 2}, -1},
	} {
		b := position(t, nil, c.extra, "A BLUE INF REGULAR 5 77", "R RED INF REGULAR 5 30")
		g := newGame(t, b)
		g.st.standards = c.standards
		g.endTurnCap()
		if g.st.winner != c.want || g.st.end != EndTurnCap {
			t.Errorf("%q %v: winner %d, want %d", c.extra, c.standards, g.st.winner, c.want)
		}
	}
}

// A turn is 3 activations, one per unit (G1); the first turn has the
// file's activationsLeft; with first-side: alternate the first move goes
// to the scenario's side on even trials and to the other on odd ones
// (G16), and counter a.moved-first says which.
func TestTurnsAndFirstSide(t *testing.T) {
	turn := regexp.MustCompile(`== player-turn (\d+) \(round \d+\): (BLUE|RED), (\d) activations`)
	act := regexp.MustCompile(`(?m)^  (BLUE|RED) activation (\d):`)
	for _, c := range []struct {
		extra string
		first [4]string
	}{
		{"", [4]string{"BLUE", "BLUE", "BLUE", "BLUE"}},
		{"options: {first-side: RED}\n", [4]string{"RED", "RED", "RED", "RED"}},
		{"options: {first-side: alternate}\n", [4]string{"BLUE", "RED", "BLUE", "RED"}},
	} {
		b := loadBattle(t, "symmetric_line", c.extra)
		f := b.NewFighter()
		for i := range int64(4) {
			log := replay(b, i)
			m := turn.FindStringSubmatch(log)
			if m == nil || m[1] != "1" || m[2] != c.first[i] || m[3] != "3" {
				t.Errorf("%q trial %d: first turn %v, want %s", c.extra, i, m, c.first[i])
			}
			moved := fight(b, f, i).Counters[b.c.movedFirst]
			if (moved == 1) != (c.first[i] == "BLUE") {
				t.Errorf("%q trial %d: a.moved-first %d", c.extra, i, moved)
			}
			// No turn has more than 3 activations, and none activates a
			// unit twice.
			for _, turnLog := range strings.Split(log, "== player-turn")[1:] {
				acts := act.FindAllStringSubmatch(turnLog, -1)
				if len(acts) > 3 {
					t.Errorf("a turn with %d activations", len(acts))
				}
				seen := map[string]bool{}
				for _, line := range strings.Split(turnLog, "\n") {
					if am := act.FindStringSubmatch(line); am != nil {
						unit := strings.Fields(line[strings.Index(line, ":")+1:])[0]
						if seen[unit] {
							t.Errorf("%s activated twice in a turn:\n%s", unit, turnLog)
						}
						seen[unit] = true
					}
				}
			}
		}
	}
	// The file's activationsLeft for the first turn, whichever side takes
	// it.
	b := compileSource(t, strings.Replace(blob, `"activationsLeft": 3`, `"activationsLeft": 1`, 1)+"\n")
	if m := turn.FindStringSubmatch(replay(b, 0)); m == nil || m[3] != "1" {
		t.Errorf("first turn %v, want 1 activation", m)
	}
}

// Rounds are player-turns started, halved and rounded up (§16).
func TestRounds(t *testing.T) {
	b := loadBattle(t, "symmetric_line", "")
	f := b.NewFighter()
	turn := regexp.MustCompile(`== player-turn (\d+) `)
	for i := range int64(5) {
		o := fight(b, f, i)
		all := turn.FindAllStringSubmatch(replay(b, i), -1)
		last := all[len(all)-1][1]
		var started int64
		for _, ch := range last {
			started = 10*started + int64(ch-'0')
		}
		if o.Rounds != (started+1)/2 {
			t.Errorf("trial %d: rounds %d after %d player-turns", i, o.Rounds, started)
		}
	}
}

// A trial is the same game whatever fighter plays it and however often;
// replays are identical text.
func TestDeterminism(t *testing.T) {
	b := loadBattle(t, "cavalry_hammer", "options: {retreat-choice: random}\n")
	f1, f2 := b.NewFighter(), b.NewFighter()
	for i := range int64(20) {
		o1, o2 := fight(b, f1, i), fight(b, f2, i)
		if o1.Winner != o2.Winner || o1.Rounds != o2.Rounds || !equalCounters(o1.Counters, o2.Counters) {
			t.Fatalf("trial %d differs", i)
		}
		if replay(b, i) != replay(b, i) {
			t.Fatalf("trial %d replays differently", i)
		}
	}
}

func equalCounters(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// The dice come from their own stream (§15): changing a side's policy
// changes the game but not the sequence of faces rolled, so the faces of
// two games of one trial agree as far as both go.
func TestDiceStreamIndependentOfPolicies(t *testing.T) {
	faces := regexp.MustCompile(`dice \([^)]*\): ([0-9 ]+) →`)
	seq := func(log string) string {
		var sb strings.Builder
		for _, m := range faces.FindAllStringSubmatch(log, -1) {
			sb.WriteString(strings.ReplaceAll(m[1], " ", ""))
		}
		return sb.String()
	}
	for i := range int64(5) {
		greedy := seq(replay(loadBattle(t, "symmetric_line", ""), i))
		random := seq(replay(loadBattle(t, "symmetric_line", "policies: {red: random}\n"), i))
		n := min(len(greedy), len(random))
		if n < 10 || greedy[:n] != random[:n] {
			t.Errorf("trial %d: faces %s… and %s…", i, greedy[:min(n, 30)], random[:min(n, 30)])
		}
	}
}

// The replay draws the position as an ASCII map each turn (§15).
func TestReplayMap(t *testing.T) {
	b := loadBattle(t, "symmetric_line", "")
	log := replay(b, 0)
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "== player-turn 1 ") {
			// Each hex is 3 characters wide, 4 apart, at column 4 + 2·x2:
			// row 0 (x2 = 5) starts with the empty hex 0 (" . ") at 14; row 3
			// holds R_INF_1..5 on 43..47 (cols 4..8, x2 = 2 + 2·col).
			row0, row3, row5 := lines[i+1], lines[i+4], lines[i+6]
			if strings.Index(row0, ".") != 15 || strings.Index(row3, "RI4 RI4 RI4 RI4 RI4") != 4+2*(2+2*4) ||
				strings.Index(row5, ".") != 5 || strings.HasSuffix(row5, " ") {
				t.Errorf("map:\n%s", strings.Join(lines[i:i+12], "\n"))
			}
			return
		}
	}
	t.Error("no first turn in the replay")
}
