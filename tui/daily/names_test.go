package daily

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestNameInColumn: a name too long for the standings' column ends in
// "…", so that it is not read as the whole name; a short one is whole,
// padded to the column's 28 cells (a wide letter takes two).
func TestNameInColumn(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Bob", "Bob"},
		{"Bartholomew Fitzgerald-Montgomery III", "Bartholomew Fitzgerald-Mont…"},
		{"Exactly twenty-eight columns", "Exactly twenty-eight columns"},
		{"山田太郎", "山田太郎"},
		{"山田太郎山田太郎山田太郎山田太郎", "山田太郎山田太郎山田太郎山…"},
	} {
		got := nameInColumn(c.name, 28)
		if strings.TrimRight(got, " ") != c.want || kit.WidthOf(got) != 28 {
			t.Errorf("nameInColumn(%q, 28) = %q, want %q", c.name, got, c.want)
		}
	}
}
