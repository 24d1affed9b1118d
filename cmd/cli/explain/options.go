package explain

import (
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/explainreport"
	"github.com/crucible-sim/crucible/reports/outdir"
)

// options are the command's flags: the scenario and run flags it shares
// (--seed, --trials, --workers, --chunk, --set, --unset) and its own.
type options struct {
	rf       command.RunFlags
	outcome  string
	examples int
	budget   int64
	paths    int
	attr     string
	side     string
	sampled  bool
	// sensitivity holds the --sensitivity fields, metric the metric
	// they are ranked on and rows the Saltelli design's.
	sensitivity []string
	metric      string
	rows        int
	format      string
	out         string
	// seed is the run's seed, for the page's command line (0: none
	// drawn).
	seed uint64
}

// emit prints an answer in the chosen format and, with --out, writes every
// format and a page of it to the report directory.
func (o *options) emit(cmd *cobra.Command, title string, text func(io.Writer) error, js, table func() ([]byte, error)) error {
	raw, err := js()
	if err != nil {
		return err
	}
	tab, err := table()
	if err != nil {
		return err
	}
	var txt bytes.Buffer
	if err := text(&txt); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	switch o.format {
	case "json":
		_, err = fmt.Fprintf(w, "%s\n", raw)
	case "csv":
		_, err = w.Write(tab)
	default:
		_, err = w.Write(txt.Bytes())
	}
	if err != nil || o.out == "" {
		return err
	}
	od, err := outdir.Open(o.out)
	if err != nil {
		return err
	}
	defer od.Close()
	od.Command = command.Reproduce(cmd, o.seed)
	if err := explainreport.Write(od, title, txt.Bytes(), raw, tab); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: explanation written to %s\n", cmd.Root().Name(), o.out)
	return nil
}
