package kit

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// LabelHits finds each key as a word of its own, in order: the o of
// "go" is not the o key, and a hint's words go with its key.
func TestLabelHitsWholeWords(t *testing.T) {
	g, o := Bind("g", "", "g"), Bind("o", "", "o")
	hits := LabelHits(" →← step  g go to deal  o hands", 3, []Label{{Words: []string{"g"}, Key: g}, {Words: []string{"o"}, Key: o}})
	want := []Rect{{X: 10, Y: 3, W: 12, H: 1}, {X: 24, Y: 3, W: 7, H: 1}}
	if len(hits) != 2 || hits[0].Rect != want[0] || hits[1].Rect != want[1] {
		t.Fatalf("hits %+v, want %+v", hits, want)
	}
}

// TagHits finds offers written in a sentence or a line of them, each
// with its words up to the next.
func TestTagHits(t *testing.T) {
	n, h := Bind("n", "", "n"), Bind("h", "", "h")
	text := "Finish it: [n] leaves it; [h] sees the days\n [h] history   [?] help"
	hits := TagHits(text, []key.Binding{n, h})
	want := []Rect{{X: 11, Y: 0, W: 14, H: 1}, {X: 26, Y: 0, W: 17, H: 1}, {X: 1, Y: 1, W: 11, H: 1}}
	if len(hits) != len(want) {
		t.Fatalf("hits %+v", hits)
	}
	for i, h := range hits {
		if h.Rect != want[i] {
			t.Errorf("hit %d at %+v, want %+v", i, h.Rect, want[i])
		}
	}
}
