package cli

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The generated Slurm job array runs on a real Slurm: a one-node cluster
// (munged, slurmctld and slurmd on localhost, Debian's slurm-wlm and munge)
// that the test starts in a temporary directory and stops after it. The
// merged report must equal one local run byte for byte. Under CI the test
// must run; elsewhere it is skipped when Slurm is not installed or the test
// is not root (slurmd runs jobs as their user).
func TestSlurmRoundTrip(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("brings up a Slurm cluster; not with -short")
	}
	requireSlurm(t)
	dir := t.TempDir()
	// munged, running as its own user, must reach its socket in here.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The shared binary, copied where the job's user can run it.
	bin := filepath.Join(dir, "bin", "crucible")
	if err := copyExecutable(buildCrucible(t), bin); err != nil {
		t.Fatal(err)
	}
	c := startCluster(t, dir)

	// A --dir with a space and a '%', and an override with quotes, so that
	// the script's quoting meets a real shell and a real sbatch.
	c.roundTrip(t, bin, 3, "shards 100%", "report", "stratfight/jorah-vs-mountain", "--seed", "7", "--trials", "30000",
		"--set", `description=Jorah's "last" stand`)

	// A scenario file that includes another (dbd's scenario: FILE), beside
	// it, and an override that names a third, relative to the directory
	// the script runs in: the tasks read them where the nodes share them.
	line := dbdLine(t)
	os.MkdirAll(filepath.Join(dir, "scenarios", "maps"), 0o755)
	os.WriteFile(filepath.Join(dir, "scenarios", "maps", "line.json"), line, 0o644)
	os.WriteFile(filepath.Join(dir, "other.json"), []byte(strings.Replace(string(line), `"hp": 4, "hex": 109`, `"hp": 3, "hex": 109`, 1)), 0o644)
	os.WriteFile(filepath.Join(dir, "scenarios", "w.yaml"), []byte("ruleset: dbd\nscenario: maps/line.json\npolicies: {red: random, blue: random}\n"), 0o644)
	c.roundTrip(t, bin, 2, "dbd-shards", "dbd-report", "scenarios/w.yaml", "--seed", "3", "--trials", "40", "--set", "scenario=other.json")
}

// roundTrip writes the Slurm script of a run split into shards, submits
// it from the cluster's directory, and checks that the merged report and
// the merge's JSON are byte for byte one local run's.
func (c *cluster) roundTrip(t *testing.T, bin string, shards int, dir, out string, args ...string) {
	t.Helper()
	script := c.run(t, append(append([]string{bin, "batch", "slurm"}, args...),
		"--shards", strconv.Itoa(shards), "--crucible", bin, "--dir", dir, "--out", out)...)
	if err := os.WriteFile(filepath.Join(c.dir, "job.sh"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	submitted := c.run(t, "sh", "job.sh")
	m := regexp.MustCompile(`the merge as job (\d+)`).FindStringSubmatch(submitted)
	if m == nil {
		t.Fatalf("sh job.sh said %q", submitted)
	}
	c.waitJob(t, m[1], 45*time.Second)
	t.Logf("Slurm round trip of %s: %d shards, submitted to merged in %v", args[0], shards, time.Since(start).Round(10*time.Millisecond))

	single := c.run(t, append(append([]string{bin, "run"}, args...), "--format", "json")...)
	for _, f := range []string{out + "/summary.json", dir + "/merge.log"} {
		merged, err := os.ReadFile(filepath.Join(c.dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(merged, []byte(single)) {
			t.Errorf("%s differs from one local run:\n%s\nlocal:\n%s", f, merged, single)
		}
	}
	for k := range shards {
		if _, err := os.Stat(filepath.Join(c.dir, dir, fmt.Sprintf("shard-%d.json", k))); err != nil {
			t.Error(err)
		}
	}
}

// requireSlurm skips the test, or under CI fails it, when this machine
// cannot run a Slurm cluster.
func requireSlurm(t *testing.T) {
	t.Helper()
	stop := t.Skipf
	if os.Getenv("CI") != "" {
		stop = t.Fatalf
	}
	for _, b := range []string{"munged", "slurmctld", "slurmd", "sbatch", "sinfo", "scontrol"} {
		if _, err := exec.LookPath(b); err != nil {
			stop("Slurm is not installed (%s: %v); apt-get install slurm-wlm munge (.ci/run does)", b, err)
		}
	}
	if os.Geteuid() != 0 {
		stop("a Slurm cluster needs root here: slurmd runs jobs as their user")
	}
	if _, err := user.Lookup("munge"); err != nil {
		stop("no munge user (%v): the munge package creates it", err)
	}
}

// cluster is a one-node Slurm cluster in dir.
type cluster struct {
	dir string
	env []string // SLURM_CONF for the clients
}

// startCluster writes a munge key and slurm.conf into dir, starts munged,
// slurmctld and slurmd, stops them when the test ends, and returns once
// the node is idle.
func startCluster(t *testing.T, dir string) *cluster {
	host, err := exec.Command("hostname", "-s").Output()
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{dir: dir, env: append(os.Environ(), "SLURM_CONF="+filepath.Join(dir, "slurm.conf"))}
	for _, d := range []string{"munge", "state", "spool"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	munge := c.startMunge(t)
	conf := fmt.Sprintf(slurmConf, dir, munge, freePort(t), freePort(t), strings.TrimSpace(string(host)), runtime.NumCPU())
	if err := os.WriteFile(filepath.Join(dir, "slurm.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	c.daemon(t, "slurmctld", nil, "slurmctld", "-D")
	c.daemon(t, "slurmd", nil, "slurmd", "-D")
	deadline := time.Now().Add(30 * time.Second)
	for {
		state, _ := c.output("sinfo", "-h", "-o", "%T")
		if strings.TrimSpace(state) == "idle" {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("the node is %q after 30 s, not idle\n%s", state, c.logs())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// slurmConf is the smallest configuration of a one-node cluster that runs
// jobs as root without cgroups or accounting; the ports are free ones, so
// that the test meets no other Slurm on the machine.
const slurmConf = `ClusterName=crucible
SlurmctldHost=%[5]s(127.0.0.1)
SlurmctldPort=%[3]d
SlurmdPort=%[4]d
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=%[2]s
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=%[1]s/state
SlurmdSpoolDir=%[1]s/spool
SlurmctldPidFile=%[1]s/slurmctld.pid
SlurmdPidFile=%[1]s/slurmd.pid
SlurmctldLogFile=%[1]s/slurmctld.log
SlurmdLogFile=%[1]s/slurmd.log
NodeName=%[5]s NodeAddr=127.0.0.1 CPUs=%[6]d State=UNKNOWN
PartitionName=crucible Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`

// startMunge starts munged as the munge user with a fresh key and its own
// socket, and returns the socket's path once it exists.
func (c *cluster) startMunge(t *testing.T) string {
	u, err := user.Lookup("munge")
	if err != nil {
		t.Fatal(err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	d := filepath.Join(c.dir, "munge")
	key := make([]byte, 1024)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{d, filepath.Join(d, "munge.key")} {
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	socket := filepath.Join(d, "munge.socket")
	c.daemon(t, "munged", &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, "munged", "--foreground",
		"--socket="+socket, "--key-file="+filepath.Join(d, "munge.key"), "--pid-file="+filepath.Join(d, "munged.pid"),
		"--log-file="+filepath.Join(d, "munged.log"), "--seed-file="+filepath.Join(d, "munged.seed"))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(socket); err == nil {
			return socket
		}
		if time.Now().After(deadline) {
			t.Fatalf("munged made no socket in 10 s\n%s", c.logs())
		}
	}
}

// daemon starts a daemon in the foreground, as cred if not nil, with its
// output in dir/NAME.out, and stops it when the test ends: SIGTERM, then
// SIGKILL if it has not exited within ten seconds.
func (c *cluster) daemon(t *testing.T, name string, cred *syscall.Credential, args ...string) {
	t.Helper()
	out, err := os.Create(filepath.Join(c.dir, name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = c.dir, c.env, out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); out.Close(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
}

// waitJob waits until job id has completed, failing the test if it ends
// otherwise or is not done within limit.
func (c *cluster) waitJob(t *testing.T, id string, limit time.Duration) {
	t.Helper()
	state := regexp.MustCompile(`JobState=(\S+)`)
	for deadline := time.Now().Add(limit); ; time.Sleep(200 * time.Millisecond) {
		out, err := c.output("scontrol", "show", "job", id)
		s := state.FindStringSubmatch(out)
		switch {
		case err == nil && s != nil && s[1] == "COMPLETED":
			return
		case err == nil && s != nil && s[1] != "PENDING" && s[1] != "RUNNING" && s[1] != "CONFIGURING" && s[1] != "COMPLETING":
			t.Fatalf("job %s ended %s\n%s\n%s", id, s[1], out, c.logs())
		case time.Now().After(deadline):
			t.Fatalf("job %s not done after %v: %v\n%s\n%s", id, limit, err, out, c.logs())
		}
	}
}

// run runs a command in the cluster's directory and returns its standard
// output, failing the test if it fails.
func (c *cluster) run(t *testing.T, args ...string) string {
	t.Helper()
	out, err := c.output(args...)
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, c.logs())
	}
	return out
}

func (c *cluster) output(args ...string) (string, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Env = c.dir, c.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return string(out), err
}

// logs returns the tails of the cluster's logs, for a failure message.
func (c *cluster) logs() string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(c.dir, "*.log"))
	more, _ := filepath.Glob(filepath.Join(c.dir, "*", "*.log"))
	outs, _ := filepath.Glob(filepath.Join(c.dir, "*.out"))
	for _, f := range append(append(files, more...), outs...) {
		data, _ := os.ReadFile(f)
		if len(data) > 2000 {
			data = data[len(data)-2000:]
		}
		fmt.Fprintf(&b, "==> %s <==\n%s\n", f, data)
	}
	return b.String()
}

// freePort returns a TCP port that nothing listens on now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
