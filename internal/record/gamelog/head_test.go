package gamelog_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// TestReadHead: the head of a log whose body is damaged still names its
// people; reading stops at the first line that is no tag, or at a tag
// that does not read, and keeps what came before.
func TestReadHead(t *testing.T) {
	h := gamelog.ReadHead([]byte(";deal 1: Bob dropped\n[Klob \"1\"]\n[PlayerA \"Ann\"]\n[Table \"KQXM\"]\n[KeyA \"a\"]\n[KeyB \"b\"]\n\ndeal 1\ndeck garbage\n[KeyC \"c\"]\n"))
	assert.Equal(t, "KQXM", h.Tag("Table"))
	assert.Equal(t, []string{"a", "b", ""}, []string{h.Key(rules.SeatA), h.Key(rules.SeatB), h.Key(rules.Seat(2))})
	assert.Empty(t, h.Players[0], "standard tags are not read")

	h = gamelog.ReadHead([]byte("[KeyA \"a\"]\n[KeyB \"b\n[KeyC \"c\"]\n"))
	assert.Equal(t, []string{"a", "", ""}, []string{h.Key(rules.SeatA), h.Key(rules.SeatB), h.Key(rules.Seat(2))})
	assert.Empty(t, gamelog.ReadHead(nil).Extra)
}

// TestReadHeadByteOrderMark: the byte-order mark an editor may add,
// which Parse skips, does not hide the head's tags from ReadHead.
func TestReadHeadByteOrderMark(t *testing.T) {
	h := gamelog.ReadHead([]byte("\ufeff[Klob \"1\"]\n[KeyA \"a\"]\n\ndeal 1\ndeck garbage\n"))
	assert.Equal(t, "a", h.Key(rules.SeatA))
}
