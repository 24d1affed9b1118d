package metareport

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// WriteBalanceTable writes a balance search's answer in words — what
// changed, whether every entry is in the support, whether the re-check
// agrees — then the balanced roster's table.
func WriteBalanceTable(w io.Writer, b *meta.BalanceResult) error {
	for _, l := range BalanceWords(b) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w)
	return WriteTable(w, b.Final)
}

// BalanceWords says a balance search's answer, a line each.
func BalanceWords(b *meta.BalanceResult) []string {
	o := b.Options
	out := []string{fmt.Sprintf("balance   %s over %s; every entry ≥ %s of the equilibrium as side a and as side b", o.Path, strings.Join(o.Values, ", "), words.Pct(o.MinShare))}
	if len(b.Changes) == 0 {
		out = append(out, "changed   nothing")
	}
	for _, c := range b.Changes {
		from := c.From
		if from == "" {
			from = "(not written: the default)"
		}
		out = append(out, fmt.Sprintf("changed   %s: %s %s → %s", c.Entry, c.Path, from, c.To))
	}
	out = append(out, refusedWords(b.Refused)...)
	k, least := leastEntry(b.Final)
	verdict := "not balanced"
	if b.Balanced {
		verdict = "balanced"
	}
	line := fmt.Sprintf("result    %s: the least mass is %s's %s; %d matrices fought", verdict, b.Final.Meta.Entries[k], words.Pct(least), b.Matrices)
	if b.Why != "" {
		line += " (" + b.Why + ")"
	}
	out = append(out, line)
	switch {
	case b.Recheck == nil:
		out = append(out, "re-check  none needed: every cell is exact")
	case b.RecheckHolds:
		out = append(out, fmt.Sprintf("re-check  holds on fresh streams (%s): every entry ≥ %s", b.RecheckStreams, words.Pct(o.MinShare)))
	default:
		k, least := leastEntry(b.Recheck)
		out = append(out, fmt.Sprintf("re-check  does not hold on fresh streams (%s): %s falls to %s", b.RecheckStreams, b.Recheck.Meta.Entries[k], words.Pct(least)))
	}
	return out
}

// shownRefusals bounds the refused values the table lists (a grid of part
// names may refuse dozens); the JSON lists them all.
const shownRefusals = 6

// refusedWords says which values of the grid the rules refused for an
// entry, each with the rules' reason.
func refusedWords(refused []meta.BalanceRefusal) []string {
	var out []string
	for i, r := range refused {
		if i == shownRefusals {
			out = append(out, fmt.Sprintf("passed by %d more the rules refuse (--format json lists them)", len(refused)-shownRefusals))
			break
		}
		out = append(out, fmt.Sprintf("passed by %s: %s = %s, which the rules refuse: %s", r.Entry, r.Path, r.Value, r.Why))
	}
	return out
}

// leastEntry is the entry with the least mass over its two sides.
func leastEntry(a *meta.Analysis) (int, float64) {
	k, least := 0, 2.0
	for i := range a.Meta.Entries {
		if m := min(a.Equilibrium.Row[i], a.Equilibrium.Col[i]); m < least {
			k, least = i, m
		}
	}
	return k, least
}

// WriteBalanceJSON writes a balance search as one object: "balance" (the
// field, the grid, the changes, whether balanced, the re-check) and
// "meta", the balanced roster as meta --format json writes it.
func WriteBalanceJSON(w io.Writer, b *meta.BalanceResult) error {
	type change struct {
		Entry string `json:"entry"`
		Path  string `json:"path"`
		From  string `json:"from"`
		To    string `json:"to"`
	}
	changes := []change{}
	for _, c := range b.Changes {
		changes = append(changes, change{c.Entry, c.Path, c.From, c.To})
	}
	type refusal struct {
		Entry string `json:"entry"`
		Path  string `json:"path"`
		Value string `json:"value"`
		Why   string `json:"why"`
	}
	refused := []refusal{}
	for _, r := range b.Refused {
		refused = append(refused, refusal{r.Entry, r.Path, r.Value, r.Why})
	}
	recheck := map[string]any{"needed": b.Recheck != nil, "holds": b.RecheckHolds}
	if b.Recheck != nil {
		recheck["streams"] = b.RecheckStreams
	}
	v := map[string]any{
		"balance": map[string]any{
			"path": b.Options.Path, "values": b.Options.Values, "min_share": b.Options.MinShare,
			"changes": changes, "refused": refused, "balanced": b.Balanced, "matrices": b.Matrices, "why": b.Why, "recheck": recheck,
		},
		"meta": Object(b.Final),
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(formats.UnescapeHTML(data), '\n'))
	return err
}
