// Package progress writes the progress line of a long command (klob
// analyze, klob match) to stderr.
//
// On a terminal the line is rewritten in place with a carriage return,
// which costs nothing. Anywhere else (a pipe, a file, a CI log) a
// carriage return would pile every rewrite into the file, so the line is
// written as a plain line, at most once every few seconds, and the last
// state once at the end.
package progress
