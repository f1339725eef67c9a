// Package ai holds Klob's bots. A bot sees only the rules.View of its own
// seat, never the hidden cards, and answers every decision of a deal
// within the deadline of its context.
package ai
