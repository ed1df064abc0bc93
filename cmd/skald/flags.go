package main

import (
	"fmt"
	"strings"

	"skald/engine"
)

// optionFlags collects repeated --option k=v flags.
type optionFlags engine.Options

func (o optionFlags) String() string { return engine.Options(o).String() }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("option %q: want k=v", v)
	}
	o[k] = val
	return nil
}
