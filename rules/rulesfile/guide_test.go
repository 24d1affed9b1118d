package rulesfile_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/cmd/cli"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// The numbers the guide (README.md) quotes are what the examples give:
// `crucible run FILE --seed 1 --trials 100000`, side a's share of the wins
// (or of an end), with the overrides the guide names.
func TestGuideNumbers(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// fought runs each scenario the guide quotes once, however many of its
	// figures it quotes.
	type run struct {
		b  rules.Battle
		tl *sim.Tally
	}
	runs := map[string]run{}
	fought := func(ref, set string) (rules.Battle, *sim.Tally) {
		if r, ok := runs[ref+"\x00"+set]; ok {
			return r.b, r.tl
		}
		sc, err := scenarios.Load(ref)
		if err != nil {
			t.Fatal(err)
		}
		if set != "" {
			if err := sc.Set(set); err != nil {
				t.Fatal(err)
			}
		}
		b, err := sc.Compile()
		if err != nil {
			t.Fatal(err)
		}
		tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key(sc.StreamName()), Seed: 1, Trials: 100000})
		if err != nil {
			t.Fatal(err)
		}
		runs[ref+"\x00"+set] = run{b, tl}
		return b, tl
	}
	for _, c := range []struct {
		ref, set, metric, want string
	}{
		{"testdata/guide/duel.yaml", "", "a", "49.63 %"},
		{"rulesfile/skirmish", "", "a", "23.10 %"},
		{"rulesfile/skirmish", "", "broken", "67.19 %"},
		{"rulesfile/skirmish", "options.cover=true", "a", "5.12 %"},
		{"rulesfile/fleet-mirror", "", "a", "41.29 %"},
		{"rulesfile/fleet-mirror", "b.policy=random", "a", "57.57 %"},
		{"testdata/guide/gunboat.yaml", "", "a", "62.54 %"},
		{"testdata/guide/exploding.yaml", "", "a", "69.63 %"},
		{"testdata/guide/exploding.yaml", "rules.round[0].contest.ties=a", "a", "80.34 %"},
		{"testdata/guide/pain.yaml", "", "a", "25.86 %"},
		{"testdata/guide/pain.yaml", "", "b", "53.50 %"},
		{"testdata/guide/morale.yaml", "", "a", "65.55 %"},
		{"testdata/guide/morale.yaml", "", "fled", "97.29 %"},
		{"rulesfile/risk", "", "a", "76.80 %"},
	} {
		b, tl := fought(c.ref, c.set)
		var n int64
		switch c.metric {
		case "a":
			n = tl.Wins[rules.A]
		case "b":
			n = tl.Wins[rules.B]
		default:
			n = tl.Ends[b.Spec().EndIndex(c.metric)]
		}
		got := fmt.Sprintf("%.2f %%", float64(n)/1000)
		if got != c.want || !strings.Contains(string(readme), c.want) {
			t.Errorf("%s %s: %s is %s; the guide says %s", c.ref, c.set, c.metric, got, c.want)
		}
	}
}

// The exact answers the guide quotes are what `crucible exact --rational`
// gives, and what the duel's closed form says: the first to five hits of a
// fair coin (a mean of Σ (5+k)·2·C(4+k, k)/2^(5+k) = 965/128 rounds), and
// with 4 hit points against 5, Σ_{k<4} C(4+k, k)/2^(5+k) = 93/256.
func TestGuideExact(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ref, win, rounds string
	}{
		{"testdata/guide/duel.yaml", "1/2", "965/128"},
		{"testdata/guide/duel-4-5.yaml", "93/256", ""},
		{"rulesfile/risk", "208367138941435/270826551115776", ""},
	} {
		sc, err := scenarios.Load(c.ref)
		if err != nil {
			t.Fatal(err)
		}
		s, err := rules.LookupSolver(sc.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		x, err := s.Solve(t.Context(), sc.Document(), true)
		if err != nil {
			t.Fatal(err)
		}
		if x.Win[rules.A].Rat != c.win || !strings.Contains(string(readme), c.win) {
			t.Errorf("%s: P(a wins) = %s; the guide says %s", c.ref, x.Win[rules.A].Rat, c.win)
		}
		if c.rounds != "" && (x.RoundsMean.Rat != c.rounds || !strings.Contains(string(readme), "E[rounds]                  7.5390625  = "+c.rounds)) {
			t.Errorf("%s: E[rounds] = %s; the guide says %s", c.ref, x.RoundsMean.Rat, c.rounds)
		}
	}
}

// Every command the guide shows with its output prints that output: each
// ```sh block of one crucible command followed by an output block is run
// (from testdata/guide, where the guide's duel.yaml is), and the output
// block's lines, but for "...", appear in what it prints, in order.
func TestGuideOutputs(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(readme))
	t.Chdir("testdata/guide")
	checked := 0
	for i := 0; i+1 < len(blocks); i++ {
		cmd := blocks[i]
		if cmd.lang != "sh" || len(cmd.lines) != 1 || blocks[i+1].lang != "" || !blocks[i+1].follows {
			continue
		}
		args := strings.Fields(cmd.lines[0])
		if args[0] != "crucible" {
			continue
		}
		var out, errs strings.Builder
		if code := cli.Crucible.Execute(t.Context(), args[1:], &out, &errs); code != 0 {
			t.Errorf("%s: exit %d: %s", cmd.lines[0], code, errs.String())
			continue
		}
		got := strings.Split(out.String(), "\n")
		at := 0
		for _, want := range blocks[i+1].lines {
			if strings.TrimSpace(want) == "..." {
				continue
			}
			for at < len(got) && strings.TrimRight(got[at], " ") != strings.TrimRight(want, " ") {
				at++
			}
			if at == len(got) {
				t.Errorf("%s: the guide shows %q, which it does not print (in that order):\n%s", cmd.lines[0], want, out.String())
				break
			}
		}
		checked++
	}
	if checked < 3 {
		t.Errorf("checked %d commands of the guide; it shows 3 with their outputs", checked)
	}
}

// fenced is a fenced block of a markdown text: its language, its lines, and
// whether it follows the previous block with only blank lines between.
type fenced struct {
	lang    string
	lines   []string
	follows bool
}

func fencedBlocks(md string) []fenced {
	var out []fenced
	var cur *fenced
	gap := false
	for _, line := range strings.Split(md, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			out = append(out, fenced{lang: strings.TrimPrefix(line, "```"), follows: !gap && len(out) > 0})
			cur = &out[len(out)-1]
		case cur != nil && line == "```":
			cur, gap = nil, false
		case cur != nil:
			cur.lines = append(cur.lines, line)
		case strings.TrimSpace(line) != "":
			gap = true
		}
	}
	return out
}
