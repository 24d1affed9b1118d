package workbench_test

import (
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// TestHiddenPageClosesItsStream: a page the browser keeps in its
// back-forward cache after the designer leaves it must not keep its tab's
// jobs running on the server. The tests' browser has that cache off, so the
// page is sent the events a cached page gets: pagehide (persisted) when
// left, pageshow (persisted) when it comes back.
func TestHiddenPageClosesItsStream(t *testing.T) {
	t.Parallel()
	s, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/")
	waitTabs(t, s, 1)

	eval[bool](t, p, `dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))`)
	waitTabs(t, s, 0)
	if got := p.text(t, "connection"); got != "disconnected: page hidden" {
		t.Errorf("the connection line of a hidden page: %q", got)
	}

	eval[bool](t, p, `dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))`)
	p.wait(t, `window.workbench.ready`, 10*time.Second)
	waitTabs(t, s, 1)
	if got := p.text(t, "connection"); got != "connected" {
		t.Errorf("the connection line of a page shown again: %q", got)
	}
}

// waitTabs waits until s has n tabs with their stream open.
func waitTabs(t *testing.T, s *workbench.Server, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for workbench.OpenTabs(s) != n {
		if time.Now().After(deadline) {
			t.Fatalf("the server has %d tabs open, want %d", workbench.OpenTabs(s), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
