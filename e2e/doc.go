// Package e2e holds skald's browser tests: Node scripts (*.mjs) that drive
// Debian's chromium with playwright-core against a skald server that
// e2e_test.go starts on loopback. They run with the e2e build tag:
//
//	go test -tags e2e ./e2e
//
// after `npm ci` in this directory (./test in the repository's root does
// both, and installs chromium).
package e2e
