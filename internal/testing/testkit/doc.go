// Package testkit plays seeded games with the rules engine and random
// bots and says which rule paths a game goes through. It makes the
// recorded games in testdata/games (go test ./internal/testing/testkit -run TestGenerate -gen) and
// checks that together they cover every path the game log must handle.
package testkit
