package replay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// wideName is a name of 24 wide letters, two cells each in Unicode and
// one '?' each under -ascii.
const wideName = "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"

// asciiText is the driver's frame as the App shows it under -ascii (its
// ASCII pass applied), without styles or trailing spaces.
func asciiText(d *kittest.Driver) string {
	return kittest.TrimRight(kit.ASCIIText(d.Text()))
}

// TestWideNameKeepsColumnsASCII: under -ascii, where each wide letter of
// a name is one '?', the replay at 80×24 keeps the table's divider in
// one column on every line, every hand open and in each seat's view,
// with a name of 24 wide letters at every seat, at every seat count.
func TestWideNameKeepsColumnsASCII(t *testing.T) {
	for n, file := range gameOfEachCount {
		t.Run(fmt.Sprint(n+2), func(t *testing.T) {
			r := readGame(t, file)
			for o := range rules.Seat(r.Players()) {
				r.Header.SetPlayer(o, wideName[:3*(20+int(o))], "normal")
			}
			hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze}, nil), 80, 24, true)
			hs.Press("right")
			for view := 0; view <= r.Players(); view++ {
				text := asciiText(hs)
				lines := strings.Split(text, "\n")
				if !strings.Contains(text, "????") {
					t.Fatalf("no name in ASCII:\n%s", text)
				}
				col := -1
				for i, l := range lines[2:] {
					if strings.HasPrefix(l, "-----") {
						break
					}
					c := strings.LastIndex(l, "|")
					if col < 0 {
						col = c
					}
					if c != col {
						t.Fatalf("view %d: the divider is in column %d on line %d, not %d:\n%s", view, c, i+3, col, text)
					}
				}
				if col < 40 {
					t.Fatalf("view %d: no divider:\n%s", view, text)
				}
				kittest.CheckSize(t, kit.ASCIIText(hs.Frame()), 80, 24)
				hs.Press("o")
			}
		})
	}
}

// TestWidestPlaceKeptPerASCII: the widest place line is kept once
// measured, one for each of -ascii and not: asked in turn, each mode
// gets its own width, the one measured afresh, a wide name measured as
// drawn (narrower under -ascii, where each letter is one '?').
func TestWidestPlaceKeptPerASCII(t *testing.T) {
	r := readGame(t, gameOfEachCount[0])
	r.Header.SetPlayer(rules.SeatB, wideName, "normal")
	s := New(r, "x", Config{Analyze: fakeAnalyze}, nil)
	plain, ascii := kit.NewContext(false), kit.NewContext(true)
	want := map[bool]int{false: s.measurePlace(&plain), true: s.measurePlace(&ascii)}
	if want[true] >= want[false] {
		t.Fatalf("the place line is %d wide under -ascii, %d without: the wide name is not measured as drawn", want[true], want[false])
	}
	for range 2 {
		for _, ctx := range []*kit.Context{&plain, &ascii, &plain} {
			if got := s.widestPlace(ctx); got != want[ctx.ASCII] {
				t.Errorf("ascii %v: widestPlace %d, want %d", ctx.ASCII, got, want[ctx.ASCII])
			}
		}
	}
}
