package main

import (
	"fmt"
	"io"
)

// runMatch is not built yet.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob match: not yet: this part of Klob is still being built")
	return 1
}
