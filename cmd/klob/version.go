package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set by the Makefile with -ldflags "-X main.version=...".
var version = "dev"

func runVersion(args []string, stdout, stderr io.Writer) int {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v = "dev-" + s.Value[:12]
			}
		}
	}
	fmt.Fprintln(stdout, "klob", v)
	return 0
}
