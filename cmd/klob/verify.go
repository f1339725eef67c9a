package main

import (
	"fmt"
	"io"
)

// runVerify is not built yet.
func runVerify(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob verify: not yet: this part of Klob is still being built")
	return 1
}
