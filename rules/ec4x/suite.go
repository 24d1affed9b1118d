package ec4x

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// SuiteBattle is a compiled generated suite (§2.3 `suite:`, §5): a Battle
// whose trials are the suite's tests. Beyond rules.Battle it is a fixed
// population (rules.Population: a run plays Count trials by default), lists
// its tests one per row (rules.TrialTable: the per-battle CSV of --out) and
// exports any test as a scenario of its own (rules.Exporter).
type SuiteBattle struct{ *Battle }

var (
	_ rules.Population = SuiteBattle{}
	_ rules.TrialTable = SuiteBattle{}
	_ rules.Exporter   = SuiteBattle{}
)

// TrialColumns implements rules.TrialTable (issue 11's per-battle CSV).
func (b SuiteBattle) TrialColumns() []string {
	return []string{"test", "type", "seed", "rounds", "victor", "end", "desperation", "broke"}
}

// TrialRow implements rules.TrialTable.
func (b SuiteBattle) TrialRow(i int64, o *rules.Outcome) []string {
	t := b.Suite.Test(i)
	var g generated
	g.Generate(t, b.Opt.Ships)
	victor := ""
	for k := range g.ntf {
		if o.Counters[b.c.victor[k]] == 1 {
			victor = g.tfs[k].House
		}
	}
	return []string{t.Name(), t.TypeName(), strconv.FormatInt(t.Seed, 10), strconv.FormatInt(o.Rounds, 10), victor,
		EndNames[o.End], strconv.FormatInt(o.Counters[b.c.desperation], 10), strconv.FormatInt(o.Counters[b.c.success], 10)}
}

// Export implements rules.Exporter: test i as a fixed battle with the same
// options. Under nim-2025-11 it keeps the test's LCG seed, so that it plays
// exactly the suite's battle; under spec the battle draws from its own
// streams. Squadron ids repeated by merged_fleet (§5.3) stay repeated under
// nim-2025-11, where they matter (§4.6), and get a suffix under spec, which
// requires unique ids and never targets by id.
func (b SuiteBattle) Export(i int64, w io.Writer) error {
	t := b.Suite.Test(i)
	var g generated
	g.Generate(t, b.Opt.Ships)
	var sb strings.Builder
	fmt.Fprintf(&sb, "# test %s (type %s, seed %d) of generateTestSuite(%d, n) (§5)\n", t.Name(), t.TypeName(), t.Seed, b.Suite.BaseSeed)
	fmt.Fprintf(&sb, "description: %q\n", fmt.Sprintf("%s: trial %d of the generated suite with base seed %d", t.Name(), i, b.Suite.BaseSeed))
	sb.WriteString("options: {")
	for k, s := range b.spec.Options {
		if k > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s: %s", s.Name, s.Value)
	}
	sb.WriteString("}\n")
	if b.Opt.Nim {
		fmt.Fprintf(&sb, "seed: %d\n", t.Seed)
	}
	sb.WriteString("taskForces:\n")
	seen := map[string]int{}
	for _, tf := range g.TaskForces() {
		fmt.Fprintf(&sb, "  - house: %s\n    roe: %d\n    prestige: %d\n", tf.House, tf.ROE, tf.Prestige)
		if tf.Homeworld {
			sb.WriteString("    homeworld: true\n")
		}
		sb.WriteString("    squadrons:\n")
		for k := range tf.Squadrons {
			sq := &tf.Squadrons[k]
			id := sq.Name(&tf)
			seen[id]++
			if n := seen[id]; n > 1 && !b.Opt.Nim {
				id += "-" + strconv.Itoa(n)
			}
			esc := make([]string, len(sq.Escorts))
			for e, c := range sq.Escorts {
				esc[e] = c.String()
			}
			fmt.Fprintf(&sb, "      - {id: %s, flagship: %s, escorts: [%s], tech: %d}\n", id, sq.Flagship, strings.Join(esc, ", "), sq.Tech)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
