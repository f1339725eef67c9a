package main

import (
	"fmt"
	"io"
)

// runTrain is not built yet.
func runTrain(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "klob train: not yet: this part of Klob is still being built")
	return 1
}
