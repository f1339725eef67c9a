package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set by the Makefile with -ldflags "-X main.version=...".
var version = "dev"

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "usage: klob version\nPrints the version of klob.")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	if _, err := fmt.Fprintln(stdout, "klob", versionWord()); err != nil {
		return failed(stderr, "version", err)
	}
	return 0
}

// versionWord is this klob's version in one word: the release, or
// "dev-" and the commit it was built from ("dev" when unknown).
func versionWord() string {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v = "dev-" + s.Value[:12]
			}
		}
	}
	return v
}
