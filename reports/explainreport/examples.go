package explainreport

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// Account is one example as it is shown: the trial, its replay (the
// ruleset's round-by-round account and the outcome lines) and the command
// that prints it again.
type Account struct {
	Example explain.Example
	Replay  string
	Command string
}

// WriteText writes the examples in words: what was asked, where the
// examples came from, then each example's replay.
func WriteText(w io.Writer, f *explain.Found, accounts []Account) error {
	fmt.Fprintf(w, "%s: games where %s (seed %d)\n", f.Run.Scenario, f.Condition, f.Run.Seed)
	fmt.Fprintln(w, Where(f))
	for k, a := range accounts {
		from := "kept by the run"
		if !a.Example.FromRun {
			from = "found by the search"
		}
		fmt.Fprintf(w, "\n── example %d of %d: trial %d, %s — %s\n", k+1, len(accounts), a.Example.Trial, from, a.Command)
		if _, err := io.WriteString(w, a.Replay); err != nil {
			return err
		}
	}
	return nil
}

// Where says how many examples the run kept and what the search found, in
// words.
func Where(f *explain.Found) string {
	fromRun := 0
	for _, e := range f.Examples {
		if e.FromRun {
			fromRun++
		}
	}
	run := fmt.Sprintf("The run of %s trials kept %d such game%s as examples", Count(f.Run.Tally.Trials), fromRun, plural(fromRun))
	if f.Search.Trials == 0 {
		return run + "."
	}
	found := len(f.Examples) - fromRun
	s := fmt.Sprintf("%s; a search of the next %s trials found %d more.\n%s.", run, Count(f.Search.Trials), found, upper(Rarity(f.Search)))
	if f.Search.Exhausted {
		s += fmt.Sprintf("\nThe search stopped at its budget (%s trials; --budget) with %d of the %d examples asked for.", Count(f.Search.Budget), len(f.Examples), f.Want)
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func upper(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// JSON returns the examples as one object: the scenario, seed and
// condition; each example's trial, outcome, command and replay; and the
// search with its share and 95 % Clopper–Pearson interval.
func JSON(f *explain.Found, accounts []Account) ([]byte, error) {
	names := words.NamesOf(f.Run.Spec)
	var ex []formats.Object
	for _, a := range accounts {
		o := a.Example.Outcome
		counters := formats.Object{}
		for i, c := range f.Run.Spec.CounterNames() {
			counters = append(counters, formats.Field{Key: c, Val: o.Counters[i]})
		}
		ex = append(ex, formats.Object{
			{Key: "trial", Val: a.Example.Trial}, {Key: "from_run", Val: a.Example.FromRun},
			{Key: "winner", Val: o.Winner.String()}, {Key: "in_words", Val: names.Victories(o.Winner)},
			{Key: "end", Val: f.Run.Spec.Ends[o.End]}, {Key: "rounds", Val: o.Rounds},
			{Key: "counters", Val: counters}, {Key: "command", Val: a.Command}, {Key: "replay", Val: a.Replay},
		})
	}
	obj := formats.Object{
		{Key: "scenario", Val: f.Run.Scenario}, {Key: "ruleset", Val: f.Run.Ruleset},
		{Key: "seed", Val: f.Run.Seed}, {Key: "trials", Val: f.Run.Tally.Trials},
		{Key: "outcome", Val: f.Condition.String()}, {Key: "asked", Val: f.Want},
		{Key: "examples", Val: ex},
	}
	if f.Search.Trials > 0 {
		p, lo, hi := f.Search.Share()
		obj = append(obj, formats.Field{Key: "search", Val: formats.Object{
			{Key: "from", Val: f.Search.From}, {Key: "trials", Val: f.Search.Trials},
			{Key: "matches", Val: f.Search.Matches}, {Key: "budget", Val: f.Search.Budget},
			{Key: "exhausted", Val: f.Search.Exhausted}, {Key: "share", Val: p},
			{Key: "interval", Val: [2]float64{lo, hi}}, {Key: "words", Val: Rarity(f.Search)},
		}})
	}
	return json.MarshalIndent(obj, "", "  ")
}
