package store

import (
	"fmt"
	"os"
	"strings"
)

// Lock makes this process the only server of the database named by dsn,
// as Open names it, until the returned function is called. A SQLite file
// may be served by one process at a time: a second `skald serve` on it
// would hold the same matches in memory and neither would see the other's
// actions. Lock takes an exclusive lock on a file beside the database
// (path + ".lock", holding the server's process id) that the system
// releases when the process ends, however it ends. It returns ErrLocked,
// wrapped with the holder's process id, if another process holds it.
// PostgreSQL databases are shared by design: Lock does nothing for them.
func Lock(dsn string) (unlock func(), err error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return func() {}, nil
	}
	path := dsn + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dsn, err)
	}
	if err := lockFile(f); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		pid := strings.TrimSpace(string(holder))
		if pid == "" {
			pid = "unknown"
		}
		return nil, fmt.Errorf("%s is already served by another skald serve (process %s): stop it, or serve another file: %w", dsn, pid, ErrLocked)
	}
	f.Truncate(0)
	fmt.Fprintf(f, "%d\n", os.Getpid())
	return func() { f.Close() }, nil
}
