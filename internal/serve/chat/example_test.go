package chat_test

import (
	"context"
	"fmt"
	"time"

	"github.com/klob/klob/internal/serve/chat"
)

// A table's room: one player mutes another, a line with escape
// sequences arrives cleaned, and a flood is told to slow down.
func Example() {
	now := time.Unix(1_800_000_000, 0)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }})
	if err != nil {
		panic(err)
	}
	table := hub.NewRoom()
	ann := chat.Sender{Key: "SHA256:ann", Name: "ann"}
	bas := chat.Sender{Key: "SHA256:bas", Name: "bas"}

	sub, _ := table.Subscribe(bas.Key)
	defer sub.Close()
	_, _ = table.Say(ann, "\x1b]0;pwned\x07\x1b[31mgood \u202egame\x1b[0m")
	_ = hub.Mute(bas.Key, "SHA256:troll", "")
	_, _ = table.Say(chat.Sender{Key: "SHA256:troll", Name: "troll"}, "boo")

	b, _ := sub.Wait(context.Background())
	for _, l := range b.Lines {
		fmt.Printf("%s: %s\n", l.Name, l.Text)
	}
	for range 4 { // the rest of ann's burst of five
		_, _ = table.Say(ann, "again?")
	}
	_, err = table.Say(ann, "again?")
	fmt.Println(err)
	// Output:
	// ann: good game
	// slow down: wait 1 s
}
