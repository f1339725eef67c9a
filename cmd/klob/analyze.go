package main

import (
	"fmt"
	"io"
)

// runAnalyze is not built yet.
func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob analyze: not yet: this part of Klob is still being built")
	return 1
}
