package scenarios

import (
	"fmt"
	"io/fs"
	"math/big"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/sim"
)

// tunesDir holds the built-in tunes, <ruleset>/<name>.yaml, apart from the
// built-in scenarios as the sweeps are.
const tunesDir = "builtin/tunes"

// Tune is a tune file: a question `crucible tune` answers — the value of
// one field of a base scenario at which a metric meets a target.
//
//	name: interceptors-for-70         # optional; default: the file's base name
//	description: "…"
//	scenario: eclipse/escorted-interceptors-vs-fleet   # built-in name, or a path relative to this file
//	set: ["options.stalemate=draw"]   # overrides applied to the base, as --set
//	confidence: 0.95                  # of the answer's statements, jointly (--confidence wins)
//	first-trials: 250                 # of a probe's first look (--first-trials wins)
//	max-trials: 200000                # the most trials of one probe (--max-trials wins)
//	tune:
//	  path: attacker.ships.Interceptor
//	  from: 1
//	  to: 8
//	  target: win.a>=0.7              # fair, METRIC=V, METRIC>=V or METRIC<=V
//	  label: "{} Interceptors"        # the field in the designer's words; {} is the value
//	  resolution: 0.01                # a continuous field: the narrowest bracket sought
//	decide-trials: 1000000            # the most trials to decide a value left indistinguishable
type Tune struct {
	Name        string
	Description string
	File        string // where it was read from, for messages
	// Scenario is the base scenario: a built-in name or a file path
	// (resolved against the tune file's folder).
	Scenario string
	Sets     []Override
	// Confidence, FirstTrials, MaxTrials and DecideTrials are the file's,
	// 0 where it gives none.
	Confidence                           float64
	FirstTrials, MaxTrials, DecideTrials int64
	Axis                                 TuneAxis
	Target                               Target
	// TargetOrigin locates the target for errors about it.
	TargetOrigin string
}

// TuneAxis is the field a tune varies: its path, the range searched, an
// optional resolution (a continuous field's narrowest bracket) and the
// designer's name for it, with where it was written.
type TuneAxis struct {
	Path       string
	From, To   string
	Resolution string
	// Label names the field in answers: "{} Interceptors" writes the value
	// in place of {} ("5 Interceptors"); a label without {} is followed by
	// the value ("armor 3"). Empty: PATH=VALUE.
	Label string
	// Origin locates the axis for errors: "t.yaml:7:3 (tune)" or
	// "--vary b.armor.armor_value=0..8".
	Origin string
}

// Phrase names the value v of the axis in the designer's words.
func (a TuneAxis) Phrase(v string) string {
	switch {
	case strings.Contains(a.Label, "{}"):
		return strings.ReplaceAll(a.Label, "{}", v)
	case a.Label != "":
		return a.Label + " " + v
	}
	return a.Path + "=" + v
}

// ParseTuneVary reads tune's --vary PATH=FROM..TO: a range of decimal
// numbers, without a step (the search picks its own values).
func ParseTuneVary(arg string) (TuneAxis, error) {
	p, r, ok := strings.Cut(arg, "=")
	p, r = strings.TrimSpace(p), strings.TrimSpace(r)
	if !ok || p == "" || r == "" {
		return TuneAxis{}, fmt.Errorf("--vary %s: expected PATH=FROM..TO, e.g. b.armor.armor_value=0..8", arg)
	}
	if err := doc.CheckPath(p); err != nil {
		return TuneAxis{}, fmt.Errorf("--vary %s: %v", arg, err)
	}
	from, to, ok := strings.Cut(r, "..")
	if !ok || strings.Contains(r, ",") || strings.Contains(to, ":") {
		return TuneAxis{}, fmt.Errorf("--vary %s: tune searches a range FROM..TO of numbers (e.g. 0..8, 0..1), which it bisects itself; to fight a list of values or a field of names, use %s sweep --vary %s", arg, program(), arg)
	}
	a := TuneAxis{Path: p, From: from, To: to, Origin: "--vary " + arg}
	if err := a.checkRange(); err != nil {
		return TuneAxis{}, fmt.Errorf("--vary %s: %v", arg, err)
	}
	return a, nil
}

// checkRange refuses bounds that are not decimal numbers, and a range
// that is empty or backwards.
func (a TuneAxis) checkRange() error {
	lo, hi, err := a.Bounds()
	if err != nil {
		return err
	}
	if lo.Cmp(hi) >= 0 {
		return fmt.Errorf("from %s is not below to %s (allowed: from < to)", a.From, a.To)
	}
	return nil
}

// Bounds returns the range's ends as exact decimals.
func (a TuneAxis) Bounds() (lo, hi *big.Rat, err error) {
	var r [2]*big.Rat
	for i, s := range []string{a.From, a.To} {
		s = strings.TrimSpace(s)
		if !decimal.MatchString(s) {
			return nil, nil, fmt.Errorf("%q is not a decimal number (tune searches a range of numbers: a field of names cannot be tuned; rank its values with %s sweep)", s, program())
		}
		r[i], _ = new(big.Rat).SetString(s)
	}
	return r[0], r[1], nil
}

// LoadTune reads a tune by built-in name ("stratfight/armor-fair") or by
// file path. ok is false when ref names no tune (it may be a scenario).
func LoadTune(ref string) (t *Tune, ok bool, err error) {
	ok, err = loadFileOfKind(tunesDir, ref, "tune", func(root *doc.Node, file, name string) (*string, error) {
		if t, err = parseTune(root, file, name); err != nil {
			return nil, err
		}
		return &t.Scenario, nil
	})
	return t, ok, err
}

// loadFileOfKind reads the file ref names, built in under dir or a path,
// when it is of the kind whose top-level field is key (and has no
// `ruleset:`): parse decodes it and returns where its base scenario is
// named, which a path resolves against the file's folder. ok is false
// when ref names no such file (it may be a scenario).
func loadFileOfKind(dir, ref, key string, parse func(root *doc.Node, file, name string) (scenario *string, err error)) (ok bool, err error) {
	src, file, name, isBuiltin := readBuiltinOrFile(dir, ref)
	if src == nil {
		return false, nil
	}
	root, err := ParseYAML(file, src)
	if err != nil {
		if isBuiltin || isPath(ref) {
			return true, err
		}
		return false, nil
	}
	if root.Kind != doc.Map || root.Get(key) == nil || root.Get("ruleset") != nil {
		return false, nil
	}
	sc, err := parse(root, file, name)
	if err != nil {
		return true, err
	}
	if !isBuiltin && isPath(*sc) && !filepath.IsAbs(*sc) {
		*sc = filepath.Join(filepath.Dir(ref), *sc)
	}
	return true, nil
}

// readBuiltinOrFile returns the source of the file ref names: the
// built-in dir/ref.yaml, or else the file ref; where it was read from,
// its default name, and whether it is built in. The source is nil when
// there is none.
func readBuiltinOrFile(dir, ref string) (src []byte, file, name string, isBuiltin bool) {
	if !isPath(ref) {
		if b, err := fs.ReadFile(builtin, dir+"/"+ref+".yaml"); err == nil {
			return b, dir + "/" + ref + ".yaml", ref, true
		}
	}
	b, err := readFile(ref)
	if err != nil {
		return nil, "", "", false
	}
	base := strings.TrimSuffix(strings.TrimSuffix(path.Base(strings.ReplaceAll(ref, `\`, "/")), ".yaml"), ".yml")
	return b, ref, base, false
}

// tuneDoc is a tune file's fields.
type tuneDoc struct {
	Name        string      `doc:"name"`
	Description string      `doc:"description"`
	Scenario    string      `doc:"scenario,required"`
	Set         []*doc.Node `doc:"set"`
	Confidence  *doc.Node   `doc:"confidence"`
	FirstTrials *doc.Node   `doc:"first-trials"`
	MaxTrials   *doc.Node   `doc:"max-trials"`
	Decide      *doc.Node   `doc:"decide-trials"`
	Tune        *doc.Node   `doc:"tune,required"`
}

// tuneAxisDoc is a tune file's `tune:` mapping.
type tuneAxisDoc struct {
	Path       string    `doc:"path,required"`
	From       *doc.Node `doc:"from,required"`
	To         *doc.Node `doc:"to,required"`
	Target     *doc.Node `doc:"target,required"`
	Label      string    `doc:"label"`
	Resolution *doc.Node `doc:"resolution"`
}

func parseTune(root *doc.Node, file, name string) (*Tune, error) {
	if root.Kind != doc.Map {
		return nil, root.Errorf("a tune is a mapping with `scenario:` and `tune:` fields")
	}
	d := tuneDoc{Name: name}
	if err := doc.Decode(root, &d); err != nil {
		return nil, err
	}
	if strings.TrimSpace(d.Scenario) == "" {
		return nil, root.Get("scenario").Errorf("empty scenario (allowed: a built-in scenario name or a file path)")
	}
	t := &Tune{Name: d.Name, Description: d.Description, File: file, Scenario: d.Scenario}
	for _, n := range d.Set {
		if err := checkSet(n); err != nil {
			return nil, err
		}
		t.Sets = append(t.Sets, Override{Assignment: n.Value, Origin: fmt.Sprintf("%s (%s: %s)", n.Pos, n.Path, n.Value)})
	}
	if err := t.parseBudget(d); err != nil {
		return nil, err
	}
	return t, t.parseAxis(d.Tune)
}

// parseBudget reads the file's confidence and trial counts.
func (t *Tune) parseBudget(d tuneDoc) error {
	var err error
	if doc.Present(d.Confidence) {
		if t.Confidence, err = doc.ParseFloat(d.Confidence); err != nil {
			return err
		}
		if !(t.Confidence >= MinConfidence && t.Confidence <= MaxConfidence) {
			return d.Confidence.Errorf("%s is out of range (allowed: a number from %g to %g)", d.Confidence.Value, MinConfidence, MaxConfidence)
		}
	}
	if doc.Present(d.FirstTrials) {
		if t.FirstTrials, err = sim.TrialRange.Int(d.FirstTrials); err != nil {
			return err
		}
	}
	if doc.Present(d.MaxTrials) {
		if t.MaxTrials, err = sim.TrialRange.Int(d.MaxTrials); err != nil {
			return err
		}
	}
	if t.FirstTrials > 0 && t.MaxTrials > 0 && t.FirstTrials > t.MaxTrials {
		return d.FirstTrials.Errorf("first-trials %d is above max-trials %d (allowed: first-trials ≤ max-trials)", t.FirstTrials, t.MaxTrials)
	}
	if doc.Present(d.Decide) {
		if t.DecideTrials, err = sim.TrialRange.Int(d.Decide); err != nil {
			return err
		}
		if t.MaxTrials > 0 && t.DecideTrials < t.MaxTrials {
			return d.Decide.Errorf("decide-trials %d is below max-trials %d (allowed: decide-trials ≥ max-trials)", t.DecideTrials, t.MaxTrials)
		}
	}
	return nil
}

// The confidence a tune's answer may be asked at: below MinConfidence a
// statement is a coin toss, above MaxConfidence each probe's share of the
// false-alarm rate is too small for an interval a designer can use.
const (
	MinConfidence = 0.5
	MaxConfidence = 1 - 1e-9
)

// parseAxis reads the `tune:` mapping.
func (t *Tune) parseAxis(n *doc.Node) error {
	if n.Kind != doc.Map {
		return n.Errorf("expected a mapping {path, from, to, target}, got %s", doc.Describe(n))
	}
	var d tuneAxisDoc
	if err := doc.Decode(n, &d); err != nil {
		return err
	}
	if err := doc.CheckPath(d.Path); err != nil {
		return n.Get("path").Errorf("%v", err)
	}
	a := TuneAxis{Path: d.Path, Label: d.Label, Origin: fmt.Sprintf("%s (%s)", n.Pos, n.Path)}
	for _, f := range []struct {
		v   *doc.Node
		out *string
	}{{d.From, &a.From}, {d.To, &a.To}} {
		if f.v.Kind != doc.Scalar {
			return f.v.Errorf("expected a number, got %s", doc.Describe(f.v))
		}
		*f.out = f.v.Value
	}
	if err := a.checkRange(); err != nil {
		return n.Errorf("%v", err)
	}
	if doc.Present(d.Resolution) {
		if d.Resolution.Kind != doc.Scalar || !decimal.MatchString(d.Resolution.Value) {
			return d.Resolution.Errorf("expected a decimal number above 0, got %s", doc.Describe(d.Resolution))
		}
		a.Resolution = d.Resolution.Value
	}
	if d.Target.Kind != doc.Scalar {
		return d.Target.Errorf("expected a target, got %s (allowed: %s)", doc.Describe(d.Target), TargetForms)
	}
	target, err := ParseTarget(d.Target.Value)
	if err != nil {
		return d.Target.Errorf("%v", err)
	}
	t.Axis, t.Target = a, target
	t.TargetOrigin = fmt.Sprintf("%s (%s: %s)", d.Target.Pos, d.Target.Path, d.Target.Value)
	return nil
}

// BuiltinTunes lists the built-in tunes in name order.
func BuiltinTunes() ([]Entry, error) {
	return builtinFiles(tunesDir, "tune (a built-in tune has a `tune:` field)", func(name string) (Entry, bool, error) {
		t, ok, err := LoadTune(name)
		if !ok || err != nil {
			return Entry{}, ok, err
		}
		return Entry{t.Name, t.Description}, true, nil
	})
}

// builtinFiles lists the built-in files of one kind under dir (tunes,
// rosters) in name order, each read by load; a file load does not take
// is an error that says it is not a what.
func builtinFiles(dir, what string, load func(name string) (Entry, bool, error)) ([]Entry, error) {
	if _, err := fs.Stat(builtin, dir); err != nil {
		return nil, nil // a program's own built-ins may hold none
	}
	var out []Entry
	err := fs.WalkDir(builtin, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		e, ok, err := load(strings.TrimSuffix(strings.TrimPrefix(p, dir+"/"), ".yaml"))
		switch {
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("%s: not a %s", p, what)
		}
		out = append(out, e)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}
