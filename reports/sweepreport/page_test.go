package sweepreport

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// The points table shows the metric once: beside a sweep of a side's win
// share, the share columns are the other side's and no winner's; beside a
// margin, all three; each column reads its own side's share.
func TestPointsTableShowsTheMetricOnce(t *testing.T) {
	cell := regexp.MustCompile(`<th>([^<]*)</th>`)
	for _, c := range []struct {
		metric rules.Metric
		want   []string
	}{
		{rules.Metric{Kind: rules.WinShare, Side: rules.A}, []string{"point", "x", "x wins (win.a)", "95 % interval", "y wins (win.b)", "no winner (win.none)", "mean rounds"}},
		{rules.Metric{Kind: rules.WinShare, Side: rules.B}, []string{"point", "x", "y wins (win.b)", "95 % interval", "x wins (win.a)", "no winner (win.none)", "mean rounds"}},
		{rules.Metric{Kind: rules.Margin}, []string{"point", "x", "x wins − y wins (margin)", "95 % interval", "x wins (win.a)", "y wins (win.b)", "no winner (win.none)", "mean rounds"}},
	} {
		s := syntheticSweep(3, func(int) float64 { return 0.5 })
		s.Sweep.Metric = c.metric
		for _, p := range s.Points {
			p.Result.Tally = &sim.Tally{Trials: 100, Wins: [3]int64{rules.None: 7, rules.A: 55, rules.B: 38}}
		}
		page, err := HTML(s, "", sweepPlots{})
		if err != nil {
			t.Fatal(err)
		}
		table := string(page[strings.Index(string(page), `<table id="points">`):])
		head := table[:strings.Index(table, "</tr>")]
		var got []string
		for _, m := range cell.FindAllStringSubmatch(head, -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: the table's head is %q, want %q", c.metric, got, c.want)
		}
		row := table[strings.Index(table, "</tr>")+5:]
		row = row[:strings.Index(row, "</tr>")]
		if n := strings.Count(row, "<td>"); n != len(c.want) {
			t.Errorf("%v: a row has %d cells, the head %d:\n%s", c.metric, n, len(c.want), row)
		}
		for i, h := range c.want {
			if share, ok := map[string]string{"x wins (win.a)": "55.00 %", "y wins (win.b)": "38.00 %", "no winner (win.none)": "7.00 %"}[h]; ok && i > 3 {
				if !strings.Contains(row, "<td>"+share+"</td>") {
					t.Errorf("%v: column %q should read %s:\n%s", c.metric, h, share, row)
				}
			}
		}
	}
}
