// Package docs carries Klob's own documents in the binary, so that a
// player who has only the program still has them: rules.md, the rules
// Klob plays, which `klob rules` prints.
package docs

import _ "embed"

//go:embed rules.md
var rules string

// Rules returns the rules Klob plays (rules.md), as markdown.
func Rules() string { return rules }
