package cli

import (
	"os"
	"strings"
	"testing"
)

// Every command the rules-file guide (rules/rulesfile/README.md) shows with
// its output prints that output: each ```sh block of one crucible command
// followed by an output block is run (from the guide's testdata/guide, where
// its duel.yaml is), and the output block's lines, but for "...", appear in
// what it prints, in order. It lives here, not beside the guide, so that
// rules/rulesfile's tests do not link the whole command line.
func TestGuideOutputs(t *testing.T) {
	readme, err := os.ReadFile("../../rules/rulesfile/README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(readme))
	t.Chdir("../../rules/rulesfile/testdata/guide")
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
		if code := Crucible.Execute(t.Context(), args[1:], &out, &errs); code != 0 {
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
