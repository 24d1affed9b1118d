package ec4x

import (
	"fmt"
	"strconv"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Input bounds beyond the rules: they keep a battle's scratch space small
// and its arithmetic far from overflow. The generator (§5) never exceeds
// them (at most 12 task forces of at most 8 squadrons of at most 6 ships).
const (
	MaxTaskForces = 12 // §2.2: battles of 2 to 12 task forces
	maxSquadrons  = 64 // per task force
	maxEscorts    = 64 // per squadron
	maxPrestige   = 1_000_000
	maxMorale     = 20
)

// The defaults of a task force's fields (§2.3).
const (
	defaultROE      = 6
	defaultPrestige = 50
	defaultTech     = 1
	defaultSensor   = 1 // eli and clk
)

// The allowed ranges of the scenario's integer fields (§2.3): the decoder
// checks values against them and the reference lists them.
var (
	roeRange      = doc.Range{Min: 0, Max: 10, Note: "rules of engagement, §3.7"}
	prestigeRange = doc.Range{Min: -maxPrestige, Max: maxPrestige}
	moraleRange   = doc.Range{Min: -maxMorale, Max: maxMorale, Note: "a CER modifier"}
	eliRange      = doc.Range{Min: 1, Max: 5, Note: "ELI tech of the TF's scouts, §3.1 step 5"}
	clkRange      = doc.Range{Min: 1, Max: 5, Note: "CLK tech of the TF's raiders, §3.1 step 5"}
	seedRange     = doc.Range{Min: 0, Max: 1<<63 - 1, Note: "the LCG seed of §4.1"}
	// Test seeds are baseSeed + 1000·i (§5.3): the bound keeps them in
	// int64 for any trial a run can reach.
	baseSeedRange = doc.Range{Min: -1 << 52, Max: 1 << 52, Note: "test i is seeded baseSeed + 1000·i"}
	countRange    = doc.Range{Min: 1, Max: 1 << 40, Note: "the number of tests, the trials a run plays by default"}
)

// TaskForce is one house's forces in the system (§2.2, §2.3), as the
// scenario gives them or the generator (§5) makes them.
type TaskForce struct {
	House    string
	ROE      int
	Prestige int
	// Morale, when HasMorale, overrides the CER modifier nim-2025-11 derives
	// from prestige (§2.3, the fixture's field).
	Morale    int
	HasMorale bool
	Homeworld bool
	// ELI and CLK are the TF's scout ELI and raider CLK tech (§3.1 step 5).
	ELI, CLK  int
	Squadrons []Squadron
}

// Squadron is a flagship and its escorts (§2.2).
type Squadron struct {
	// ID is the scenario's id; empty for a generated squadron, whose id is
	// `{house}-sq-{K}` (§5.2).
	ID       string
	K        int
	Flagship Class
	Escorts  []Class
	// Tech is the WEP level its ships were built at (§2.1; spec only).
	Tech int
}

// Name returns the squadron's id.
func (s *Squadron) Name(tf *TaskForce) string {
	if s.ID != "" {
		return s.ID
	}
	return tf.House + "-sq-" + strconv.Itoa(s.K)
}

type scenarioDoc struct {
	Options    *doc.Node `doc:"options"`
	TaskForces *doc.Node `doc:"taskForces"`
	Suite      *doc.Node `doc:"suite"`
	Seed       *doc.Node `doc:"seed"`
}

type taskForceDoc struct {
	House     *doc.Node `doc:"house,required"`
	ROE       *doc.Node `doc:"roe"`
	Prestige  *doc.Node `doc:"prestige"`
	Morale    *doc.Node `doc:"morale"`
	Tech      *doc.Node `doc:"tech"`
	Homeworld *doc.Node `doc:"homeworld"`
	ELI       *doc.Node `doc:"eli"`
	CLK       *doc.Node `doc:"clk"`
	Squadrons *doc.Node `doc:"squadrons,required"`
}

type squadronDoc struct {
	ID       *doc.Node `doc:"id,required"`
	Flagship *doc.Node `doc:"flagship,required"`
	Escorts  *doc.Node `doc:"escorts"`
	Tech     *doc.Node `doc:"tech"`
}

type suiteDoc struct {
	BaseSeed *doc.Node `doc:"baseSeed"`
	Count    *doc.Node `doc:"count"`
}

// Compile validates a scenario (the ruleset's part of the document) and
// returns the battle.
func Compile(n *doc.Node) (*Battle, error) {
	var d scenarioDoc
	if err := doc.DecodeScenario(n, "expected a mapping with taskForces (or suite) and options", &d); err != nil {
		return nil, err
	}
	settings, opt, err := resolveOptions(d.Options)
	if err != nil {
		return nil, err
	}
	b := &Battle{Opt: opt}
	switch {
	case doc.Present(d.Suite) && doc.Present(d.TaskForces):
		return nil, d.Suite.Errorf("a scenario gives either taskForces or a generated suite, not both")
	case doc.Present(d.Suite):
		if doc.Present(d.Seed) {
			return nil, d.Seed.Errorf("a generated suite seeds each test's LCG with the test's own seed (§5.3); remove seed")
		}
		if b.Suite, err = compileSuite(d.Suite); err != nil {
			return nil, err
		}
	case doc.Present(d.TaskForces):
		if b.TaskForces, err = compileTaskForces(d.TaskForces, opt); err != nil {
			return nil, err
		}
	default:
		return nil, n.Errorf("missing taskForces: a list of at least 2 task forces {house, roe, prestige, tech, homeworld, eli, clk, squadrons} (§2.3), or suite: {baseSeed, count} (§5)")
	}
	if doc.Present(d.Seed) {
		if !opt.Nim {
			return nil, d.Seed.Errorf("seed fixes the LCG of profile %s (§4.1); profile %s draws from the trial's stream", ProfileNim, ProfileSpec)
		}
		v, err := seedRange.Int(d.Seed)
		if err != nil {
			return nil, err
		}
		b.Seed, b.FixedSeed = uint64(v), true
	}
	if b.TaskForces != nil {
		b.tmpl.load(b.TaskForces, opt)
	}
	b.finish(settings)
	return b, nil
}

// compileSuite reads `suite: {baseSeed, count}` (§2.3, §5).
func compileSuite(n *doc.Node) (*Suite, error) {
	var d suiteDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	s := &Suite{BaseSeed: DefaultBaseSeed, Count: DefaultSuiteCount}
	if doc.Present(d.BaseSeed) {
		v, err := baseSeedRange.Int(d.BaseSeed)
		if err != nil {
			return nil, err
		}
		s.BaseSeed = v
	}
	if doc.Present(d.Count) {
		v, err := countRange.Int(d.Count)
		if err != nil {
			return nil, err
		}
		s.Count = v
	}
	return s, nil
}

func compileTaskForces(n *doc.Node, opt Options) ([]TaskForce, error) {
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of task forces, got %s", n.Kind)
	}
	if len(n.Items) < 2 || len(n.Items) > MaxTaskForces {
		return nil, n.Errorf("%d task forces: a battle has 2 to %d (§2.2)", len(n.Items), MaxTaskForces)
	}
	tfs := make([]TaskForce, len(n.Items))
	houses := map[string]bool{}
	ids := map[string]string{}
	for t, item := range n.Items {
		tf, err := compileTaskForce(item, opt, ids)
		if err != nil {
			return nil, err
		}
		if houses[tf.House] {
			return nil, item.Get("house").Errorf("task force %s: house %q appears twice (houses are unique ids, §2.3)", tf.House, tf.House)
		}
		houses[tf.House] = true
		tfs[t] = tf
	}
	return tfs, nil
}

func compileTaskForce(n *doc.Node, opt Options, ids map[string]string) (TaskForce, error) {
	if n.Kind != doc.Map {
		return TaskForce{}, n.Errorf("expected a task force {house, roe, prestige, tech, homeworld, eli, clk, squadrons}, got %s", n.Kind)
	}
	var d taskForceDoc
	if err := doc.Decode(n, &d); err != nil {
		return TaskForce{}, err
	}
	house, err := doc.Name(d.House)
	if err != nil {
		return TaskForce{}, err
	}
	tf := TaskForce{House: house, ROE: defaultROE, Prestige: defaultPrestige, ELI: defaultSensor, CLK: defaultSensor}
	tech, err := tf.decodeFields(&d, opt)
	if err != nil {
		return TaskForce{}, err
	}
	if d.Squadrons.Kind != doc.Seq || len(d.Squadrons.Items) == 0 || len(d.Squadrons.Items) > maxSquadrons {
		return TaskForce{}, tf.errorf(d.Squadrons, "expected a list of 1 to %d squadrons {id, flagship, escorts, tech}", maxSquadrons)
	}
	tf.Squadrons = make([]Squadron, len(d.Squadrons.Items))
	for k, item := range d.Squadrons.Items {
		sq, err := compileSquadron(item, &tf, tech, opt)
		if err != nil {
			return TaskForce{}, err
		}
		if !opt.Nim {
			if other, dup := ids[sq.ID]; dup {
				return TaskForce{}, item.Get("id").Errorf("task force %s, squadron %s: id: the id is already used in task force %s (ids are unique under profile %s, §2.3)", house, sq.ID, other, ProfileSpec)
			}
		}
		ids[sq.ID] = house
		sq.K = k + 1
		tf.Squadrons[k] = sq
	}
	return tf, nil
}

// errorf is the error of the task force's field f.
func (tf *TaskForce) errorf(f *doc.Node, format string, args ...any) error {
	return f.Errorf("task force %s: %s", tf.House, fmt.Sprintf(format, args...))
}

// decodeFields sets the task force's scalar fields that d gives (§2.3),
// leaving the defaults of the others, and returns the tech its squadrons
// are built at unless they say otherwise.
func (tf *TaskForce) decodeFields(d *taskForceDoc, opt Options) (tech int, err error) {
	tech = defaultTech
	for _, f := range []struct {
		n   *doc.Node
		r   doc.Range
		dst *int
	}{
		{d.ROE, roeRange, &tf.ROE},
		{d.Prestige, prestigeRange, &tf.Prestige},
		{d.Tech, techRange, &tech},
		{d.ELI, eliRange, &tf.ELI},
		{d.CLK, clkRange, &tf.CLK},
	} {
		if err := tf.intField(f.n, f.r, f.dst); err != nil {
			return 0, err
		}
	}
	if doc.Present(d.Morale) {
		if !opt.Nim {
			return 0, tf.errorf(d.Morale, "morale is a field of profile %s (§2.3); under %s morale comes from prestige (§3.1 step 3)", ProfileNim, ProfileSpec)
		}
		if err := tf.intField(d.Morale, moraleRange, &tf.Morale); err != nil {
			return 0, err
		}
		tf.HasMorale = true
	}
	if doc.Present(d.Homeworld) {
		if tf.Homeworld, err = doc.ParseBool(d.Homeworld); err != nil {
			return 0, tf.errorf(d.Homeworld, "%s", err.(*doc.Error).Msg)
		}
	}
	return tech, nil
}

// intField sets *dst to the integer f gives, within r, if f is present.
func (tf *TaskForce) intField(f *doc.Node, r doc.Range, dst *int) error {
	if !doc.Present(f) {
		return nil
	}
	v, err := r.Int(f)
	if err != nil {
		return tf.errorf(f, "%s", err.(*doc.Error).Msg)
	}
	*dst = int(v)
	return nil
}

// squadronErrors positions the errors of one squadron's fields.
type squadronErrors struct{ house, id string }

func (e squadronErrors) at(f *doc.Node, field, format string, args ...any) error {
	return f.Errorf("task force %s, squadron %s: %s: %s", e.house, e.id, field, fmt.Sprintf(format, args...))
}

func compileSquadron(n *doc.Node, tf *TaskForce, tech int, opt Options) (Squadron, error) {
	if n.Kind != doc.Map {
		return Squadron{}, n.Errorf("task force %s: expected a squadron {id, flagship, escorts, tech}, got %s", tf.House, n.Kind)
	}
	var d squadronDoc
	if err := doc.Decode(n, &d); err != nil {
		return Squadron{}, err
	}
	id, err := doc.Name(d.ID)
	if err != nil {
		return Squadron{}, d.ID.Errorf("task force %s: squadron id: %s", tf.House, err.(*doc.Error).Msg)
	}
	e := squadronErrors{tf.House, id}
	sq := Squadron{ID: id, Tech: tech}
	if doc.Present(d.Tech) {
		v, err := techRange.Int(d.Tech)
		if err != nil {
			return Squadron{}, e.at(d.Tech, "tech", "%s", err.(*doc.Error).Msg)
		}
		sq.Tech = int(v)
	}
	if sq.Flagship, err = e.class(d.Flagship, "flagship", opt); err != nil {
		return Squadron{}, err
	}
	if doc.Present(d.Escorts) {
		if d.Escorts.Kind != doc.Seq || len(d.Escorts.Items) > maxEscorts {
			return Squadron{}, e.at(d.Escorts, "escorts", "expected a list of at most %d ship classes", maxEscorts)
		}
		for i, item := range d.Escorts.Items {
			c, err := e.class(item, fmt.Sprintf("escorts[%d]", i), opt)
			if err != nil {
				return Squadron{}, err
			}
			sq.Escorts = append(sq.Escorts, c)
		}
	}
	if opt.Nim {
		return sq, nil // §2.3: nim-2025-11 checks only classes and the TF count
	}
	return sq, e.checkSpec(&sq, d.Escorts, opt)
}

// class reads the ship class f names: one of the table's, and no
// spacelift under profile spec.
func (e squadronErrors) class(f *doc.Node, field string, opt Options) (Class, error) {
	if f.Kind != doc.Scalar {
		return 0, e.at(f, field, "expected a ship class, got %s (allowed: %s)", f.Kind, opt.Ships.classNamesOf())
	}
	c, ok := ParseClass(f.Value)
	switch {
	case ok && (c == ETAC || c == TroopTransport) && !opt.Nim:
		return 0, e.at(f, field, "%s is spacelift, not allowed in combat under profile %s (§2.1, §9 item 6)", c, ProfileSpec)
	case !ok || !opt.Ships.Has[c]:
		return 0, e.at(f, field, "unknown ship class %q in table %s (allowed: %s)%s", f.Value, opt.Ships.Name, opt.Ships.classNamesOf(), doc.DidYouMean(f.Value, opt.Ships.Classes()))
	}
	return c, nil
}

// checkSpec makes the validations of profile spec (§2.2, §2.3) on a
// squadron whose escorts the node escorts gave.
func (e squadronErrors) checkSpec(sq *Squadron, escorts *doc.Node, opt Options) error {
	switch {
	case sq.Flagship == Starbase && len(sq.Escorts) > 0:
		return e.at(escorts, "escorts", "a Starbase takes no escorts (§2.3)")
	case sq.Flagship == Fighter:
		for i, c := range sq.Escorts {
			if c != Fighter {
				return e.at(escorts.Items[i], fmt.Sprintf("escorts[%d]", i), "%s in a fighter squadron: a Fighter flagship leads only Fighters (§2.3)", c)
			}
		}
	}
	cc := 0
	for _, c := range sq.Escorts {
		cc += opt.Ships.Stats[c].CC
	}
	if cr := opt.Ships.Stats[sq.Flagship].CR; cc > cr {
		return e.at(escorts, "escorts", "the escorts' command cost %d exceeds the flagship's command rating %d (%s, table %s; §2.2)", cc, cr, sq.Flagship, opt.Ships.Name)
	}
	return nil
}
