package formats

import (
	"bytes"
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes rows as CSV, every cell as Cell makes it safe to open
// in a spreadsheet. Every CSV file crucible writes goes through it.
func WriteCSV(w io.Writer, rows [][]string) error {
	rw := NewRowWriter(w)
	for _, row := range rows {
		if err := rw.Write(row); err != nil {
			return err
		}
	}
	return rw.Flush()
}

// RowWriter writes a CSV table one row at a time, each cell made safe as
// Cell makes it, for a table too large to hold whole (a sweep's).
type RowWriter struct {
	cw   *csv.Writer
	safe []string
}

// NewRowWriter returns a RowWriter that writes to w.
func NewRowWriter(w io.Writer) *RowWriter {
	return &RowWriter{cw: csv.NewWriter(w), safe: make([]string, 0, 16)}
}

// Write writes one row.
func (r *RowWriter) Write(row []string) error {
	r.safe = r.safe[:0]
	for _, c := range row {
		r.safe = append(r.safe, Cell(c))
	}
	return r.cw.Write(r.safe)
}

// Flush writes what is buffered and reports the first error met.
func (r *RowWriter) Flush() error {
	r.cw.Flush()
	return r.cw.Error()
}

func CsvBytes(rows [][]string) ([]byte, error) {
	var b bytes.Buffer
	err := WriteCSV(&b, rows)
	return b.Bytes(), err
}

// Cell returns a CSV cell as a spreadsheet will read it as text: a cell
// that starts with =, +, -, @, a tab or a carriage return and is not a
// number would be read as a formula (CSV injection: a scenario named
// =HYPERLINK(…) runs when the report is opened), so it gets a leading ',
// as OWASP recommends. Numbers, negative ones included, are left as they
// are, so that a machine reads them back unchanged.
func Cell(c string) string {
	if c == "" || !strings.ContainsRune("=+-@\t\r", rune(c[0])) {
		return c
	}
	if _, err := strconv.ParseFloat(c, 64); err == nil {
		return c
	}
	return "'" + c
}
