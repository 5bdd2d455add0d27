// Command ferretdb runs an embedded FerretDB (MongoDB wire protocol over SQLite) for development,
// tests and single-machine deployments. It prints one JSON line {"uri": "..."} once it accepts
// connections and stops on SIGINT/SIGTERM, or when its standard input closes if -watch-stdin is set
// (so a test harness that dies never leaves a server behind).
//
// The server has no authentication, so it is kept private by the file system: it listens on a Unix
// socket (-unix) inside the data directory, which is made 0700, and every file it creates is 0600
// (umask 077); files of an older data directory are brought to the same modes at start. Another
// local user can neither read the data nor connect. -listen (TCP) is for tests that need a port.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "", "TCP address to listen on (port 0 picks a free port); empty: none")
	unixSocket := flag.String("unix", "", "Unix socket path to listen on (its directory should be private)")
	dataDir := flag.String("data", "data/db", "directory holding the SQLite files")
	watchStdin := flag.Bool("watch-stdin", false, "exit when standard input is closed")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	// SQLite's write-ahead log with synchronous=NORMAL syncs to disk at checkpoints, not at every
	// commit: a commit survives the process being killed, and the database stays consistent through
	// a power cut, which may undo the last commits. FULL syncs every commit (about 10 ms each on a
	// virtual disk, and the server runs writes one at a time).
	synchronous := flag.String("synchronous", "normal", "SQLite synchronous setting: normal or full")
	flag.Parse()

	if *listen == "" && *unixSocket == "" {
		fmt.Fprintln(os.Stderr, "ferretdb: give -unix or -listen")
		os.Exit(2)
	}
	if *synchronous != "normal" && *synchronous != "full" {
		fmt.Fprintln(os.Stderr, "ferretdb: -synchronous is normal or full")
		os.Exit(2)
	}
	if err := run(*listen, *unixSocket, *dataDir, *watchStdin, *logLevel, *synchronous); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

// makePrivate gives the data directory (and every directory under it) mode 0700 and every file 0600.
func makePrivate(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Chmod(path, 0o700)
		case d.Type().IsRegular():
			return os.Chmod(path, 0o600)
		}
		return nil
	})
}

// removeStaleSocket deletes a socket file left by a server that died, and refuses to start when a
// server still answers on it.
func removeStaleSocket(path string) error {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if conn, err := net.DialTimeout("unix", path, time.Second); err == nil {
		conn.Close()
		return fmt.Errorf("another server listens on %s", path)
	}
	return os.Remove(path)
}

func run(listen, unixSocket, dataDir string, watchStdin bool, logLevel, synchronous string) error {
	syscall.Umask(0o077)
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return err
	}
	if err := makePrivate(abs); err != nil {
		return err
	}
	if unixSocket != "" {
		if unixSocket, err = filepath.Abs(unixSocket); err != nil {
			return err
		}
		if err := removeStaleSocket(unixSocket); err != nil {
			return err
		}
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen, Unix: unixSocket},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/?_pragma=synchronous(" + synchronous + ")",
		Logger:    logger,
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if watchStdin {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	done := make(chan struct{})
	go func() {
		_ = f.Run(ctx)
		close(done)
	}()
	go keepIDIndexes(ctx, abs, time.Second, logger)

	// MongoDBURI blocks until the listener is bound, so the printed port is the real one. With both
	// listeners it names the TCP one; a socket alone is named by its path, percent-encoded.
	uri := f.MongoDBURI()
	if listen == "" {
		uri = "mongodb://" + url.PathEscape(unixSocket) + "/"
	}
	line, _ := json.Marshal(map[string]string{"uri": uri})
	fmt.Println(string(line))

	<-done
	return nil
}
