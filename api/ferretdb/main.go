// Command ferretdb runs an embedded FerretDB (MongoDB wire protocol over SQLite) for development,
// tests and single-machine deployments. It prints one JSON line {"uri": "..."} once it accepts
// connections and stops on SIGINT/SIGTERM, or when its standard input closes if -watch-stdin is set
// (so a test harness that dies never leaves a server behind).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on (port 0 picks a free port)")
	dataDir := flag.String("data", "data/db", "directory holding the SQLite files")
	watchStdin := flag.Bool("watch-stdin", false, "exit when standard input is closed")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	if err := run(*listen, *dataDir, *watchStdin, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run(listen, dataDir string, watchStdin bool, logLevel string) error {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return err
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
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

	// MongoDBURI blocks until the listener is bound, so the printed port is the real one.
	line, _ := json.Marshal(map[string]string{"uri": f.MongoDBURI()})
	fmt.Println(string(line))

	<-done
	return nil
}
