package kit_test

import (
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestMoveRow: ↑/↓ (and k/j) move through n rows and wrap at both ends;
// with no rows they are taken and move nothing; other keys are left.
func TestMoveRow(t *testing.T) {
	k := kit.DefaultKeys()
	for _, n := range []int{0, 1, 3} {
		row := 0
		for i, c := range []struct {
			key  string
			want int
		}{{"up", 2}, {"down", 0}, {"down", 1}, {"j", 2}, {"j", 0}, {"k", 2}} {
			if !kit.MoveRow(&k, kittest.Key(c.key), &row, n) {
				t.Fatalf("n %d: %s was not taken", n, c.key)
			}
			want := 0
			if n > 0 {
				want = c.want % n
				if n == 1 {
					want = 0
				}
			}
			if row != want {
				t.Fatalf("n %d, step %d (%s): row %d, want %d", n, i, c.key, row, want)
			}
		}
		if kit.MoveRow(&k, kittest.Key("left"), &row, n) || kit.MoveRow(&k, kittest.Key("x"), &row, n) {
			t.Fatalf("n %d: a key that is not ↑/↓ was taken", n)
		}
	}
}
