package dev.fastio.bench;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link ThroughputBenchmark}'s settings with {@code jdk.incubator.vector} resolved in the fork,
 * for the benchmarks of fastio's Vector API engines (the MD5 lanes, the terminator search). A
 * {@code -jvmArgsAppend} on the command line replaces these JVM options, the module included.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms4g",
      "-Xmx4g",
      "-XX:+AlwaysPreTouch",
      "--add-modules",
      "jdk.incubator.vector"
    })
public abstract class VectorThroughputBenchmark extends ThroughputBenchmark {}
