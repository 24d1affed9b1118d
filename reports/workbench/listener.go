package workbench

import (
	"net"
	"sync"
)

// capListener is a listener that holds at most n connections at once: it
// accepts the next only once one of those it gave has closed (the ones
// beyond wait in the system's queue).
type capListener struct {
	net.Listener
	slots  chan struct{}
	closed chan struct{}
	once   sync.Once
}

func limitListener(ln net.Listener, n int) net.Listener {
	return &capListener{Listener: ln, slots: make(chan struct{}, n), closed: make(chan struct{})}
}

func (l *capListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.closed:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &cappedConn{Conn: c, free: func() { <-l.slots }}, nil
}

// cappedConn frees its listener's slot when first closed.
type cappedConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}

// Close closes the listener, and ends an Accept waiting for a slot.
func (l *capListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return l.Listener.Close()
}
