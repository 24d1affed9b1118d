package outdir

import (
	"fmt"
	"io"
	"path/filepath"
)

// File is one file of a report and how to render it: whole (Render), or,
// for a file too large to build in memory first, in pieces (Write, used
// when Render is nil).
type File struct {
	Name   string
	Render func() ([]byte, error)
	Write  func(io.Writer) error
}

// WriteFiles renders each file and writes it into dir atomically, in
// order; an error names the file it stopped at.
func WriteFiles(dir string, files []File) error {
	for _, f := range files {
		if f.Render == nil {
			if err := WriteAtomic(filepath.Join(dir, f.Name), f.Write); err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			continue
		}
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
