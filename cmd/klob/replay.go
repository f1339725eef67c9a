package main

import (
	"fmt"
	"io"
)

// runReplay is not built yet.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob replay: not yet: this part of Klob is still being built")
	return 1
}
