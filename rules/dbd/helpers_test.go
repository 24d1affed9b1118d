package dbd

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// sample returns the built-in scenario dbd/<name> without its options
// line: the sample file of §13 with default options.
func sample(tb testing.TB, name string) string {
	tb.Helper()
	file := filepath.Join("../../scenarios/builtin/dbd", name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, line := range strings.SplitAfter(string(src), "\n") {
		if !strings.HasPrefix(line, "options:") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "")
}

// loadBattle compiles the sample scenario name (the built-in without its
// options) with extra wrapper fields appended (e.g. "options: {hp: max}").
func loadBattle(tb testing.TB, name, extra string) *Battle {
	tb.Helper()
	return compileSource(tb, sample(tb, name)+extra)
}

func compileSource(tb testing.TB, src string) *Battle {
	tb.Helper()
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	b, err := Compile(n)
	if err != nil {
		tb.Fatalf("%v\n%s", err, src)
	}
	return b
}

// position compiles a hand-built position: units as "id SIDE TYPE QUALITY
// hp hex" strings, terrain as hex → terrain word, standards to win 5, BLUE
// to move with 3 activations, and extra wrapper fields (e.g. options).
func position(tb testing.TB, terrain map[int]string, extra string, units ...string) *Battle {
	tb.Helper()
	return positionOn(tb, Standard(), terrain, extra, units...)
}

// positionOn is position on board b (a template wants option
// board-templates in extra).
func positionOn(tb testing.TB, b *Board, terrain map[int]string, extra string, units ...string) *Battle {
	tb.Helper()
	var sb strings.Builder
	sb.WriteString("scenario:\n  schema: dbd-scn-0.1\n  board: " + b.Name + "\n  standardsToWin: 5\n  terrain: {")
	keys := make([]int, 0, len(terrain))
	for h := range terrain {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	for i, h := range keys {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%q: %s", strconv.Itoa(h), terrain[h])
	}
	sb.WriteString("}\n  units:\n")
	for _, u := range units {
		f := strings.Fields(u)
		if len(f) != 6 {
			tb.Fatalf("bad unit %q", u)
		}
		fmt.Fprintf(&sb, "    - {id: %s, side: %s, type: %s, quality: %s, hp: %s, hex: %s}\n", f[0], f[1], f[2], f[3], f[4], f[5])
	}
	if len(units) == 0 {
		sb.WriteString("    []\n")
	}
	sb.WriteString("  turn: {side: BLUE, turnNumber: 1, activationsLeft: 3}\n")
	sb.WriteString(extra)
	return compileSource(tb, sb.String())
}

// newGame returns a game of b set up at the start, BLUE to move, with the
// dice stream seeded so that it rolls the given faces first (the seed is
// searched for; a few faces take a few thousand tries).
func newGame(tb testing.TB, b *Battle, faces ...int) *game {
	tb.Helper()
	f := newFighter(b)
	g := &f.g
	g.cnt = make([]int64, len(b.spec.Counters))
	g.reset(0, Blue)
	f.pol.Seed(1, policyStreamWord)
	seedDice(tb, &f.dice, faces)
	return g
}

// seedDice seeds r so that its first dice show faces.
func seedDice(tb testing.TB, r *rules.Rand, faces []int) {
	tb.Helper()
search:
	for s := uint64(0); s < 1_000_000; s++ {
		r.Seed(s, diceStreamWord)
		for _, f := range faces {
			if 1+r.IntN(6) != f {
				continue search
			}
		}
		r.Seed(s, diceStreamWord)
		return
	}
	tb.Fatalf("no seed rolls %v", faces)
}

// unitNamed returns the index of the unit with the id.
func (b *Battle) unitNamed(tb testing.TB, id string) int {
	tb.Helper()
	for i, u := range b.units {
		if u.ID == id {
			return i
		}
	}
	tb.Fatalf("no unit %s", id)
	return -1
}

// counter returns the game's value of the named counter.
func (g *game) counter(tb testing.TB, name string) int64 {
	tb.Helper()
	i := g.b.spec.CounterIndex(name)
	if i < 0 {
		tb.Fatalf("no counter %s", name)
	}
	return g.cnt[i]
}
