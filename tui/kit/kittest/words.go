package kittest

import "strings"

// FindThirdYou is ThirdYou.FindString(s), quicker on a large screen:
// the pattern has no literal start, so the regexp would try it at
// every byte; here it is tried only where "You" is written.
func FindThirdYou(s string) string {
	for at := 0; ; {
		i := strings.Index(s[at:], "You")
		if i < 0 {
			return ""
		}
		i += at
		// The byte before "You" decides its \b; the longest form
		// ("You won it") and the rune after it fit in the window.
		lo, hi := max(0, i-1), min(len(s), i+16)
		if loc := ThirdYou.FindStringIndex(s[lo:hi]); loc != nil && lo+loc[0] == i {
			return s[i : lo+loc[1]]
		}
		at = i + 1
	}
}

// FindCardCode is CardCode.FindString(s), quicker on a large screen:
// the regexp runs only when a rank's character stands right before a
// suit's letter somewhere, which every card code needs.
func FindCardCode(s string) string {
	for i := 1; i < len(s); i++ {
		if codeSuit[s[i]] && codeRank[s[i-1]] {
			return CardCode.FindString(s)
		}
	}
	return ""
}

// codeSuit and codeRank are the bytes a card code ends with and the
// byte before it ("10"'s 0 among them).
var codeSuit, codeRank = byteSet("CDHS"), byteSet("0123456789TJQKA")

func byteSet(bs string) (set [256]bool) {
	for i := range len(bs) {
		set[bs[i]] = true
	}
	return set
}
