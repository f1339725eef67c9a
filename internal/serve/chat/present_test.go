package chat

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The people present are the keyed connections until they leave, each
// key once under the name it goes by now; a guest is not noted.
func TestPresent(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	require.Empty(t, h.Present())
	ann := h.Arrive("a", "ann")
	eve := h.Arrive("e", "eve")
	eve2 := h.Arrive("e", "eve")
	guest := h.Arrive("", "guest")
	require.Equal(t, []Sender{{Key: "a", Name: "ann"}, {Key: "e", Name: "eve"}}, h.Present())
	ann.Rename("anna")
	eve.Leave()
	require.Equal(t, []Sender{{Key: "a", Name: "anna"}, {Key: "e", Name: "eve"}}, h.Present(), "eve's other connection stays")
	eve2.Leave()
	eve2.Leave()
	guest.Leave()
	require.Equal(t, []Sender{{Key: "a", Name: "anna"}}, h.Present())
	ann.Leave()
	require.Empty(t, h.Present())
	var none *Presence
	none.Rename("x")
	none.Leave()
}
