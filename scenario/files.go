package scenario

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
)

// Result is the outcome of one scenario file.
type Result struct {
	// Path is the file.
	Path string
	// Name is the scenario's name, when the file parsed.
	Name string
	// Err is nil when the scenario passed.
	Err error
}

// RunFiles runs the scenario files at paths, in order. A path that is a
// directory stands for every *.yaml and *.yml file under it, recursively,
// in sorted order; a directory without any is a failure, and so is a path
// that does not exist. A game that panics fails its scenario only.
func RunFiles(paths []string, lookup Lookup) []Result {
	var out []Result
	for _, p := range paths {
		files, err := expand(p)
		if err != nil {
			out = append(out, Result{Path: p, Err: err})
			continue
		}
		for _, f := range files {
			out = append(out, runFile(f, lookup))
		}
	}
	return out
}

// expand lists the scenario files that path stands for.
func expand(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no scenario files (*.yaml) in the directory", path)
	}
	slices.Sort(files)
	return files, nil
}

func runFile(path string, lookup Lookup) (res Result) {
	res.Path = path
	sc, err := Load(path)
	if err != nil {
		res.Err = err
		return res
	}
	res.Name = sc.Name
	var r *Run
	defer func() {
		if p := recover(); p != nil {
			e := &Error{File: path, Msg: fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}
			if r != nil && r.Step() > 0 {
				s := &sc.Steps[r.Step()-1]
				e.Line, e.Step, e.What = s.Line, r.Step(), s.Describe()
			}
			res.Err = e
		}
	}()
	r, err = sc.Start(lookup)
	if err != nil {
		res.Err = err
		return res
	}
	for !r.Done() {
		if err := r.Next(); err != nil {
			res.Err = err
			return res
		}
	}
	res.Err = r.Finish()
	return res
}

// WriteReport writes one line per result, "ok   PATH" or "FAIL ERROR"
// (the error names the file), and then "N passed, N failed". It returns
// the number of failures.
func WriteReport(w io.Writer, results []Result) (failed int) {
	for _, r := range results {
		if r.Err == nil {
			fmt.Fprintf(w, "ok   %s\n", r.Path)
			continue
		}
		failed++
		msg := r.Err.Error()
		if !strings.HasPrefix(msg, r.Path) {
			msg = r.Path + ": " + msg
		}
		fmt.Fprintf(w, "FAIL %s\n", strings.ReplaceAll(msg, "\n", "\n     "))
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", len(results)-failed, failed)
	return failed
}
