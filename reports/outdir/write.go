package outdir

import (
	"fmt"
	"path/filepath"
)

// File is one file of a report and how to render it.
type File struct {
	Name   string
	Render func() ([]byte, error)
}

// WriteFiles renders each file and writes it into dir atomically, in
// order; an error names the file it stopped at.
func WriteFiles(dir string, files []File) error {
	for _, f := range files {
		data, err := f.Render()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if err := WriteFileAtomic(filepath.Join(dir, f.Name), data); err != nil {
			return err
		}
	}
	return nil
}
