//go:build !unix

package main

import "os"

// watchHangup watches nothing where the terminal's hang-up cannot be
// polled.
func watchHangup(*os.File, func()) {}
