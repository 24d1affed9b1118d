package cli

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/sim"
)

// serveOptions are serve's flags.
type serveOptions struct {
	addr       string
	maxTrials  int64
	maxJobs    int
	maxTabJobs int
	maxBody    int64
	workers    int
	maxConns   int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve [DIR]",
		Short: "The designer's workbench in the browser: edit a scenario, watch its odds",
		Long: `serve starts the workbench on this machine and prints its address: a page to
pick a built-in scenario, a YAML file of DIR or a new one, edit it with its
errors shown at their line as you type, and watch its odds tighten as the
trials stream in, with the exact value where the ruleset's solver reaches.
Every result shows the command and seed that reproduce it; a permalink
restores the page. It listens on loopback unless --addr says otherwise
(and warns when it does not), answers only requests addressed to itself
from a browser that opened the address it prints (whose token it keeps in
a cookie), and reads files only inside DIR. Ctrl-C stops it.`,
		Example: `  crucible serve
  crucible serve my-scenarios/ --addr 127.0.0.1:9000`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.serve(cmd, args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (port 0: any free one)")
	command.DecimalVar(fl, &o.maxTrials, "max-trials", "", workbench.DefaultMaxTrials, "the most trials one job of the page may fight")
	command.DecimalVar(fl, &o.maxJobs, "max-jobs", "", workbench.DefaultMaxJobs, "the most jobs the server runs at once")
	command.DecimalVar(fl, &o.maxTabJobs, "max-tab-jobs", "", workbench.DefaultMaxTabJobs, "the most jobs one tab runs at once")
	command.DecimalVar(fl, &o.maxBody, "max-body", "", workbench.DefaultMaxBody, "the largest request the server reads, in bytes")
	command.DecimalVar(fl, &o.maxConns, "max-conns", "", workbench.DefaultMaxConns, "the most connections the server holds open at once (each tab holds one)")
	command.DecimalVar(fl, &o.workers, "workers", "w", 0, "worker goroutines of each job (default: one per core)")
	return cmd
}

func (o *serveOptions) check() error {
	switch {
	case o.maxTrials < 1 || o.maxTrials > sim.MaxTrials:
		return command.UsageError("--max-trials %d: allowed: an integer from 1 to %d", o.maxTrials, int64(sim.MaxTrials))
	case o.maxJobs < 1:
		return command.UsageError("--max-jobs %d: allowed: an integer from 1", o.maxJobs)
	case o.maxConns < 1:
		return command.UsageError("--max-conns %d: allowed: an integer from 1", o.maxConns)
	case o.maxTabJobs < 1:
		return command.UsageError("--max-tab-jobs %d: allowed: an integer from 1", o.maxTabJobs)
	case o.maxBody < 1024:
		return command.UsageError("--max-body %d: allowed: an integer from 1024 (bytes)", o.maxBody)
	case o.workers < 0 || o.workers > sim.MaxWorkers:
		return command.UsageError("--workers %d: allowed: an integer from 1 to %d (default: one per core)", o.workers, sim.MaxWorkers)
	}
	return nil
}

func (o *serveOptions) serve(cmd *cobra.Command, args []string) error {
	if err := o.check(); err != nil {
		return err
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	cfg := workbench.Config{Version: command.Version, MaxTrials: o.maxTrials, MaxJobs: o.maxJobs,
		MaxTabJobs: o.maxTabJobs, MaxBody: o.maxBody, Workers: o.workers, MaxConns: o.maxConns, Token: token}
	if len(args) == 1 {
		cfg.Dir = args[0]
	}
	wb, err := workbench.New(cfg)
	if err != nil {
		return err
	}
	if _, _, err := net.SplitHostPort(o.addr); err != nil {
		return command.UsageError("--addr %q: allowed: HOST:PORT, e.g. 127.0.0.1:8080", o.addr)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	addr := ln.Addr().(*net.TCPAddr)
	if !addr.IP.IsLoopback() {
		command.Notice(cmd, "warning: --addr %s listens on %s: anyone who can reach this machine at port %d can reach the workbench, which only its token keeps out; --addr 127.0.0.1:%d keeps it to this machine",
			o.addr, interfaces(addr.IP), addr.Port, addr.Port)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: the workbench is at http://%s/?token=%s (Ctrl-C stops it)\n", cmd.Root().Name(), pageHost(addr), token)
	return wb.Serve(cmd.Context(), ln)
}

// newToken draws the secret a browser shows the workbench (its address
// carries it once, then a cookie): 128 random bits, in hex.
func newToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// interfaces says which interfaces a listening address covers.
func interfaces(ip net.IP) string {
	if ip.IsUnspecified() {
		return "every interface of this machine"
	}
	return "the interface of " + ip.String()
}

// pageHost is the HOST:PORT of the page's address: loopback for an address
// of every interface, which the guard accepts as it accepts any IP.
func pageHost(addr *net.TCPAddr) string {
	if addr.IP.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(addr.Port))
	}
	return addr.String()
}
