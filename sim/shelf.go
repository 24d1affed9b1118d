package sim

import (
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync"
)

// A Shelf keeps what sealed checkpoints (Checkpoint.Seal) share: one copy
// of each layout their tallies are written against, and, on a shelf made
// by NewShelf, the tallies themselves, out of the heap, in a temporary
// file. A sweep keeps a checkpoint of each of its up to 10,000 finished
// points until it ends (1.7 KB of sparse JSON a dbd point: 16.5 MB), which
// the collector lets the heap grow to twice that (bench/sweep-out.txt); on
// the file, a point costs the heap the few words that find its tally,
// read back only when a checkpoint file is written (EncodeCheckpoints) or
// the checkpoint unsealed. The zero Shelf keeps the tallies in memory.
//
// The file is removed as soon as it is made, so that a killed command
// leaves nothing behind; the system frees its space when the last
// checkpoint on it is dropped (its descriptor is closed with it) or the
// command ends. Where no such file can be made or written (no temporary
// directory, a full disk), the tallies stay in memory: the command is the
// same, only larger.
//
// A Shelf is safe for concurrent use.
type Shelf struct {
	mu      sync.Mutex
	layouts Layouts
	// onFile says to keep tallies in file, made at the first tally; after
	// an error making or writing it, file is nil and tallies stay in
	// memory.
	onFile bool
	file   *shelfFile
}

// NewShelf returns a shelf that keeps its tallies in a temporary file.
func NewShelf() *Shelf { return &Shelf{onFile: true} }

// shelfFile is a shelf's temporary file, written only at its end.
type shelfFile struct {
	f   *os.File
	end int64
}

// shelved is where a sealed tally's JSON is on a shelf's file: n bytes at
// offset at, whose CRC-32 (IEEE) is sum, so that a file changed under the
// command is told, not read as another tally.
type shelved struct {
	file *shelfFile
	at   int64
	n    int
	sum  uint32
}

// seal returns the layout kept equal to t's, and where data, t's sparse
// JSON, is kept: nil when it stays in memory.
func (s *Shelf) seal(t *Tally, data []byte) (*Layout, *shelved) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.layouts.of(t), s.put(data)
}

// move puts data, a tally sealed in memory, on the shelf's file, and
// returns where it is; nil when the shelf keeps its tallies in memory.
func (s *Shelf) move(data []byte) *shelved {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.put(data)
}

// put writes data at the end of the shelf's file and returns where it is,
// or nil when the shelf keeps its tallies in memory (the zero Shelf, or
// one whose file could not be made or written).
func (s *Shelf) put(data []byte) *shelved {
	if !s.onFile {
		return nil
	}
	if s.file == nil {
		f, err := openShelfFile()
		if err != nil {
			s.onFile = false
			return nil
		}
		s.file = f
	}
	at := s.file.end
	if _, err := s.file.f.WriteAt(data, at); err != nil {
		s.onFile, s.file = false, nil // what is on it stays readable
		return nil
	}
	s.file.end += int64(len(data))
	return &shelved{file: s.file, at: at, n: len(data), sum: crc32.ChecksumIEEE(data)}
}

// openShelfFile makes a shelf's temporary file and removes its name, so
// that nothing is left of it once the command ends, however it ends; a
// file whose name cannot be removed is not used.
func openShelfFile() (*shelfFile, error) {
	f, err := os.CreateTemp("", "crucible-tallies-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &shelfFile{f: f}, nil
}

// read returns the tally's JSON, in buf if it has the room.
func (p *shelved) read(buf []byte) ([]byte, error) {
	if cap(buf) < p.n {
		buf = make([]byte, p.n)
	}
	buf = buf[:p.n]
	if _, err := p.file.f.ReadAt(buf, p.at); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("reading its tally back from the temporary file: %w", err)
	}
	if crc32.ChecksumIEEE(buf) != p.sum {
		return nil, fmt.Errorf("its tally read back from the temporary file is not the one written (%d bytes at %d)", p.n, p.at)
	}
	return buf, nil
}
