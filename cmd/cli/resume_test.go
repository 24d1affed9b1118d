package cli

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/outdir"
)

// Sweeps, checks (of a fixed size and sequential) and comparisons save
// their checkpoint with --out as a run does: interrupted anywhere, --resume
// finishes them with the bytes of an uninterrupted command, and a
// finished command leaves no checkpoint.
func TestCommandsResume(t *testing.T) {
	t.Parallel()
	lifespans := []string{"check", "stratfight/lifespan-claims", "--seed", "1", "--format", "json"}
	sequential := append(lifespans, "--until-decided", "--first-trials", "1000", "--max-trials", "30000")
	// A comparison of 20,000 trials fights 8 blocks of 2,500 trials by A,
	// B and the pairs: 7,500 trials a block. Uninterrupted, it is
	// TestCompareFormats's.
	comparison := append(roundCap, "--format", "json", "--workers", "2")
	for _, c := range []struct {
		name string
		args []string
		cuts []cutAt
	}{
		{"sweep", []string{"sweep", "eclipse/shields", "--trials", "20000", "--seed", "3", "--format", "csv"}, []cutAt{
			{"in its third point", func(t *testing.T) context.Context { return interruptAt(t, "parts[0].shield=2", 2000) }}}},
		{"check", append(lifespans, "--trials", "20000"), []cutAt{
			{"in its third scenario", func(t *testing.T) context.Context { return interruptAt(t, "stratfight/lifespan-29-coins", 5000) }}}},
		{"sequential check", sequential, []cutAt{
			{"in a first batch", func(t *testing.T) context.Context { return interruptAt(t, "stratfight/lifespan-29-coins", 500) }},
			{"in a later batch", func(t *testing.T) context.Context { return interruptAt(t, "stratfight/lifespan-30-coins", 20000) }}}},
		{"comparison", comparison, []cutAt{
			{"in its fifth block", func(t *testing.T) context.Context { return cancelAfter(t, 32000) }},
			{"in its first block", func(t *testing.T) context.Context { return cancelAfter(t, 4000) }}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			checkResumes(t, c.args, c.cuts...)
		})
	}
}

// cutAt is a place a command is interrupted at: the context it runs in.
type cutAt struct {
	name string
	ctx  func(t *testing.T) context.Context
}

// checkResumes runs the command args whole, then, for each cut (each in a
// subtest of its own, in parallel), with --out cut there and with --resume
// after: the cut command exits 130 having written its checkpoint, the
// resumed one prints the whole command's bytes and exits as it did, and
// leaves no checkpoint.
func checkResumes(t *testing.T, args []string, cuts ...cutAt) {
	t.Helper()
	// The cuts run in parallel, each appending its own --out to args: with
	// spare capacity they wrote into one array, and a cut could run with
	// the other's directory ("is in use by another crucible run").
	args = slices.Clip(args)
	whole, _, wholeCode := runShared(t, args...) // a check with a failed claim exits 1
	for _, c := range cuts {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "out")
			_, errOut, code := crucible(t, c.ctx(t), append(args, "--out", dir)...)
			if code != exitInterrupted || !strings.Contains(errOut, "checkpoint written to "+filepath.Join(dir, outdir.CheckpointFile)) {
				t.Fatalf("exit %d, stderr %q; want 130 and the checkpoint", code, errOut)
			}
			resumed, errOut, code := crucible(t, context.Background(), append(args, "--out", dir, "--resume")...)
			if resumed != whole || code != wholeCode {
				t.Errorf("resumed, exit %d and the output differs from an uninterrupted command (exit %d): %v\n%s", code, wholeCode, resumed == whole, errOut)
			}
			if _, err := os.Stat(filepath.Join(dir, outdir.CheckpointFile)); err == nil {
				t.Errorf("the finished command left its checkpoint")
			}
		})
	}
}

// A resumption of other work is refused before any trial, saying what the
// checkpoint holds: a sweep of other trials, a comparison from a run's
// checkpoint.
func TestCommandsRefuseOtherCheckpoints(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	crucible(t, ctx, "sweep", "eclipse/shields", "--trials", "2000", "--seed", "3", "--out", dir)
	mustFail(t, exitFailed, "cannot resume eclipse/shielded-interceptors-vs-gunship point 0: the checkpoint covers trials 0..1999, not 0..2999",
		"sweep", "eclipse/shields", "--trials", "3000", "--seed", "3", "--out", dir, "--resume")
	mustFail(t, exitFailed, "cannot resume: the checkpoint holds eclipse/shielded-interceptors-vs-gunship point 0 (seed 3, trials 0..1999), "+
		"eclipse/shielded-interceptors-vs-gunship point 1 (seed 3, trials 0..1999), eclipse/shielded-interceptors-vs-gunship point 2 (seed 3, trials 0..1999), "+
		"eclipse/shielded-interceptors-vs-gunship point 3 (seed 3, trials 0..1999); this command runs stratfight/thug-vs-guard A trials 0..249 (seed 7), ",
		append(roundCap[:len(roundCap)-1:len(roundCap)-1], "2000", "--out", dir, "--resume")...)
}

// An interrupted sweep's sweep.csv and breakeven.csv say so on every row,
// so that a break-even not crossed in the points that finished is told
// from one not crossed in the grid; a finished sweep's say false. The
// table says it in words (the whole sweep crosses 50 % between the third
// and fourth points; the two that finished are below).
func TestInterruptedSweepIsMarked(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cut")
	args := []string{"sweep", "eclipse/shields", "--trials", "20000", "--seed", "3", "--format", "csv"}
	crucible(t, interruptAt(t, "parts[0].shield=2", 2000), append(args, "--out", dir)...)
	whole := filepath.Join(t.TempDir(), "whole")
	mustRun(t, append(args, "--out", whole)...)
	for _, c := range []struct {
		dir, want string
	}{{dir, "true"}, {whole, "false"}} {
		for _, file := range []string{"sweep.csv", "breakeven.csv"} {
			f, err := os.Open(filepath.Join(c.dir, file))
			if err != nil {
				t.Fatal(err)
			}
			rows, err := csv.NewReader(f).ReadAll()
			f.Close()
			if err != nil || len(rows) < 2 || rows[0][len(rows[0])-1] != "interrupted" {
				t.Fatalf("%s: %v, header %v", file, err, rows[0])
			}
			for _, r := range rows[1:] {
				if r[len(r)-1] != c.want {
					t.Errorf("%s of %s: interrupted %q, want %s", file, filepath.Base(c.dir), r[len(r)-1], c.want)
					break
				}
			}
		}
	}
	out, _, _ := crucible(t, interruptAt(t, "parts[0].shield=2", 2000), "sweep", "eclipse/shields", "--trials", "20000", "--seed", "3")
	if !strings.Contains(out, "not crossed in the points that finished (the sweep was cut short): attacker wins (win.a) is below 50 % at each of them") {
		t.Errorf("the table's break-even of an interrupted sweep:\n%s", out)
	}
}

// A sweep killed with SIGKILL in the middle is finished by --resume with
// the bytes of an uninterrupted sweep.
func TestKilledSweepResumes(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and kills real processes")
	}
	bin := buildCrucible(t)
	args := []string{"sweep", "stratfight/armor", "--trials", "40000", "--seed", "5", "--format", "csv", "--checkpoint-every", "50ms"}
	killAndResume(t, bin, args, mustRun(t, args...), func(dir string) {
		waitForPart(t, filepath.Join(dir, outdir.CheckpointFile), 9*40000, 60*time.Second)
	})
}
