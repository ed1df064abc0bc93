//go:build pg

package server

import (
	"testing"

	"skald/internal/pgtest"
)

// TestKillDuringBurstPostgres is TestKillDuringBurst on PostgreSQL, whose
// group commit stores a batch in one statement.
func TestKillDuringBurstPostgres(t *testing.T) {
	killDuringBurst(t, buildSkald(t, t.TempDir()), pgtest.Database(t))
}
