package sim

import (
	"fmt"
	"hash/crc32"
	"io"
	"sync"
)

// A Shelf keeps what sealed checkpoints (Checkpoint.Seal) share: one copy
// of each layout their tallies are written against, and, on a shelf given
// a file (NewShelf), the tallies themselves, out of the heap. A sweep
// keeps a checkpoint of each of its up to 10,000 finished points until it
// ends (1.7 KB of sparse JSON a dbd point: 16.5 MB), which the collector
// lets the heap grow to twice that (bench/sweep-out.txt); on the file, a
// point costs the heap the few words that find its tally, read back only
// when a checkpoint file is written (EncodeCheckpoints) or the checkpoint
// unsealed. The zero Shelf keeps the tallies in memory, and so does one
// whose file cannot be made or written (a full disk): the command is the
// same, only larger.
//
// A Shelf is safe for concurrent use.
type Shelf struct {
	mu      sync.Mutex
	layouts Layouts
	// open makes the file, at the first tally; nil after an error making
	// or writing it, when tallies stay in memory.
	open func() (ShelfFile, error)
	file *shelfFile
}

// ShelfFile is the file a shelf keeps tallies in, written only at its end
// (an *os.File is one). The shelf never closes it, since a command may
// write a checkpoint after its journal has ended: its maker closes it
// when the command ends.
type ShelfFile interface {
	io.ReaderAt
	io.WriterAt
}

// NewShelf returns a shelf that keeps its tallies in the file open makes
// when the first is sealed; nil open keeps them in memory.
func NewShelf(open func() (ShelfFile, error)) *Shelf { return &Shelf{open: open} }

// shelfFile is a shelf's file and how much of it is written.
type shelfFile struct {
	f   ShelfFile
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
// or nil when the shelf keeps its tallies in memory (it has no file, or
// its file could not be made or written).
func (s *Shelf) put(data []byte) *shelved {
	if s.file == nil && s.open != nil {
		f, err := s.open()
		if err != nil {
			s.open = nil
			return nil
		}
		s.file = &shelfFile{f: f}
	}
	if s.file == nil {
		return nil
	}
	at := s.file.end
	if _, err := s.file.f.WriteAt(data, at); err != nil {
		s.open, s.file = nil, nil // what is on it stays readable
		return nil
	}
	s.file.end += int64(len(data))
	return &shelved{file: s.file, at: at, n: len(data), sum: crc32.ChecksumIEEE(data)}
}

// read returns the tally's JSON, in buf if it has the room.
func (p *shelved) read(buf []byte) ([]byte, error) {
	if cap(buf) < p.n {
		buf = make([]byte, p.n)
	}
	buf = buf[:p.n]
	if n, err := p.file.f.ReadAt(buf, p.at); n < p.n {
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
