//go:build !unix

package main

import "time"

// processCPU returns 0 where the CPU time of a process is not measured.
func processCPU() time.Duration { return 0 }
