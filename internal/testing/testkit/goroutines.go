package testkit

import (
	"bytes"
	"runtime/pprof"
	"strings"
)

// Goroutines counts the goroutines of the process whose stack holds
// frame (a function's name, as a stack dump writes it): a test that
// opens and closes sessions checks with it that none is left waiting.
func Goroutines(frame string) int {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	n := 0
	for _, g := range strings.Split(b.String(), "\n\n") {
		if strings.Contains(g, frame) {
			n++
		}
	}
	return n
}
