package main

import (
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui"
)

// runApp runs a full-screen App for command name ("play", "train",
// "replay") and prints its quit note, if any, once the screen is gone.
func runApp(name string, app *tui.App, stdout, stderr io.Writer) int {
	var opts []tea.ProgramOption
	if stdout != io.Writer(os.Stdout) {
		opts = append(opts, tea.WithOutput(stdout))
	}
	if _, err := tea.NewProgram(app, opts...).Run(); err != nil {
		fmt.Fprintf(stderr, "klob %s: %v\n", name, err)
		return 1
	}
	if note := app.QuitNote(); note != "" {
		fmt.Fprintln(stdout, note)
	}
	return 0
}
