package outdir

import (
	"os"
	"path/filepath"

	"github.com/crucible-sim/crucible/sim"
)

// TallyFile makes the file in which the command keeps the tallies of the
// work it finished until it ends (sim.Shelf), in the directory, beside the
// checkpoint they are saved into: on the disk the report goes to, where
// the system's temporary directory may be memory. Its name is removed as
// soon as it is made, so that nothing is left of it however the command
// ends; named as a temporary of the checkpoint, it is cleaned up as one
// (Open) if a kill comes between the two. Close closes it.
func (d *Dir) TallyFile() (sim.ShelfFile, error) {
	f, name, err := createTemp(filepath.Join(d.path, CheckpointFile))
	if err != nil {
		return nil, err
	}
	if err := os.Remove(name); err != nil {
		f.Close()
		return nil, err
	}
	d.mu.Lock()
	d.kept = append(d.kept, f)
	d.mu.Unlock()
	return f, nil
}
