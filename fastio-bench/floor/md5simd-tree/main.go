// The native floor of hashing a tree with MD5 on this machine: every regular file under DIR hashed
// with github.com/minio/md5-simd (Go's multi-buffer MD5: 16 AVX-512 or 8 AVX2 lanes per server),
// lines printed as md5sum prints them. Files are walked in byte order of their names and hashed by
// LANES goroutines per server, one server per core, each goroutine reading its file in order
// through a 128 KiB buffer; output order is that of the walk.
//
//	cd fastio-bench/floor/md5simd-tree && go build -o /tmp/md5simd-tree . && /tmp/md5simd-tree DIR > /dev/null
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	md5simd "github.com/minio/md5-simd"
)

const lanes = 16

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: md5simd-tree DIR")
		os.Exit(2)
	}
	var files []string
	err := filepath.WalkDir(os.Args[1], func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sort.Strings(files)
	sums := make([]string, len(files))
	servers := make([]md5simd.Server, runtime.NumCPU())
	for i := range servers {
		servers[i] = md5simd.NewServer()
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for s := range servers {
		for g := 0; g < lanes; g++ {
			wg.Add(1)
			go func(server md5simd.Server) {
				defer wg.Done()
				buf := make([]byte, 128<<10)
				for i := range next {
					sums[i] = hash(server, files[i], buf)
				}
			}(servers[s])
		}
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	for i, f := range files {
		fmt.Fprintf(out, "%s  %s\n", sums[i], f)
	}
	out.Flush()
}

func hash(server md5simd.Server, path string, buf []byte) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	h := server.NewHash()
	defer h.Close()
	if _, err := io.CopyBuffer(h, f, buf); err != nil {
		return err.Error()
	}
	return hex.EncodeToString(h.Sum(nil))
}
