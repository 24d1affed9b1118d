package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/sim"
)

// Limits on a sweep: a grid larger than this is a mistake (a range with
// a step too small), and would run for days, so it is refused before the
// first trial.
const (
	// MaxSweepPoints is the most grid points a sweep may have.
	MaxSweepPoints = 10_000
	// MaxSweepTrials is the most trials a sweep may run in all, points
	// times trials per point.
	MaxSweepTrials = 1_000_000_000_000
	// MaxSweepFields is the most fields a sweep varies at once: a curve
	// or a heat map.
	MaxSweepFields = 2
)

// sweepsDir holds the built-in sweeps, <ruleset>/<name>.yaml, apart from
// the built-in scenarios so that the tools that read every scenario file
// of a ruleset's folder never meet one.
const sweepsDir = "builtin/sweeps"

// Sweep is a sweep file: a base scenario, fixed overrides of it, and one
// or two fields to vary over a grid, with the trials of each grid point.
//
//	name: shields                       # optional; default: the file's base name
//	description: "…"
//	scenario: eclipse/shielded-interceptors-vs-gunship   # built-in name, or a path relative to this file
//	trials: 20000                       # per grid point (--trials wins; default 10000)
//	metric: win.a                       # the metric the curve and the break-even follow (default win.a)
//	level: 0.5                          # where it breaks even (default: 50 % for a share, 0 for the margin)
//	set: ["options.stalemate=draw"]     # overrides applied to the base, as --set
//	sweep:                              # one or two fields, each any --set path
//	  - {path: "parts[0].shield", values: [0, 1, 2, 3], label: "Interceptor shield"}
//	  - {path: "attacker.ships.Shielded Interceptor", from: 2, to: 6, step: 1}
type Sweep struct {
	Name        string
	Description string
	File        string // where it was read from, for messages
	// Scenario is the base scenario: a built-in name or a file path
	// (resolved against the sweep file's folder).
	Scenario string
	// Trials is the file's trial count per grid point, 0 if it gives none.
	Trials int64
	// Metric is what the curve, the heat map and the break-even follow:
	// any metric a claim takes.
	Metric rules.Metric
	// Level is the value at which the metric breaks even; nil for the
	// metric's own (DefaultLevel).
	Level *float64
	// MetricOrigin locates the metric for errors about it ("" when the
	// file gives none).
	MetricOrigin string
	// Sets are the overrides applied to the base before the grid.
	Sets []Override
	// Axes are the varied fields, the first one the curve's x axis.
	Axes []Axis
}

// Override is one PATH=VALUE assignment and where it was written, which
// the scenario's errors name.
type Override struct {
	Assignment string
	Origin     string
}

// Axis is one field a sweep varies: its --set path and its values, in
// grid order.
type Axis struct {
	Path   string
	Values []string
	// Label names the field for people (axes, headings); "" for its path.
	Label string
	// origins[i] locates Values[i] for errors.
	origins []string
}

// Name returns the axis's label, or its path where it has none.
func (a Axis) Name() string {
	if a.Label != "" {
		return a.Label
	}
	return a.Path
}

// Override returns the assignment of the axis's i-th value.
func (a Axis) Override(i int) Override {
	return Override{Assignment: a.Path + "=" + a.Values[i], Origin: a.origins[i]}
}

// Numeric reports whether every value is a number, so that the axis is a
// scale (interpolated between grid points) rather than a list of names.
func (a Axis) Numeric() bool {
	for _, v := range a.Values {
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return false
		}
	}
	return true
}

// Positions returns where each value lies on the axis: its number on a
// numeric axis, its index on a list of names.
func (a Axis) Positions() []float64 {
	out := make([]float64, len(a.Values))
	numeric := a.Numeric()
	for i, v := range a.Values {
		out[i] = float64(i)
		if numeric {
			out[i], _ = strconv.ParseFloat(v, 64)
		}
	}
	return out
}

// Points returns the number of grid points of the axes.
func Points(axes []Axis) int {
	n := 1
	for _, a := range axes {
		n *= len(a.Values)
	}
	return n
}

// CheckSweepSize refuses a sweep of more than MaxSweepPoints points or
// MaxSweepTrials trials in all, saying what is allowed.
func CheckSweepSize(points int, trials int64) error {
	if points > MaxSweepPoints {
		return fmt.Errorf("a sweep of %d grid points is too large (allowed: at most %d points, and %.0e trials in all)", points, MaxSweepPoints, float64(MaxSweepTrials))
	}
	if points > 0 && trials > MaxSweepTrials/int64(points) {
		return fmt.Errorf("a sweep of %d points × %d trials is too large (allowed: at most %.0e trials in all, and %d points)", points, trials, float64(MaxSweepTrials), MaxSweepPoints)
	}
	return nil
}

// ParseVary reads a command-line axis, --vary PATH=LIST, where LIST is
// values separated by commas (0,1,2 or none,leather,plate), a range
// FROM..TO or FROM..TO:STEP of decimal numbers (step 1 by default), or a
// YAML list, whose values may be lists and mappings
// (`[leather, {armor_value: 5}]`).
func ParseVary(arg string) (Axis, error) { return ParseAxis("--vary", arg) }

// ParseAxis is ParseVary for an axis given by flag, which its errors and
// its values' origins name.
func ParseAxis(flag, arg string) (Axis, error) {
	p, list, ok := strings.Cut(arg, "=")
	p = strings.TrimSpace(p)
	if !ok || p == "" || strings.TrimSpace(list) == "" {
		return Axis{}, fmt.Errorf("%s %s: expected PATH=LIST, e.g. parts[0].shield=0..3 or b.armor=none,leather,plate", flag, arg)
	}
	if err := doc.CheckPath(p); err != nil {
		return Axis{}, fmt.Errorf("%s %s: %v", flag, arg, err)
	}
	var values []string
	if isYAMLValue(list) {
		var err error
		if values, err = yamlList(list, flag+" "+arg); err != nil {
			return Axis{}, err
		}
	} else if m := rangeForm.FindStringSubmatch(strings.TrimSpace(list)); m != nil {
		step := m[3]
		if step == "" {
			step = "1"
		}
		var err error
		if values, err = decimalRange(m[1], m[2], step); err != nil {
			return Axis{}, fmt.Errorf("%s %s: %v", flag, arg, err)
		}
	} else if strings.Contains(list, "..") {
		return Axis{}, fmt.Errorf("%s %s: %q is not a range FROM..TO or FROM..TO:STEP of decimal numbers (e.g. 0..3, 0..1:0.25)", flag, arg, list)
	} else {
		for _, v := range strings.Split(list, ",") {
			values = append(values, strings.TrimSpace(v))
		}
	}
	a := Axis{Path: p, Values: values}
	for _, v := range values {
		a.origins = append(a.origins, fmt.Sprintf("%s %s (value %s)", flag, arg, v))
	}
	if err := a.check(); err != nil {
		return Axis{}, fmt.Errorf("%s %s: %v", flag, arg, err)
	}
	return a, nil
}

// yamlList reads a --vary LIST written as a YAML list into the values of
// an axis, each as the override's VALUE that sets it (FormatValue).
func yamlList(list, origin string) ([]string, error) {
	n, err := ParseValue(list, origin)
	if err != nil {
		return nil, err
	}
	if n.Kind != doc.Seq {
		return nil, fmt.Errorf("%s: expected a list of values, e.g. [leather, {armor_value: 5}], got %s", origin, n.Kind)
	}
	var values []string
	for i, it := range n.Items {
		if it.Kind == doc.Null {
			return nil, fmt.Errorf("%s: value [%d] is null (allowed: any value the field takes)", origin, i)
		}
		values = append(values, FormatValue(it))
	}
	return values, nil
}

// rangeForm is FROM..TO[:STEP] on the command line.
var rangeForm = regexp.MustCompile(`^(-?[0-9]+(?:\.[0-9]+)?)\.\.(-?[0-9]+(?:\.[0-9]+)?)(?::([0-9]+(?:\.[0-9]+)?))?$`)

// decimal is a plain decimal number, as a range's bounds and step are
// written.
var decimal = regexp.MustCompile(`^-?[0-9]+(?:\.[0-9]+)?$`)

// decimalRange returns from, from+step, … up to to, computed exactly (no
// 0.30000000000000004) and written with at most as many decimals as the
// inputs.
// It refuses a range of more than MaxSweepPoints values before making it.
func decimalRange(from, to, step string) ([]string, error) {
	var r [3]*big.Rat
	for i, s := range []string{from, to, step} {
		if !decimal.MatchString(s) {
			return nil, fmt.Errorf("%q is not a decimal number (allowed: e.g. 3, -1, 0.25)", s)
		}
		r[i], _ = new(big.Rat).SetString(s)
	}
	lo, hi, st := r[0], r[1], r[2]
	switch {
	case st.Sign() <= 0:
		return nil, fmt.Errorf("step %s: allowed: a number above 0", step)
	case hi.Cmp(lo) < 0:
		return nil, fmt.Errorf("from %s is above to %s (allowed: from ≤ to; list the values to go downwards)", from, to)
	}
	span := new(big.Rat).Quo(new(big.Rat).Sub(hi, lo), st)
	count := new(big.Int).Quo(span.Num(), span.Denom()) // floor: span ≥ 0
	if count.Cmp(big.NewInt(MaxSweepPoints)) >= 0 {
		return nil, fmt.Errorf("%s to %s by %s gives more than %d values (allowed: at most %d grid points)", from, to, step, MaxSweepPoints, MaxSweepPoints)
	}
	places := max(decimals(from), decimals(step))
	var out []string
	for k := int64(0); k <= count.Int64(); k++ {
		v := new(big.Rat).Add(lo, new(big.Rat).Mul(st, new(big.Rat).SetInt64(k)))
		out = append(out, trimZeros(v.FloatString(places)))
	}
	return out, nil
}

// trimZeros drops the zeros a decimal's fraction ends with, and then a
// bare point: 0.50 is 0.5, 1.00 is 1.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// decimals returns the number of digits after the point in a decimal.
func decimals(s string) int {
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// check refuses an axis without values, with an empty value, or with a
// value twice (two grid points that are one).
func (a Axis) check() error {
	if len(a.Values) == 0 {
		return errors.New("no values (allowed: a list of values or a range)")
	}
	if len(a.Values) > MaxSweepPoints {
		return fmt.Errorf("%d values (allowed: at most %d grid points)", len(a.Values), MaxSweepPoints)
	}
	seen := map[string]bool{}
	numeric := a.Numeric()
	for _, v := range a.Values {
		key := v
		if r, ok := new(big.Rat).SetString(v); numeric && ok {
			key = r.RatString() // exactly: 100000000000000002 and …3 are two points, though one float64
		}
		switch {
		case v == "":
			return errors.New("an empty value (allowed: any value the field takes)")
		case seen[key]:
			return fmt.Errorf("the value %s twice (each grid point once)", v)
		}
		seen[key] = true
	}
	return nil
}

// CheckAxes refuses more than MaxSweepFields axes and two axes of one
// path.
func CheckAxes(axes []Axis) error {
	switch {
	case len(axes) == 0:
		return errors.New("a sweep varies one or two fields; none given")
	case len(axes) > MaxSweepFields:
		return fmt.Errorf("a sweep varies at most %d fields (a curve or a heat map), not %d", MaxSweepFields, len(axes))
	case len(axes) == 2 && axes[0].Path == axes[1].Path:
		return fmt.Errorf("the field %s is varied twice", axes[0].Path)
	}
	return nil
}

// LoadSweep reads a sweep by built-in name ("eclipse/shields") or by file
// path. ok is false when ref names no sweep (it may be a scenario).
func LoadSweep(ref string) (s *Sweep, ok bool, err error) {
	src, file, name, builtin := readSweep(ref)
	if src == nil {
		return nil, false, nil
	}
	root, err := ParseYAML(file, src)
	if err != nil {
		if builtin || strings.HasSuffix(ref, ".yaml") || strings.HasSuffix(ref, ".yml") {
			return nil, true, err
		}
		return nil, false, nil
	}
	if root.Get("sweep") == nil {
		return nil, false, nil
	}
	s, err = parseSweep(root, file, name)
	if err != nil {
		return nil, true, err
	}
	if !builtin && isPath(s.Scenario) && !filepath.IsAbs(s.Scenario) {
		s.Scenario = filepath.Join(filepath.Dir(ref), s.Scenario)
	}
	return s, true, nil
}

// readSweep returns the source of the sweep ref names, where it was read
// from, its default name and whether it is built in; nil source when
// there is none.
func readSweep(ref string) (src []byte, file, name string, isBuiltin bool) {
	return readBuiltinOrFile(sweepsDir, ref)
}

func isPath(ref string) bool {
	return strings.HasSuffix(ref, ".yaml") || strings.HasSuffix(ref, ".yml")
}

// sweepDoc is a sweep file's fields.
type sweepDoc struct {
	Name        string      `doc:"name,name"`
	Description string      `doc:"description"`
	Scenario    string      `doc:"scenario,required"`
	Trials      *doc.Node   `doc:"trials"`
	Metric      *doc.Node   `doc:"metric"`
	Level       *doc.Node   `doc:"level"`
	Set         []*doc.Node `doc:"set"`
	Sweep       []*doc.Node `doc:"sweep,required"`
}

// axisDoc is one entry of a sweep file's `sweep:` list.
type axisDoc struct {
	Path   string      `doc:"path,required"`
	Values []*doc.Node `doc:"values"`
	From   *doc.Node   `doc:"from"`
	To     *doc.Node   `doc:"to"`
	Step   *doc.Node   `doc:"step"`
	Label  string      `doc:"label"`
}

func parseSweep(root *doc.Node, file, name string) (*Sweep, error) {
	if root.Kind != doc.Map {
		return nil, root.Errorf("a sweep is a mapping with `scenario:` and `sweep:` fields")
	}
	var d sweepDoc
	d.Name = name
	if err := doc.Decode(root, &d); err != nil {
		return nil, err
	}
	if err := checkFileName(root, file, "sweep", d.Name); err != nil {
		return nil, err
	}
	s := &Sweep{Name: d.Name, Description: d.Description, File: file, Scenario: d.Scenario,
		Metric: rules.Metric{Kind: rules.WinShare, Side: rules.A}}
	if strings.TrimSpace(d.Scenario) == "" {
		return nil, root.Get("scenario").Errorf("empty scenario (allowed: a built-in scenario name or a file path)")
	}
	var err error
	if doc.Present(d.Trials) {
		if s.Trials, err = sim.TrialRange.Int(d.Trials); err != nil {
			return nil, err
		}
	}
	if doc.Present(d.Metric) {
		if s.Metric, err = rules.ParseMetric(d.Metric.Value); err != nil {
			return nil, d.Metric.Errorf("%v", err)
		}
		s.MetricOrigin = fmt.Sprintf("%s (%s: %s)", d.Metric.Pos, d.Metric.Path, d.Metric.Value)
	}
	if doc.Present(d.Level) {
		v, err := ParseLevel(s.Metric, d.Level.Value)
		if err != nil {
			return nil, d.Level.Errorf("%v", err)
		}
		s.Level = &v
	}
	for _, n := range d.Set {
		if err := checkSet(n); err != nil {
			return nil, err
		}
		s.Sets = append(s.Sets, Override{Assignment: n.Value, Origin: fmt.Sprintf("%s (%s: %s)", n.Pos, n.Path, n.Value)})
	}
	if err := s.parseAxes(root.Get("sweep"), &d); err != nil {
		return nil, err
	}
	return s, nil
}

// parseAxes reads the sweep's axes (the node sweepNode, decoded into d)
// and checks that they make a sweep of a size a run can fight.
func (s *Sweep) parseAxes(sweepNode *doc.Node, d *sweepDoc) error {
	for _, n := range d.Sweep {
		a, err := parseAxis(n)
		if err != nil {
			return err
		}
		s.Axes = append(s.Axes, a)
	}
	if err := CheckAxes(s.Axes); err != nil {
		return sweepNode.Errorf("%v", err)
	}
	if err := CheckSweepSize(Points(s.Axes), 1); err != nil {
		return sweepNode.Errorf("%v", err)
	}
	if s.Trials > 0 {
		if err := CheckSweepSize(Points(s.Axes), s.Trials); err != nil {
			return d.Trials.Errorf("%v", err)
		}
	}
	return nil
}

// checkSet checks one entry of `set:`, PATH=VALUE.
func checkSet(n *doc.Node) error {
	if n.Kind != doc.Scalar {
		return n.Errorf("expected PATH=VALUE, e.g. options.tie-rule=underdog")
	}
	if err := CheckAssignment(n.Value); err != nil {
		return n.Errorf("%v", strings.TrimPrefix(err.Error(), "--set "+n.Value+": "))
	}
	return nil
}

// parseAxis reads one entry of `sweep:`: a path with values, or with a
// range from, to and step.
func parseAxis(n *doc.Node) (Axis, error) {
	var d axisDoc
	if err := doc.Decode(n, &d); err != nil {
		return Axis{}, err
	}
	if err := doc.CheckPath(d.Path); err != nil {
		return Axis{}, n.Get("path").Errorf("%v", err)
	}
	a := Axis{Path: d.Path, Label: strings.TrimSpace(d.Label)}
	ranged := doc.Present(d.From) || doc.Present(d.To) || doc.Present(d.Step)
	switch {
	case ranged && d.Values != nil:
		return Axis{}, n.Errorf("give values or a range (from, to, step), not both")
	case ranged:
		if err := a.addRange(n, d); err != nil {
			return Axis{}, err
		}
	case d.Values != nil:
		for _, v := range d.Values {
			if v.Kind == doc.Null {
				return Axis{}, v.Errorf("expected a value, got null")
			}
			// A value may be a list or a mapping (an armor of its own, a
			// fleet), kept as the override that sets it.
			text := FormatValue(v)
			a.Values = append(a.Values, text)
			a.origins = append(a.origins, fmt.Sprintf("%s (%s: %s=%s)", v.Pos, v.Path, d.Path, text))
		}
	default:
		return Axis{}, n.Errorf("missing values (allowed: `values: [..]`, or a range `from:`, `to:` and optional `step:`)")
	}
	if err := a.check(); err != nil {
		return Axis{}, n.Errorf("%v", err)
	}
	return a, nil
}

// addRange fills the axis from a range entry.
func (a *Axis) addRange(n *doc.Node, d axisDoc) error {
	for _, f := range []struct {
		name string
		v    *doc.Node
	}{{"from", d.From}, {"to", d.To}} {
		if !doc.Present(f.v) {
			return n.Errorf("a range needs %q (and to, from; step is 1 by default)", f.name)
		}
	}
	step := "1"
	if doc.Present(d.Step) {
		step = d.Step.Value
	}
	values, err := decimalRange(d.From.Value, d.To.Value, step)
	if err != nil {
		return n.Errorf("%v", err)
	}
	a.Values = values
	for _, v := range values {
		a.origins = append(a.origins, fmt.Sprintf("%s (%s: %s=%s)", d.From.Pos, n.Path, d.Path, v))
	}
	return nil
}

// ParseLevel reads the value at which a sweep's metric m breaks even
// (--level, `level:`): a number, or a percentage for a share or the
// margin; a share's level lies strictly between 0 and 1, the margin's
// between −1 and 1.
func ParseLevel(m rules.Metric, s string) (float64, error) {
	v, _, err := targetValue(m, strings.TrimSpace(s))
	return v, err
}

// DefaultLevel is the level at which a metric breaks even when none is
// given: one half for a share, 0 for the margin (a fair fight); other
// metrics have none (ok false), so their sweeps name no break-even unless
// asked.
func DefaultLevel(m rules.Metric) (level float64, ok bool) {
	switch {
	case m.Share():
		return 0.5, true
	case m.Kind == rules.Margin:
		return 0, true
	}
	return 0, false
}

// Override applies one override to the scenario, as Set does, naming
// its origin in errors.
func (s *Scenario) Override(o Override) error {
	p, v, ok := strings.Cut(o.Assignment, "=")
	if !ok {
		return fmt.Errorf("%s: expected PATH=VALUE", o.Origin)
	}
	n, err := ParseValue(v, o.Origin)
	if err != nil {
		return err
	}
	if err := s.root.SetNode(strings.TrimSpace(p), n, o.Origin); err != nil {
		return err
	}
	return s.derive()
}

// Clone returns a copy of the scenario that overrides do not share.
func (s *Scenario) Clone() *Scenario {
	c := *s
	c.root = s.root.Clone()
	c.Claims = append([]Claim(nil), s.Claims...)
	return &c
}

// BuiltinSweeps lists the built-in sweeps in name order.
func BuiltinSweeps() ([]Entry, error) {
	var out []Entry
	err := fs.WalkDir(builtin, sweepsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		name := strings.TrimSuffix(strings.TrimPrefix(p, sweepsDir+"/"), ".yaml")
		s, ok, err := LoadSweep(name)
		switch {
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("%s: not a sweep (a built-in sweep has a `sweep:` field)", p)
		}
		out = append(out, Entry{s.Name, s.Description})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}
