package tui

import (
	"strings"

	"github.com/klob/klob/rules"
)

// possessive is the owner form of a player's name in a sentence:
// "your" for the person ("You"), "Bot's", "James's".
func possessive(name string) string {
	if strings.EqualFold(name, "you") {
		return "your"
	}
	return name + "'s"
}

// acceptedSchmeiss says, at two players, who accepted whose schmeiss:
// "Bot accepted your schmeiss", "alice accepted Bot's schmeiss".
func acceptedSchmeiss(name func(rules.Seat) string, schmeisser rules.Seat) string {
	return name(schmeisser.Other()) + " accepted " + possessive(name(schmeisser)) + " schmeiss"
}

// does puts verb after a seat's name in a sentence, as every screen
// names the seats: "you deal" for the person's own seat (you), "Bot
// deals" or "West deals" for another.
func does(name string, you bool, verb string) string {
	if you {
		return "you " + verb
	}
	return name + " " + verb + "s"
}

// elideName shortens a file name to at most w cells on purpose, never
// in the middle of a word: first the .klob ending goes, then whole
// "-"-separated words from the middle, replaced by "…", keeping the
// first and last words (the date and the result), then as many words
// from the start (the date and time), then from the end, as fit. When even "first-…-last" is too long it is "…".
func elideName(name string, w int) string {
	if w <= 0 {
		return ""
	}
	if widthOf(name) <= w {
		return name
	}
	name = strings.TrimSuffix(name, ".klob")
	if widthOf(name) <= w {
		return name
	}
	words := strings.Split(name, "-")
	build := func(h, t int) string {
		return strings.Join(words[:h], "-") + "-…-" + strings.Join(words[t:], "-")
	}
	if len(words) < 3 || widthOf(build(1, len(words)-1)) > w {
		return "…"
	}
	// The head words first (the date and time say which game), then
	// the tail words before the result.
	head, tail := 1, len(words)-1
	for head+1 < tail && widthOf(build(head+1, tail)) <= w {
		head++
	}
	for tail-1 > head && widthOf(build(head, tail-1)) <= w {
		tail--
	}
	return build(head, tail)
}
