package table

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestListFootCountsLines: the v list's last line counts the lines
// above in the singular when there is one ("↑ 1 line above"), never
// "1 lines".
func TestListFootCountsLines(t *testing.T) {
	f := newFixture(t, 3, seeds[3], 80, 24)
	f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
	f.hs.Press("v")
	m := regexp.MustCompile(`↑ (\d+) lines above`).FindStringSubmatch(f.text())
	if m == nil {
		t.Fatalf("the list does not scroll at 80×24:\n%s", f.text())
	}
	n, _ := strconv.Atoi(m[1])
	for range n - 1 {
		f.hs.Press("up")
	}
	text := kittest.Flat(f.text())
	if !strings.Contains(text, "↑ 1 line above · ") || strings.Contains(text, "1 lines") {
		t.Errorf("one line above is not \"↑ 1 line above\":\n%s", f.text())
	}
}
