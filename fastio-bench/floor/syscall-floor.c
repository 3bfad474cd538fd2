/*
 * The system-call floor of reading a small file, which bounds FastFiles.digest at 4 KiB: the time of
 * open + close, and of open + fstat + read + close, per file, averaged over 200,000 rounds.
 *
 *   cc -O2 -o /tmp/syscall-floor fastio-bench/floor/syscall-floor.c && /tmp/syscall-floor FILE
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double micros_since(const struct timespec *a, long rounds) {
  struct timespec b;
  clock_gettime(CLOCK_MONOTONIC, &b);
  return ((b.tv_sec - a->tv_sec) * 1e9 + (b.tv_nsec - a->tv_nsec)) / 1e3 / rounds;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  static char buf[65536];
  struct stat st;
  struct timespec a;
  const long rounds = 200000;
  long bytes = 0;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < rounds; i++) {
    close(open(argv[1], O_RDONLY));
  }
  printf("open+close            %.2f us\n", micros_since(&a, rounds));
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < rounds; i++) {
    int fd = open(argv[1], O_RDONLY);
    fstat(fd, &st);
    bytes += read(fd, buf, sizeof buf);
    close(fd);
  }
  printf("open+fstat+read+close %.2f us (%ld bytes read)\n", micros_since(&a, rounds), bytes);
  return 0;
}
