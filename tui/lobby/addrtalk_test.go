package lobby

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
)

// Connections from one address with fresh keys share its talk rate:
// past the address's burst their lines are refused, held in the box
// with the address's wait, while a connection from elsewhere talks on.
func TestTalkFromOneAddressSharesItsRate(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }, AddrBurst: 3})
	require.NoError(t, err)
	room := hub.NewRoom()
	talk := func(key, addr string) *roomTalk {
		l := &Lobby{cfg: &Config{Player: hall.Player{ID: key, Name: key}, Addr: addr, Chat: hub, Lobby: room}, mutes: muteBook{}}
		rt := l.talkIn(room, func() string { return key }, false)
		t.Cleanup(rt.sub.Close)
		return rt
	}
	for i := range 3 {
		_, err := talk(fmt.Sprintf("fresh%d", i), "203.0.113.7").Say("hello")
		require.NoError(t, err, "line %d", i)
	}
	_, err = talk("fresh3", "203.0.113.7").Say("hello")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not sent, too fast: slow down: many lines come from your address; wait 1 s")
	_, err = talk("dora", "198.51.100.2").Say("hello")
	require.NoError(t, err)
}
