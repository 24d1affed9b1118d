package command

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// progressKey is the key of the progress display a command's context
// carries in place of progressBar (WithProgress).
type progressKey struct{}

// WithProgress returns ctx carrying p, the progress display of the commands
// run in it, in place of the progress bar: a test watches a run advance, or
// cuts it at a chosen trial, through it. A display carried by the context,
// not swapped in a variable, lets the tests that do so run in parallel.
func WithProgress(ctx context.Context, p analysis.Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// newProgress returns the progress display of cmd: the one its context
// carries (WithProgress), else the progress bar on its standard error.
func newProgress(cmd *cobra.Command) analysis.Progress {
	if p, ok := cmd.Context().Value(progressKey{}).(analysis.Progress); ok {
		return p
	}
	return progressBar(cmd.ErrOrStderr())
}

// progressBar returns the progress display of a command on w when w is a
// terminal: one line, drawn once the command has run for a second and
// redrawn ten times a second, that says how far the stage (a scenario, a
// sweep's point) and the whole command are, the time left, and the
// estimate so far, so that a designer can stop a run whose answer is
// already plain. On a pipe, nothing.
func progressBar(w io.Writer) analysis.Progress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	d := &display{out: f, began: time.Now()}
	return d.stage
}

// refresh is how often the progress line is redrawn.
const refresh = 100 * time.Millisecond

// display is the progress line of one command.
type display struct {
	out   *os.File
	began time.Time // when the command began
	// first is when the command's first stage began, and base the trials
	// the command had behind it then (a resumed run's): the rate of the
	// whole command is reckoned from them.
	first   time.Time
	base    int64
	started bool
}

// stage shows a stage until it ends. Stages run one after another.
func (d *display) stage(s analysis.Stage) (func(int64), func()) {
	if s.Trials <= 0 {
		return nil, func() {}
	}
	now := time.Now()
	if !d.started {
		d.started, d.first, d.base = true, now, s.Before+s.Done
	}
	done := new(atomic.Int64)
	done.Store(s.Done)
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(refresh)
		defer t.Stop()
		drawn := false
		for {
			select {
			case <-quit:
				if drawn {
					fmt.Fprint(d.out, "\r\x1b[K")
				}
				return
			case tick := <-t.C:
				if tick.Sub(d.began) < time.Second {
					continue
				}
				line := progressLine(d.view(s, done.Load(), now, tick), terminalWidth(d.out))
				fmt.Fprint(d.out, "\r"+line+"\x1b[K")
				drawn = true
			}
		}
	}()
	return func(n int64) { done.Add(n) }, func() {
		close(quit)
		<-finished
	}
}

// view returns what the line shows at now of a stage that began at began
// and has done trials done.
func (d *display) view(s analysis.Stage, done int64, began, now time.Time) progressView {
	v := progressView{Stage: s, Done: done, Left: -1}
	if s.Wins != nil {
		v.Wins = s.Wins.Load()
	}
	// The time left: of the whole command when it has stages of known
	// size (a sweep's points, a run's scenarios), at the rate of the whole
	// so far; else of the stage, at the stage's rate.
	fought, elapsed, left := done-s.Done, now.Sub(began), s.Trials-done
	if v.Whole() {
		fought, elapsed, left = s.Before+done-d.base, now.Sub(d.first), s.Total-s.Before-done
	}
	if fought > 0 && elapsed > 0 && left >= 0 {
		v.Left = time.Duration(float64(elapsed) / float64(fought) * float64(left))
	}
	return v
}

// progressView is what the progress line shows.
type progressView struct {
	analysis.Stage
	Done int64         // the stage's trials fought
	Wins [3]int64      // their wins, indexed by rules.Side
	Left time.Duration // -1 when not known yet
}

// Whole reports whether the time left is the whole command's.
func (v progressView) Whole() bool { return v.Steps > 1 && v.Total > 0 }

// Progress line limits: the shortest bar worth drawing and the longest.
const (
	minBar = 10
	maxBar = 30
)

// progressLine writes the progress line of v in fewer than width columns:
//
//	point 3 of 12  b.armor=leather  Samwell wins 48.2 % ±1.4  [=====>    ]  4,000/10,000  ~1m20s left
//
// (the time left being the whole command's when it has several stages of
// known size). What does not fit gives way in turn: the bar, the end of the
// name, the words of the step ("3/12"), more of the name, the time left,
// the side's name (for its key, a). The bar is drawn only where all the
// rest fits.
func progressLine(v progressView, width int) string {
	room := max(width-1, 20) // the last column would wrap on some terminals
	step, short := "", ""
	if v.Steps > 1 {
		step = fmt.Sprintf("%s %d of %d", v.Unit, v.Step, v.Steps)
		short = fmt.Sprintf("%d/%d", v.Step, v.Steps)
	}
	name, label := v.Name, v.Labels[0]
	count := grouped(v.Done) + "/" + grouped(v.Trials)
	left := ""
	if v.Left >= 0 {
		left = "~" + shortDuration(v.Left) + " left"
	}
	line := func(bar string) string { return joinNonEmpty(step, name, estimate(label, v.Wins), bar, count, left) }
	if free := room - runes(line("")) - 2; free >= minBar {
		done := float64(v.Done) / float64(max(v.Trials, 1))
		return line(bar(min(free, maxBar), done))
	}
	for _, giveWay := range []func(over int){
		func(over int) { name = cutMiddle(name, max(16, runes(name)-over)) },
		func(int) { step = short },
		func(over int) { name = cutMiddle(name, max(10, runes(name)-over)) },
		func(int) { left = "" },
		func(int) { label = "a" }, // the side's key
	} {
		over := runes(line("")) - room
		if over <= 0 {
			break
		}
		giveWay(over)
	}
	return cut(line(""), room)
}

// estimate says side a's share of the wins so far with the half-width of
// its 95 % interval (Clopper–Pearson, as every share's), in points: "attacker wins 54.8 % ±0.9". It is
// empty before the first win, and for battles no one wins.
func estimate(label string, wins [3]int64) string {
	n := wins[rules.None] + wins[rules.A] + wins[rules.B]
	if wins[rules.A]+wins[rules.B] == 0 {
		return ""
	}
	lo, hi := analysis.ClopperPearson(wins[rules.A], n, analysis.ShareAlpha)
	if label == "" {
		label = "a"
	}
	p := float64(wins[rules.A]) / float64(n)
	return fmt.Sprintf("%s wins %s %% ±%.1f", cut(label, 16), words.ShareDigits(p, 1), 100*(hi-lo)/2)
}

// bar draws a bar of width columns, done of it filled.
func bar(width int, done float64) string {
	inner := width - 2
	filled := min(inner, max(0, int(done*float64(inner))))
	head := ""
	if filled < inner {
		head = ">"
	}
	return "[" + strings.Repeat("=", filled) + head + strings.Repeat(" ", max(0, inner-filled-len(head))) + "]"
}

// grouped writes n with thousands separators: 1,234,567.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// shortDuration writes a time left to the second: 45s, 4m05s, 2h10m.
func shortDuration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
}

func joinNonEmpty(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "  ")
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// cut shortens s to n runes, ending in "…" when it cut.
func cut(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:max(n-1, 0)]) + "…"
}

// cutMiddle shortens s to n runes by its middle, where a scenario's name
// says least: "eclip…tor-duel".
func cutMiddle(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	r := []rune(s)
	head := (n - 1) / 2
	return string(r[:head]) + "…" + string(r[len(r)-(n-1-head):])
}

// terminalWidth returns the width of the terminal f, or 80.
func terminalWidth(f *os.File) int {
	if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}
