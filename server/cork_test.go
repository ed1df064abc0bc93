package server

import (
	"net"
	"strings"
	"testing"
	"time"
)

// recordConn is a net.Conn that records each write.
type recordConn struct {
	net.Conn
	writes []string
}

func (c *recordConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, string(p))
	return len(p), nil
}

func (c *recordConn) SetWriteDeadline(time.Time) error { return nil }

// TestCorkConn checks that what is written while a connection is corked
// goes out in one write when it is uncorked, in order, and that writes
// are passed on at once otherwise.
func TestCorkConn(t *testing.T) {
	rc := &recordConn{}
	c := &corkConn{Conn: rc}
	steps := []struct {
		op, data string // op: "write", "cork", "uncork"
		want     []string
	}{
		{"write", "a", []string{"a"}},
		{"cork", "", []string{"a"}},
		{"write", "ack", []string{"a"}},
		{"write", "frame", []string{"a"}},
		{"uncork", "", []string{"a", "ackframe"}},
		{"uncork", "", []string{"a", "ackframe"}}, // nothing gathered: no write
		{"write", "ping", []string{"a", "ackframe", "ping"}},
	}
	for i, st := range steps {
		switch st.op {
		case "write":
			if n, err := c.Write([]byte(st.data)); n != len(st.data) || err != nil {
				t.Fatalf("step %d: write %d, %v", i, n, err)
			}
		case "cork":
			c.cork()
		case "uncork":
			if err := c.uncork(time.Second); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if got := strings.Join(rc.writes, "|"); got != strings.Join(st.want, "|") {
			t.Fatalf("step %d (%s %q): writes %q, want %q", i, st.op, st.data, rc.writes, st.want)
		}
	}
}
