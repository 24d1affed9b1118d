package meta

import (
	"errors"
	"fmt"
	"math/big"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/metareport"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// metaFlags are the flags only meta has.
type metaFlags struct {
	precision, confidence float64
	first, most           int64
	exact                 bool
	payoff, format        string
	// balance is --balance PATH=LO..HI, minShare --min-share in percent,
	// matrices --balance-matrices.
	balance  string
	minShare float64
	matrices int
	// work is --analysis-budget.
	work int64
	kf   command.SkillFlags
}

// NewCmd returns the meta command.
func NewCmd() *cobra.Command {
	var (
		rf command.RunFlags
		cp command.Checkpointing
		mf metaFlags
	)
	cmd := &cobra.Command{
		Use:   "meta ROSTER",
		Short: "Every entry of a roster against every entry: matrix, dominance, equilibrium, ratings",
		Long: `meta answers "does any design dominate?": it fights every entry of a roster
as side a against every entry as side b, on a base scenario, and reads the
matrix as a two-player zero-sum game — which entries are dominated, the
equilibrium mix (the maximum-entropy one where several exist) and how robust
its support is to the cells' uncertainty, Nash-averaged and Bradley–Terry
(Elo) ratings, and the non-transitive cycles ratings cannot express.

A roster is a file with a meta: list (crucible scenarios lists the built-in
ones): each entry is a side — the fields the ruleset says make up a side
(crucible rules RULESET, Sides), written once — or a built-in policy. A
roster given as - is read from standard input; its scenario: path, if a
file, is then found from the working directory, not from a folder.

Each cell is exact where the ruleset's solver reaches it; otherwise it is
sampled on the base scenario's streams (common random numbers), in looks
that double from --first-trials, until its interval is within ±--precision
points or every decision that reads it is settled (which side is favoured,
its order against the other cells of its row and column). The intervals
hold jointly at --confidence over every sampled cell. The payoff is side a's
win share with draws counted half, or with --payoff margin, P(a wins) −
P(b wins). --out writes meta.json, meta.csv (one row per cell), the heat
map, the equilibrium bars and index.html; Ctrl-C keeps a checkpoint that
--resume finishes.`,
		Example: `  crucible meta eclipse/cruiser-designs --seed 1
  crucible meta stratfight/fighters --precision 2 --format json
  crucible meta dbd/players --seed 1 --out players/
  crucible meta - --seed 1 < designs.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMeta(cmd, args[0], &rf, &cp, &mf)
		},
	}
	rf.RegisterSeed(cmd, false)
	rf.RegisterTrials(cmd)
	cmd.Flag("trials").Hidden = true // refused: meta sets its own trials, cell by cell
	rf.RegisterSet(cmd)
	mf.register(cmd)
	cp.Register(cmd, "also write the metagame's report (JSON, CSV, PNG plots and index.html) to this directory, which it replaces as a whole")
	mf.kf.Register(cmd)
	return cmd
}

// register adds meta's own flags to cmd.
func (mf *metaFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.Float64Var(&mf.precision, "precision", 100*engine.DefaultPrecision, "the half-width, in points, to which each sampled cell is known unless its decisions settle first")
	fl.Float64Var(&mf.confidence, "confidence", tune.DefaultConfidence, "the level at which every cell's interval holds, jointly")
	command.DecimalVar(fl, &mf.first, "first-trials", "", engine.DefaultFirst, "the trials of a cell's first look")
	command.DecimalVar(fl, &mf.most, "max-trials", "", engine.DefaultBudget, "the most trials of one cell")
	fl.BoolVar(&mf.exact, "exact", true, "solve each cell exactly where the ruleset's solver reaches it")
	fl.StringVar(&mf.payoff, "payoff", "share", "the game's payoff: share (side a's win share, draws half) or margin (P(a wins) − P(b wins))")
	fl.StringVarP(&mf.format, "format", "f", "table", "output format: table, json or csv (one row per cell)")
	fl.StringVar(&mf.balance, "balance", "", "PATH=LO..HI or PATH=A|B|…: find values of a field of every entry's side (armor.armor_value), or of each entry's own element of a list of the base scenario (blueprints[*].computer: the blueprint its side names), on the integers LO..HI or the names A|B|… (blueprints[*].parts[0]=Ion Cannon|Plasma Cannon), that bring every entry into the equilibrium with --min-share")
	fl.Float64Var(&mf.minShare, "min-share", 5, "with --balance, the least mass, in percent, every entry must have in the equilibrium as side a and as side b")
	fl.IntVar(&mf.matrices, "balance-matrices", engine.DefaultBalanceMatrices, "with --balance, the most matrices the search fights (each every cell of the roster)")
	command.DecimalVar(fl, &mf.work, "analysis-budget", "", engine.DefaultWork, "the most arithmetic operations the analysis of a fought matrix spends (0: no bound); when it runs out during the robustness resamples, the robustness is counted over those done, and the output says so")
}

func runMeta(cmd *cobra.Command, ref string, rf *command.RunFlags, cp *command.Checkpointing, mf *metaFlags) error {
	if err := checkMetaFlags(cmd, mf); err != nil {
		return err
	}
	run, err := cp.Plan(cmd, rf)
	if err != nil {
		return err
	}
	m, err := loadMeta(rf, ref)
	if err != nil {
		return err
	}
	cells, err := metaSkillCells(m, &mf.kf)
	if err != nil {
		return err
	}
	od, err := cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	opts := engine.Options{Precision: mf.precision / 100, Confidence: mf.confidence, First: mf.first, Budget: mf.most, Exact: mf.exact, Work: mf.work}
	if mf.balance != "" {
		return runBalance(cmd, run, m, opts, mf, cp, od)
	}
	mm, runErr := engine.Run(cmd.Context(), run, m, opts)
	if runErr != nil {
		if mm != nil && analysis.Interrupted(runErr) {
			if err := saveStates(od, cp.States(cmd, runErr)); err != nil {
				return err
			}
			return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted after %d trials; no matrix is read from unfinished cells", mm.Trials())}
		}
		return runErr
	}
	a, err := analyseMatrix(mm, cmd.Context(), mf.payoff == "margin")
	if err != nil {
		return analysisStopped(cmd, cp, err)
	}
	axes, skillErr := mf.kf.Fight(cmd.Context(), run, cells)
	if skillErr != nil {
		axes = nil
	}
	if err := writeMeta(cmd, a, mf.format, axes); err != nil {
		return err
	}
	if od != nil {
		od.Skill = axes
		if err := metareport.Write(od, a); err != nil {
			return err
		}
		command.Notice(cmd, "meta report written to %s", od.Path())
	}
	return command.SkillStopped(skillErr)
}

// analyseMatrix analyses a fought matrix: Matrix.Analyse, which a test
// interrupts.
var analyseMatrix = (*engine.Matrix).Analyse

// saveStates saves the checkpoints states into od, where there are both.
func saveStates(od *outdir.Dir, states []*sim.Checkpoint) error {
	if od == nil || states == nil {
		return nil
	}
	return od.SaveCheckpoints(states)
}

// analysisStopped says why the analysis of a fought matrix stopped: an
// interrupt (exit 130) or its budget spent, and where the fought cells
// are kept: the checkpoint the fighting saved, from which --resume
// analyses them without fighting them again.
func analysisStopped(cmd *cobra.Command, cp *command.Checkpointing, err error) error {
	states := cp.States(cmd, err) // says where the checkpoint is, after an interrupt
	var spent *engine.BudgetError
	switch {
	case analysis.Interrupted(err):
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted while analysing the matrix: every cell is fought, but no reading of it is complete"}
	case errors.As(err, &spent) && states != nil:
		return fmt.Errorf("%w (--analysis-budget %d); the fought cells are kept in %s, which --resume analyses without fighting them again", err, spent.Work, filepath.Join(cp.Out, outdir.CheckpointFile))
	case errors.As(err, &spent):
		return fmt.Errorf("%w (--analysis-budget %d)", err, spent.Work)
	}
	return err
}

// checkMetaFlags refuses flag values no metagame can take.
func checkMetaFlags(cmd *cobra.Command, mf *metaFlags) error {
	fl := cmd.Flags()
	if err := command.CheckFormat(mf.format, "table", "json", "csv"); err != nil {
		return err
	}
	if err := mf.kf.Check(cmd, mf.format); err != nil {
		return err
	}
	if mf.balance != "" && len(mf.kf.Levels) > 0 {
		return command.UsageError("--skill re-judges a roster's matrix: it cannot be given with --balance")
	}
	switch {
	case fl.Changed("trials"):
		return command.UsageError("--trials: meta sets its own trials, cell by cell: --first-trials doubling up to --max-trials, until --precision")
	case mf.payoff != "share" && mf.payoff != "margin":
		return command.UsageError("--payoff %s: allowed: share, margin", mf.payoff)
	case !(mf.precision > 0 && mf.precision < 50):
		return command.UsageError("--precision %g: allowed: a number of points above 0 and below 50", mf.precision)
	case !(mf.confidence >= scenarios.MinConfidence && mf.confidence <= scenarios.MaxConfidence):
		return command.UsageError("--confidence %g: allowed: a number from %g to %g", mf.confidence, scenarios.MinConfidence, scenarios.MaxConfidence)
	case mf.work < 0:
		return command.UsageError("--analysis-budget %d: allowed: 0 (no bound) or a positive number of operations", mf.work)
	}
	if mf.balance != "" {
		if _, err := balanceOptions(mf); err != nil {
			return err
		}
		if mf.format == "csv" {
			return command.UsageError("--balance prints with --format table or json (--out writes the balanced roster's meta.csv)")
		}
	} else if fl.Changed("min-share") || fl.Changed("balance-matrices") {
		return command.UsageError("--min-share and --balance-matrices go with --balance PATH=LO..HI")
	}
	if mf.first > mf.most {
		return command.UsageError("--first-trials %d is above --max-trials %d (allowed: first ≤ max)", mf.first, mf.most)
	}
	return command.CheckLooks(cmd, mf.first, mf.most)
}

// loadMeta reads the roster a command names and its base scenario, with
// the roster's overrides, then --unset's and --set's (the command line
// wins).
func loadMeta(rf *command.RunFlags, ref string) (*engine.Meta, error) {
	r, ok, err := rf.ReadRoster(ref)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, notARoster(ref)
	}
	sc, err := command.LoadBase(rf, r.Scenario, r.Sets)
	if err != nil {
		return nil, err
	}
	return engine.New(r, sc)
}

// notARoster says what is wrong with a reference that names no roster.
func notARoster(ref string) error {
	if _, err := scenarios.Load(ref); err == nil {
		return command.UsageError("%s is a scenario, not a roster: give a file with a meta: list of entries (crucible scenarios lists the built-in rosters)", ref)
	}
	return fmt.Errorf("%s: no such file and no built-in roster of that name%s", ref, scenarios.NearestBuiltin(ref))
}

func writeMeta(cmd *cobra.Command, a *engine.Analysis, format string, axes []*skill.Axis) error {
	w := cmd.OutOrStdout()
	switch format {
	case "csv":
		return formats.WriteCSV(w, metareport.Rows(a))
	case "json":
		return formats.WriteIndented(w, skillreport.With(metareport.Object(a), axes))
	}
	if len(axes) == 0 {
		return metareport.WriteTable(w, a)
	}
	// A roster's axes are one a cell: their answer in a sentence beside the
	// matrix's, then a row a cell after the matrix's details.
	prefix := a.Meta.Name + "/"
	if err := metareport.WriteTable(w, a, skillreport.Summary(axes, prefix)); err != nil {
		return err
	}
	return skillreport.WriteCells(w, axes, prefix)
}

// metaSkillCells returns the cells a roster's skill axis re-judges (every
// cell), checked before anything is fought; none without --skill. A
// roster of players is refused: its order of skill is the ladder's.
func metaSkillCells(m *engine.Meta, kf *command.SkillFlags) ([]*scenarios.Scenario, error) {
	if len(kf.Levels) == 0 {
		return nil, nil
	}
	if e := m.PlayerEntry(); e != "" {
		return nil, command.UsageError("--skill sets both sides' players, and roster %s's entry %s is a player: rank players with crucible ladder", m.Name, e)
	}
	cells, err := m.Cells()
	if err != nil {
		return nil, err
	}
	return cells, kf.CheckScenarios(cells...)
}

// maxBalanceValues bounds a --balance grid: each value may cost a matrix
// per step of the search.
const maxBalanceValues = 101

// balanceOptions reads --balance PATH=LO..HI (or PATH=A|B|…) and its
// companions.
func balanceOptions(mf *metaFlags) (engine.BalanceOptions, error) {
	path, grid, ok := strings.Cut(mf.balance, "=")
	if !ok || strings.TrimSpace(path) == "" {
		return engine.BalanceOptions{}, command.UsageError("--balance %s: %s", mf.balance, balanceGridsAllowed)
	}
	values, err := balanceValues(grid)
	switch {
	case err != nil:
		return engine.BalanceOptions{}, command.UsageError("--balance %s: %v", mf.balance, err)
	case !(mf.minShare > 0 && mf.minShare <= 50):
		return engine.BalanceOptions{}, command.UsageError("--min-share %g: allowed: a percentage above 0 and at most 50", mf.minShare)
	case mf.matrices < 2:
		return engine.BalanceOptions{}, command.UsageError("--balance-matrices %d: allowed: 2 or more", mf.matrices)
	}
	return engine.BalanceOptions{Path: strings.TrimSpace(path), Values: values, MinShare: mf.minShare / 100, Matrices: mf.matrices}, nil
}

const balanceGridsAllowed = "allowed: PATH=LO..HI, a field of every entry's side or of each entry's own element of the base (blueprints[*].computer) and a range of integers (e.g. armor.armor_value=0..8), or PATH=A|B|…, names the field takes (e.g. 'blueprints[*].parts[0]=Ion Cannon|Plasma Cannon')"

// balanceValues reads a --balance grid: LO..HI, the integers from LO to
// HI, read as integers of any size, so that neither the count of values
// nor the last one overflows (a bound beyond what the field takes is the
// field's error, located, before any fight); or A|B|…, values as written,
// each once (a name the field does not take is the ruleset's error, with
// the names it does).
func balanceValues(grid string) ([]string, error) {
	if strings.Contains(grid, "|") {
		var values []string
		for _, v := range strings.Split(grid, "|") {
			v = strings.TrimSpace(v)
			if v == "" || slices.Contains(values, v) {
				return nil, fmt.Errorf("value %q empty or repeated: allowed: distinct values A|B|…", v)
			}
			values = append(values, v)
		}
		if len(values) > maxBalanceValues {
			return nil, fmt.Errorf("%d values: allowed: at most %d", len(values), maxBalanceValues)
		}
		return values, nil
	}
	lo, hi, ok := strings.Cut(grid, "..")
	a, okA := new(big.Int).SetString(strings.TrimSpace(lo), 10)
	b, okB := new(big.Int).SetString(strings.TrimSpace(hi), 10)
	switch {
	case !ok || !okA || !okB:
		return nil, errors.New(balanceGridsAllowed)
	case a.Cmp(b) >= 0 || new(big.Int).Sub(b, a).Cmp(big.NewInt(maxBalanceValues-1)) > 0:
		return nil, fmt.Errorf("allowed: LO < HI, at most %d values", maxBalanceValues)
	}
	var values []string
	for v := a; v.Cmp(b) <= 0; v.Add(v, big.NewInt(1)) {
		values = append(values, v.String())
	}
	return values, nil
}

// runBalance searches for the balanced roster, prints the answer and
// writes the balanced roster's report.
func runBalance(cmd *cobra.Command, run analysis.Run, m *engine.Meta, opts engine.Options, mf *metaFlags, cp *command.Checkpointing, od *outdir.Dir) error {
	o, err := balanceOptions(mf)
	if err != nil {
		return err
	}
	b, err := engine.Balance(cmd.Context(), run, m, opts, o, mf.payoff == "margin")
	var spent *engine.BudgetError
	switch {
	case analysis.Interrupted(err):
		if err := saveStates(od, cp.States(cmd, err)); err != nil {
			return err
		}
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: the balance search stopped before an answer"}
	case errors.As(err, &spent):
		return fmt.Errorf("%w (--analysis-budget %d)", err, spent.Work)
	case err != nil:
		return err
	}
	w := cmd.OutOrStdout()
	if mf.format == "json" {
		err = metareport.WriteBalanceJSON(w, b)
	} else {
		err = metareport.WriteBalanceTable(w, b)
	}
	if err != nil {
		return err
	}
	if od != nil {
		if err := metareport.Write(od, b.Final); err != nil {
			return err
		}
		command.Notice(cmd, "the balanced roster's meta report written to %s", od.Path())
	}
	return nil
}

// Validate checks a roster as meta would before its first fight
// (its base scenario, and every entry against every other compiled) and
// says so.
func Validate(cmd *cobra.Command, rf *command.RunFlags, ref string) error {
	m, err := loadMeta(rf, ref)
	if err != nil {
		return err
	}
	n := len(m.Entries)
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (roster of %d entries on %s: %d pairings, each compiles)\n", ref, n, m.Base, n*n)
	return nil
}
