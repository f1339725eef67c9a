package kit_test

import (
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestTicker: only the newest tick asked for a screen is due; a tick for
// another screen, an older one, or one under way at Stop is not, and a
// negative wait asks for none.
func TestTicker(t *testing.T) {
	var tk kit.Ticker
	a, b := new(int), new(int)
	tick := func() kit.TickMsg { return tk.Tick(a, 0)().(kit.TickMsg) }
	first := tick()
	if !tk.Due(first, a) || tk.Due(first, b) {
		t.Fatalf("the first tick: due for a %v, for b %v", tk.Due(first, a), tk.Due(first, b))
	}
	second := tick()
	if tk.Due(first, a) || !tk.Due(second, a) {
		t.Fatalf("after a second tick: first due %v, second due %v", tk.Due(first, a), tk.Due(second, a))
	}
	tk.Stop()
	if tk.Due(second, a) {
		t.Fatal("a tick under way at Stop is still due")
	}
	if cmd := tk.Tick(a, -1); cmd != nil {
		t.Fatal("a negative wait asked for a tick")
	}
}
