package daily

import (
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestNameInColumn: a name too long for the standings' column ends in
// "…", so that it is not read as the whole name; a short one is whole.
func TestNameInColumn(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Bob", "Bob"},
		{"Bartholomew Fitzgerald-Montgomery III", "Bartholomew Fitzgerald-Mont…"},
		{"Exactly twenty-eight columns", "Exactly twenty-eight columns"},
	} {
		got := nameInColumn(c.name, 28)
		if got != c.want || kit.WidthOf(got) > 28 {
			t.Errorf("nameInColumn(%q, 28) = %q, want %q", c.name, got, c.want)
		}
	}
}
