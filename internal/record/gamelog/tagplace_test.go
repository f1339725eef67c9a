package gamelog

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTagPlace: a header tag's value is found where the log's errors
// place it (line, column of the opening quote), past a byte-order mark,
// comments, blank lines, indentation and CR line ends; a tag after the
// header, or none, has no place.
func TestTagPlace(t *testing.T) {
	text := "\ufeff; a comment\r\n[Klob \"1\"]\r\n\r\n  [Seed   \"7\"] ; seeded\r\n[Empty \"\"]\r\n\r\n1. deck 7C\n[Late \"x\"]\n"
	for _, tc := range []struct {
		name      string
		line, col int
	}{
		{"Klob", 2, 7}, {"Seed", 4, 11}, {"Empty", 5, 8}, {"Late", 0, 0}, {"Missing", 0, 0},
	} {
		line, col := TagPlace([]byte(text), tc.name)
		assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{line, col}, tc.name)
	}
}
