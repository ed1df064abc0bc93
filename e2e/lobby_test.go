//go:build e2e

package e2e

import "testing"

func TestLobbyPublicRated(t *testing.T) { node(t, "lobby.mjs") }
func TestClockRunsOut(t *testing.T)     { node(t, "clock.mjs") }
