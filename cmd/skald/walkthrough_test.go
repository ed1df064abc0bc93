package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the transcripts of docs/walkthrough/*.md with what skald answers now")

// walkthroughDir holds the first-match walkthroughs, one a game.
const walkthroughDir = "../../docs/walkthrough"

// TestWalkthrough plays each walkthrough of docs/walkthrough again and
// checks that skald answers what its page shows. A page holds a ```sh
// block, the command and what the player types:
//
//	skald play blackred --seed 4 --seats human,random <<'EOF'
//	weapon sword
//	EOF
//
// and after it a ```text block, the transcript: what skald printed, each
// typed line shown after the prompt it answers, as a terminal shows it.
// With -update the transcripts are rewritten.
func TestWalkthrough(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(walkthroughDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatalf("no walkthrough in %s", walkthroughDir)
	}
	for _, path := range pages {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".md"), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			w, err := parseWalkthrough(string(b))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			got, code := w.play()
			if code != exitOK {
				t.Errorf("%s: skald %s exited with code %d:\n%s", path, strings.Join(w.args, " "), code, got)
			}
			if got == w.transcript {
				return
			}
			if *update {
				if err := os.WriteFile(path, []byte(w.before+got+w.after), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewrote %s", path)
				return
			}
			t.Errorf("%s: skald answers otherwise now (go test ./cmd/skald -run Walkthrough -update rewrites it):\n%s", path, firstDifference(w.transcript, got))
		})
	}
}

// walkthrough is a parsed walkthrough page.
type walkthrough struct {
	args       []string // skald's arguments
	input      []string // the lines typed
	transcript string   // the text block's content, each line ending in \n
	// before and after are the page around the transcript.
	before, after string
}

func parseWalkthrough(page string) (*walkthrough, error) {
	const sh, text, fence = "```sh\n", "```text\n", "\n```"
	i := strings.Index(page, sh)
	if i < 0 {
		return nil, fmt.Errorf("no ```sh block")
	}
	body := page[i+len(sh):]
	end := strings.Index(body, fence)
	if end < 0 {
		return nil, fmt.Errorf("the ```sh block does not end")
	}
	lines := strings.Split(body[:end], "\n")
	cmd, ok := strings.CutSuffix(lines[0], " <<'EOF'")
	if !ok || !strings.HasPrefix(cmd, "skald ") || strings.ContainsAny(cmd, `"'\$`) {
		return nil, fmt.Errorf("the ```sh block's first line %q is not skald ARGS <<'EOF' (arguments without quotes)", lines[0])
	}
	if lines[len(lines)-1] != "EOF" {
		return nil, fmt.Errorf("the ```sh block does not end its input with EOF")
	}
	w := &walkthrough{args: strings.Fields(cmd)[1:], input: lines[1 : len(lines)-1]}
	rest := body[end+len(fence):]
	j := strings.Index(rest, text)
	if j < 0 {
		return nil, fmt.Errorf("no ```text block after the ```sh block")
	}
	start := len(page) - len(rest) + j + len(text)
	k := strings.Index(page[start-1:], fence)
	if k < 0 {
		return nil, fmt.Errorf("the ```text block does not end")
	}
	stop := start - 1 + k + 1 // the fence's own line starts here
	w.before, w.transcript, w.after = page[:start], page[start:stop], page[stop:]
	return w, nil
}

// play runs skald in-process with the walkthrough's input and returns what
// it wrote, standard output and error together, each typed line written
// after the prompt that asked for it.
func (w *walkthrough) play() (string, int) {
	var out bytes.Buffer
	in := &echoInput{lines: w.input, echo: &out}
	code := run(&env{stdin: in, stdout: &out, stderr: &out}, w.args)
	// Trailing spaces (an empty prompt's) do not survive editors.
	lines := strings.Split(out.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	s := strings.Join(lines, "\n")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s, code
}

// echoInput gives one line a Read, and writes it to echo as it goes, so
// that it shows after the prompt it answers.
type echoInput struct {
	lines []string
	echo  io.Writer
}

func (e *echoInput) Read(p []byte) (int, error) {
	if len(e.lines) == 0 {
		return 0, io.EOF
	}
	line := e.lines[0] + "\n"
	if len(line) > len(p) {
		return 0, fmt.Errorf("a typed line of %d bytes", len(line))
	}
	e.lines = e.lines[1:]
	fmt.Fprint(e.echo, line)
	return copy(p, line), nil
}

// firstDifference shows where two transcripts part.
func firstDifference(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  page:  %q\n  skald: %q", i+1, w, g)
		}
	}
	return "(the same lines)"
}
