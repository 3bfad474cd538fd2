module fastio.dev/bench/md5simd-tree

go 1.22

require github.com/minio/md5-simd v1.1.2

require github.com/klauspost/cpuid/v2 v2.0.1 // indirect
