// Package archtest holds no code: its test checks the import graph of
// the whole module against the layout of the project guide (which
// package may import which), so a dependency that breaks the layering
// fails go test instead of slipping in.
package archtest
