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
	cw := csv.NewWriter(w)
	safe := make([]string, 0, 16)
	for _, row := range rows {
		safe = safe[:0]
		for _, c := range row {
			safe = append(safe, Cell(c))
		}
		if err := cw.Write(safe); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
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
