//go:build !unix

package store

import "os"

// lockFile does nothing where flock is not available.
func lockFile(f *os.File) error { return nil }
