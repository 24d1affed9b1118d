package analysis

import (
	"fmt"
	"slices"
	"sync"

	"github.com/crucible-sim/crucible/sim"
)

// Sections keeps the checkpoint of a command whose work is a series of
// runs it decides as it goes — a tune's probes, a balance search's
// matrices — so that no list of parts known before the first trial (what
// a Journal begins with) describes it. Each run is a section, named by
// what makes its trials what they are (the phase and value of a probe,
// a matrix's place in the search); its parts are saved under that name
// (sim.Checkpoint.Section) beside every other section's. A resumed command
// gives each section the parts saved under its name: a section that
// finished runs at once from them, the one interrupted goes on, a later
// one begins afresh. Since every part is still checked against its
// scenario, seed and trials (Journal), and a command chooses its next
// section from the results of the last, the resumed command's output is
// that of an uninterrupted one.
type Sections struct {
	run   Run
	prior map[string][]*sim.Checkpoint
	// mu guards the sections' parts and serialises saves.
	mu    sync.Mutex
	names []string // in the order first seen: the prior's, then new ones
	parts map[string][]*sim.Checkpoint
}

// Sections returns the sections of a command of the run, resuming from
// r.Resume. It refuses a checkpoint with a part outside any section — the
// checkpoint of another kind of command — naming what it holds, before
// any trial. The command's work names itself in the refusal (e.g. "a
// tune of eclipse/interceptors-for-70").
func (r Run) Sections(work string) (*Sections, error) {
	s := &Sections{run: r, prior: map[string][]*sim.Checkpoint{}, parts: map[string][]*sim.Checkpoint{}}
	for _, c := range r.Resume {
		if c.Section == "" {
			return nil, fmt.Errorf("cannot resume: the checkpoint holds %s; this command runs %s. Resume with the command that began the run, or run again without --resume to start over",
				describe(r.Resume), work)
		}
		if _, seen := s.prior[c.Section]; !seen {
			s.names = append(s.names, c.Section)
		}
		s.prior[c.Section] = append(s.prior[c.Section], c)
	}
	for name, cs := range s.prior {
		s.parts[name] = cs // kept until the section saves anew
	}
	return s, nil
}

// Section returns the run of the section of that name: the command's run
// whose Resume is the parts saved under the name (nil when there are
// none: the section begins afresh), and whose Save saves them with every
// other section's. A command runs each section once.
func (s *Sections) Section(name string) Run {
	r := s.run
	r.Resume = s.prior[name]
	if r.Save == nil {
		return r
	}
	r.Save = func(cs []*sim.Checkpoint) { s.save(name, cs) }
	return r
}

// save records the parts of section name and saves every section's.
func (s *Sections) save(name string, cs []*sim.Checkpoint) {
	tagged := make([]*sim.Checkpoint, len(cs))
	for i, c := range cs {
		t := *c
		t.Section = name
		tagged[i] = &t
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, seen := s.parts[name]; !seen {
		s.names = append(s.names, name)
	}
	s.parts[name] = tagged
	var all []*sim.Checkpoint
	for _, n := range s.names {
		all = append(all, s.parts[n]...)
	}
	s.run.Save(slices.Clip(all))
}
