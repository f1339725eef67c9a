package main

import (
	"fmt"
	"io"
)

// runPlay is not built yet.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob play: not yet: this part of Klob is still being built")
	return 1
}
