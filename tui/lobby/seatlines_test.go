package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit/kittest"
)

// A long name in the waiting room (24 wide letters take 48 cells) does
// not push every other seat's state to the right edge, broken over two
// lines: the states stay in a column a name of usual length sets, and
// each free seat keeps its line.
func TestSeatLinesLongName(t *testing.T) {
	ctx := kittest.Context(80, 24)
	long := "ボブ・アレクサンダー・スミス・ジュニア三世様"
	s := &SharedSeat{w: hall.Waiting{Code: "ABCD", Seat: 1, Seats: []hall.SeatInfo{
		{Name: long, Here: true, Host: true}, {Name: "carl", Here: true}, {}, {}}}}
	lines := s.seatLines(&ctx)
	assert.Len(t, lines, 4, "one line a seat:\n%s", strings.Join(lines, "\n"))
	for _, l := range lines {
		l = ansi.Strip(l)
		assert.LessOrEqual(t, ansi.StringWidth(l), 80, "%q", l)
		if strings.Contains(l, "(free)") {
			assert.Contains(t, l, "a bot plays it if nobody sits down", "%q", l)
		}
	}
	assert.Contains(t, ansi.Strip(lines[0]), long)
}
