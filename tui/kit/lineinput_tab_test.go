package kit

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A tab typed is a space, as a pasted one is; a format character left
// out is remembered, for a caller that names it, until the line empties.
func TestLineInputTabIsASpaceAndDroppedIsKept(t *testing.T) {
	var in LineInput
	for _, k := range []tea.KeyPressMsg{{Code: 't', Text: "t"}, {Code: tea.KeyTab}, {Code: 'h', Text: "h"}} {
		in.Key(k)
	}
	if in.String() != "t h" {
		t.Fatalf("typed t, tab, h: %q, want %q", in.String(), "t h")
	}
	if in.Dropped != 0 {
		t.Fatalf("Dropped %U, want none", in.Dropped)
	}
	in.Paste("x\u202ey")
	if in.String() != "t hxy" || in.Dropped != 0x202e {
		t.Fatalf("pasted an override: %q, Dropped %U", in.String(), in.Dropped)
	}
	in.Reset()
	if in.Dropped != 0 {
		t.Fatalf("Reset left Dropped %U", in.Dropped)
	}
}
