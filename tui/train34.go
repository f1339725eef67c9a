package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/drill"
	"github.com/klob/klob/internal/untrusted"
	"github.com/klob/klob/rules"
)

// TableBatchFunc evaluates batch k of plan p at a table's View v
// (drill.TableBatch with eval.EvaluateTable).
type TableBatchFunc func(ctx context.Context, v rules.TableView, p drill.Plan, k int) (eval.Evaluation, error)

// trainer34 is the bidding trainer at a table of three or four players
// (`klob train -players 3|4`): one drill at a time, as the two-player
// trainer (train.go) runs them, keys, record and verdicts alike. A drill
// is a drill.TableSituation; the person sees only its TableView: the
// hand, the upcard, who deals and where the person sits (and the
// partner, with four), every word said before, the score by side.
type trainer34 struct {
	cfg   *TrainConfig
	keys  trainKeys
	gen   *drill.TableGenerator
	batch TableBatchFunc
	saves *sync.WaitGroup

	id    int
	no    int
	state trainState
	sit   drill.TableSituation
	view  rules.TableView
	legal []rules.Action
	tally *drill.Tally
	busy  bool
	stop  context.CancelFunc
	ctx   context.Context
	menu  int
	chose int
	an    drill.Analysis

	stats   drill.Stats // the whole record; this seat count's is stats.Table(players)
	session drill.Score
	note    string
	noteErr bool

	review bool
	scroll int
	spin   spinner.Model
	// paused: the person left for the lobby and the drill's evaluation
	// was stopped.
	paused bool
}

// newTrain34 returns the App of the trainer at a table of
// cfg.Options.NumPlayers() players.
func newTrain34(c *TrainConfig) *trainer34 {
	t := &trainer34{cfg: c, keys: defaultTrainKeys(), saves: &sync.WaitGroup{}, chose: -1,
		spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))}
	t.batch = c.TableEvaluate
	if t.batch == nil {
		t.batch = realTableBatch
	}
	var err error
	if t.gen, err = drill.NewTableGenerator(c.Seed, c.Only, c.Options); err != nil {
		t.setNote(err.Error(), true)
	}
	if c.Record != nil {
		st, err := c.Record.Load()
		var de *drill.DamagedError
		switch {
		case err == nil:
			t.stats = st
		case errors.As(err, &de):
			t.stats = st
			t.setNote(untrusted.Text(err.Error()), true)
		default:
			t.setNote(untrusted.Text(err.Error())+": the record is kept for this session only", true)
		}
	}
	if c.Warning != "" && t.note == "" {
		t.setNote(c.Warning, true)
	}
	return t
}

func (t *trainer34) wait()           { t.saves.Wait() }
func (t *trainer34) reviewing() bool { return t.review }

// pause stops the running evaluation when the person leaves the
// trainer for the lobby, as the two-player trainer's pause does.
func (t *trainer34) pause() {
	if t.stop != nil && t.state != trainResult {
		t.stop()
		t.paused = true
	}
}

// resume opens the trainer again: the first drill, or a new one when
// the last was left unfinished.
func (t *trainer34) resume() tea.Cmd {
	// The record holds every seat count's drills and the screen shows
	// this trainer's copy: read it again, since another trainer of this
	// connection may have added drills since.
	if t.cfg.Record != nil {
		if st, err := t.cfg.Record.Load(); err == nil {
			t.stats = st
		}
	}
	if t.no == 0 {
		return nil
	}
	if t.paused {
		t.paused = false
		return t.newDrill()
	}
	return nil
}

func (t *trainer34) Name() string { return "train" }

func (t *trainer34) players() int { return t.cfg.Options.NumPlayers() }

// minSize: the trainer needs the room of the table of its seat count.
func (t *trainer34) minSize() (int, int) { return tableMinSize(t.players()) }

// Enter opens the first drill.
func (t *trainer34) Enter(ctx *screenCtx) tea.Cmd {
	if t.no > 0 {
		return nil
	}
	return t.newDrill()
}

func (t *trainer34) setNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

func (t *trainer34) now() time.Time {
	if t.cfg.Now != nil {
		return t.cfg.Now()
	}
	return time.Now()
}

// record is the record of this seat count.
func (t *trainer34) record() drill.TableStats { return t.stats.Table(t.players()) }

// newDrill shows the next drill and starts its evaluation.
func (t *trainer34) newDrill() tea.Cmd {
	if t.stop != nil {
		t.stop()
	}
	t.ctx, t.stop = context.WithCancel(context.Background())
	t.id++
	t.no++
	t.menu, t.chose, t.busy, t.review = 0, -1, false, false
	t.an = drill.Analysis{}
	t.tally = nil
	switch {
	case t.no <= len(t.cfg.TableDrills):
		t.sit = t.cfg.TableDrills[t.no-1].Clone()
	case t.gen != nil:
		t.sit, _ = t.gen.Next()
	default:
		t.state = trainBroken
		return nil
	}
	v, err := t.sit.View()
	if err == nil {
		t.tally, err = drill.NewTableTally(v, drill.NewPlan(drill.Options{Samples: t.cfg.Samples,
			Seed: drillSeed(t.cfg.Seed, t.no), Workers: t.cfg.Workers}))
	}
	if err != nil {
		t.state = trainBroken
		t.setNote(fmt.Sprintf("drill %d cannot be shown: %v", t.no, err), true)
		return nil
	}
	t.view, t.legal, t.state = v, v.Legal(), trainAsk
	if !t.noteErr {
		t.note = ""
	}
	return t.nextBatch()
}

// nextBatch starts the next batch of the evaluation (see trainer).
func (t *trainer34) nextBatch() tea.Cmd {
	if t.busy || t.tally == nil || t.tally.Done() {
		return nil
	}
	t.busy = true
	id, k, v, p, run, ctx := t.id, t.tally.Next(), t.view, t.tally.Plan(), t.batch, t.ctx
	return func() tea.Msg {
		ev, err := run(ctx, v, p, k)
		return trainBatchMsg{id: id, k: k, ev: ev, err: err}
	}
}

// Update takes one message.
func (t *trainer34) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	switch msg := msg.(type) {
	case trainBatchMsg:
		return t, t.batchDone(msg)
	case trainSavedMsg:
		var de *drill.DamagedError
		switch {
		case msg.err == nil:
			t.stats = msg.stats
		case errors.As(msg.err, &de):
			t.stats = msg.stats
			t.setNote(msg.err.Error(), true)
		default:
			t.setNote("the record could not be saved: "+msg.err.Error(), true)
		}
		return t, nil
	case spinner.TickMsg:
		if t.state == trainWait && t.cfg.Spinner {
			var cmd tea.Cmd
			t.spin, cmd = t.spin.Update(msg)
			return t, cmd
		}
	case tea.KeyPressMsg:
		return t, t.key(ctx, msg)
	case tea.MouseClickMsg:
		return t, t.click(ctx, msg)
	}
	return t, nil
}

func (t *trainer34) batchDone(msg trainBatchMsg) tea.Cmd {
	if msg.id != t.id || t.tally == nil {
		return nil
	}
	t.busy = false
	if msg.err == nil {
		msg.err = t.tally.Add(msg.k, msg.ev)
	}
	if msg.err != nil {
		if errors.Is(msg.err, eval.ErrNoWorld) && t.state == trainAsk {
			// The evaluation found no deal that fits what the person sees
			// (a sampling limit of eval.EvaluateTable with some house
			// variants): before any choice the drill is replaced, so no
			// answer is lost.
			no := t.no
			cmd := t.newDrill()
			if !t.noteErr {
				t.setNote(fmt.Sprintf("Drill %d could not be evaluated (%v) and was replaced by the next.", no, msg.err), false)
			}
			return cmd
		}
		t.state = trainBroken
		t.setNote(fmt.Sprintf("the evaluation failed: %v (n: a new drill)", msg.err), true)
		return nil
	}
	if !t.tally.Done() {
		return t.nextBatch()
	}
	if t.state == trainWait {
		return t.grade()
	}
	return nil
}

func (t *trainer34) choose(i int) tea.Cmd {
	if t.state != trainAsk || i < 0 || i >= len(t.legal) {
		return nil
	}
	t.chose, t.menu = i, i
	if !t.noteErr {
		t.note = ""
	}
	if t.tally.Done() {
		return t.grade()
	}
	t.state = trainWait
	if t.cfg.Spinner {
		return t.spin.Tick
	}
	return nil
}

// grade shows the evaluation and the verdict, counts the drill in the
// record of its seat count and saves the record.
func (t *trainer34) grade() tea.Cmd {
	t.an = t.tally.Analysis()
	t.state = trainResult
	rec := drill.NewTableRecord(t.sit, &t.an, t.chose, t.now())
	t.stats.Add(rec)
	t.session.Add(rec.Verdict)
	if t.cfg.Record == nil {
		return nil
	}
	t.saves.Add(1)
	r := t.cfg.Record
	return func() tea.Msg {
		defer t.saves.Done()
		st, err := r.Add(rec)
		return trainSavedMsg{stats: st, err: err}
	}
}

// itemKeys are the keys of the menu's items: the action's letter
// (keys.go) where it has one not taken already in this menu, else its
// number.
func itemKeys(legal []rules.Action) []string {
	keys := make([]string, len(legal))
	used := map[string]bool{}
	for i, a := range legal {
		k := actionKey(a)
		if k == "" || used[k] {
			k = fmt.Sprint(i + 1)
		}
		used[k] = true
		keys[i] = k
	}
	return keys
}

func (t *trainer34) key(ctx *screenCtx, msg tea.KeyPressMsg) tea.Cmd {
	k := &ctx.Keys
	if t.review {
		switch {
		case isKey(msg, k.Up):
			t.scroll = max(0, t.scroll-1)
		case isKey(msg, k.Down):
			t.scroll++
		case isKey(msg, k.Back), isKey(msg, t.keys.Review), isKey(msg, t.keys.Again):
			t.review = false
		}
		return nil
	}
	// The letter of an option on screen wins over the trainer's own
	// keys: "n" is "no exchange" at the dix, "m" "how many cards?" in the
	// sequence dialogue.
	switch {
	case t.asksLetter(msg):
	case isKey(msg, t.keys.Review):
		t.review, t.scroll = true, 0
		return nil
	case isKey(msg, t.keys.Next):
		return t.newDrill()
	}
	switch t.state {
	case trainResult:
		if isKey(msg, t.keys.Again) {
			return t.newDrill()
		}
	case trainAsk:
		n := len(t.legal)
		keys := itemKeys(t.legal)
		for i, kk := range keys {
			if kk == msg.String() {
				return t.choose(i)
			}
		}
		switch {
		case isKey(msg, k.Left), isKey(msg, k.Up):
			t.menu = (t.menu + n - 1) % n
		case isKey(msg, k.Right), isKey(msg, k.Down):
			t.menu = (t.menu + 1) % n
		case isKey(msg, k.Choose):
			return t.choose(t.menu)
		case isKey(msg, k.Nth):
			return t.choose(int(msg.String()[0] - '1'))
		default:
			if r := []rune(msg.String()); len(r) == 1 && r[0] >= 'a' && r[0] <= 'z' {
				t.setNote(fmt.Sprintf("%s is not an option here: press %s.", msg.String(), orList(keys)), false)
			}
		}
	}
	return nil
}

// asksLetter reports whether msg is the letter of an option of the
// drill on screen: "n" is "no exchange" or "not good" there, not a new
// drill.
func (t *trainer34) asksLetter(msg tea.KeyPressMsg) bool {
	if t.state != trainAsk {
		return false
	}
	for _, k := range itemKeys(t.legal) {
		if k == msg.String() {
			return true
		}
	}
	return false
}

func (t *trainer34) click(ctx *screenCtx, msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || t.review || t.state != trainAsk {
		return nil
	}
	_, hits := t.render(ctx)
	for _, h := range hits {
		if h.kind == hitMenu && h.r.has(msg.X, msg.Y) {
			return t.choose(h.index)
		}
	}
	return nil
}

func (t *trainer34) quitNote() string {
	if t.session.Drills == 0 {
		return ""
	}
	s := fmt.Sprintf("This session (%d players): %d of %s right, %.1f points lost a drill.", t.players(), t.session.Correct,
		plural(t.session.Drills, "drill"), t.session.AvgLost())
	if f, ok := t.cfg.Record.(*drill.StatsFile); ok {
		s += " Your record is kept in " + f.Path + "."
	}
	return s
}

// keyHelp is the trainer's keys as help (see trainer.keyHelp); the
// letters of the table's decisions are listed from keys.go's table.
func (t *trainer34) keyHelp(k *keyMap) help.KeyMap {
	full := []key.Binding{
		brief("previous or next option", k.Left, k.Right),
		brief("choose the option (after the result: next drill)", k.Choose),
		brief("the n-th option (options without a letter)", k.Nth),
	}
	full = append(full, letterHelp("bids", "round two", "dix", "sequences", "")...)
	full = append(full, t.keys.Next, t.keys.Review, k.Help, quitAsks(k))
	var short []key.Binding
	switch {
	case t.review:
		short = []key.Binding{brief("scroll", k.Up, k.Down), either("back", k.Back, t.keys.Review)}
	case t.state == trainAsk:
		letters := itemKeys(t.legal)
		arrows := brief("", k.Left, k.Right)
		short = []key.Binding{
			key.NewBinding(key.WithKeys(letters...), key.WithHelp(strings.Join(letters, "/"), "choose")),
			key.NewBinding(key.WithKeys(append(arrows.Keys(), k.Choose.Keys()...)...), key.WithHelp(arrows.Help().Key+" "+brief("", k.Choose).Help().Key, "")),
		}
		if !t.asksLetter(keyPress("n")) {
			short = append(short, brief("skip", t.keys.Next))
		}
		if !t.asksLetter(keyPress("m")) {
			short = append(short, brief("mistakes", t.keys.Review))
		}
	case t.state == trainResult:
		short = []key.Binding{either("next drill", t.keys.Again, t.keys.Next), t.keys.Review}
	default:
		short = []key.Binding{t.keys.Next, t.keys.Review}
	}
	short = append(short, brief("help", k.Help), brief("quit", k.Quit))
	return keyHelp{short: short, full: [][]key.Binding{full}}
}

// keyPress is the key press of a printable key.
func keyPress(s string) tea.KeyPressMsg {
	r := []rune(s)
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// QuitQuestion: the record is kept after every drill.
func (t *trainer34) QuitQuestion() string {
	return "Your record is kept after every drill."
}
