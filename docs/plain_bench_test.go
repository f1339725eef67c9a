package docs

import "testing"

// BenchmarkPlainRules is the cost of the rules as plain text, drawn
// each time the help opens (make load opens and closes it on each key).
func BenchmarkPlainRules(b *testing.B) {
	for b.Loop() {
		_ = Plain(Rules(), 78)
	}
}
