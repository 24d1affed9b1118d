package doc

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Suggest returns the known names nearest to name, for a "did you mean"
// after an unknown field, part, option or command: those equal to it but
// for case first, then those within a small edit distance (a third of the
// name's length, at least one), nearest first, at most three. Case is
// ignored, so that "ion cannon" finds "Ion Cannon".
func Suggest(name string, known []string) []string {
	type near struct {
		name string
		d    int
	}
	lower := strings.ToLower(name)
	limit := max(1, utf8.RuneCountInString(name)/3)
	var found []near
	for _, k := range known {
		if k == name {
			continue
		}
		// A distance as long as the name says nothing: "c" is not near "a".
		if d := editDistance(lower, strings.ToLower(k)); d <= limit && d < utf8.RuneCountInString(name) {
			found = append(found, near{k, d})
		}
	}
	slices.SortStableFunc(found, func(a, b near) int { return a.d - b.d })
	out := make([]string, 0, min(3, len(found)))
	for _, f := range found[:cap(out)] {
		out = append(out, f.name)
	}
	return out
}

// DidYouMean returns "; did you mean X?" (or "X or Y?") for the names
// Suggest finds, or "" when it finds none: the tail every unknown-name
// error adds.
func DidYouMean(name string, known []string) string {
	return DidYouMeanOf(Suggest(name, known))
}

// DidYouMeanOf is DidYouMean for names found otherwise than by Suggest:
// "; did you mean X?" (or "X or Y?"), or "" for none.
func DidYouMeanOf(names []string) string {
	if len(names) == 0 {
		return ""
	}
	q := make([]string, len(names))
	for i, x := range names {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "; did you mean " + strings.Join(q, " or ") + "?"
}

// editDistance is the optimal-string-alignment distance between a and b,
// in runes: Levenshtein's insertions, deletions and substitutions, and the
// swap of two neighbours as one edit, the commonest slip of typing ("rnu"
// for "run", "Cruiesr" for "Cruiser").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Rows i-2, i-1 and i of the table.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
