package dev.fastio.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One entry of a JMH JSON result file ({@code -rf json}): one benchmark method at one parameter
 * combination, with the settings of the run that produced it. Only fields JMH 1.x writes for every
 * entry are read, so any benchmark class is understood without being named here.
 */
final class Result {
  /** The benchmark class's simple name, e.g. {@code ReadAllBytesBenchmark}. */
  final String benchmarkClass;

  /** The method name, e.g. {@code jdk} or {@code fastio}. */
  final String method;

  /** {@code @Param} values by name, sorted by name. */
  final Map<String, String> params;

  final String mode;
  final double score;
  final double error;
  final String unit;
  final int forks;
  final int threads;
  final String jvm;
  final String jdkVersion;
  final String vmName;
  final String vmVersion;
  final List<String> jvmArgs;
  final String warmup;
  final String measurement;

  private Result(JsonObject o) {
    String name = o.get("benchmark").getAsString();
    int dot = name.lastIndexOf('.');
    String owner = name.substring(0, dot);
    this.benchmarkClass = owner.substring(owner.lastIndexOf('.') + 1);
    this.method = name.substring(dot + 1);
    Map<String, String> p = new TreeMap<>();
    JsonElement ps = o.get("params");
    if (ps != null && ps.isJsonObject()) {
      for (Map.Entry<String, JsonElement> e : ps.getAsJsonObject().entrySet()) {
        p.put(e.getKey(), e.getValue().getAsString());
      }
    }
    this.params = Collections.unmodifiableMap(p);
    this.mode = text(o, "mode");
    JsonObject metric = o.getAsJsonObject("primaryMetric");
    this.score = number(metric.get("score"));
    this.error = number(metric.get("scoreError"));
    this.unit = text(metric, "scoreUnit");
    this.forks = o.has("forks") ? o.get("forks").getAsInt() : 0;
    this.threads = o.has("threads") ? o.get("threads").getAsInt() : 0;
    this.jvm = text(o, "jvm");
    this.jdkVersion = text(o, "jdkVersion");
    this.vmName = text(o, "vmName");
    this.vmVersion = text(o, "vmVersion");
    List<String> args = new ArrayList<>();
    JsonElement a = o.get("jvmArgs");
    if (a != null && a.isJsonArray()) {
      for (JsonElement e : a.getAsJsonArray()) {
        args.add(e.getAsString());
      }
    }
    this.jvmArgs = Collections.unmodifiableList(args);
    this.warmup = iterations(o, "warmupIterations", "warmupTime");
    this.measurement = iterations(o, "measurementIterations", "measurementTime");
  }

  /** Every entry of one JMH JSON file, in file order. */
  static List<Result> read(Path json) throws IOException {
    try (Reader r = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
      JsonElement root = JsonParser.parseReader(r);
      if (!root.isJsonArray()) {
        throw new IOException(json + ": not a JMH JSON result (expected an array)");
      }
      JsonArray entries = root.getAsJsonArray();
      List<Result> results = new ArrayList<>(entries.size());
      for (JsonElement e : entries) {
        results.add(new Result(e.getAsJsonObject()));
      }
      return results;
    }
  }

  /** The major Java version of the run, e.g. 17 (from {@code jdkVersion} such as "17.0.17"). */
  int jdkMajor() {
    String v = jdkVersion.startsWith("1.") ? jdkVersion.substring(2) : jdkVersion;
    int end = 0;
    while (end < v.length() && Character.isDigit(v.charAt(end))) {
      end++;
    }
    return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
  }

  /** The value of {@code @Param size} in bytes, or -1 when the benchmark has no numeric size. */
  long size() {
    String s = params.get("size");
    if (s == null) {
      return -1;
    }
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The parameters other than {@code size}, as "name=value ...", or "" when there are none. */
  String otherParams() {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (!e.getKey().equals("size")) {
        b.append(b.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(e.getValue());
      }
    }
    return b.toString();
  }

  /** True for a throughput score (higher is better); false for time per operation. */
  boolean higherIsBetter() {
    return mode.equals("thrpt") || (unit.startsWith("ops/") && !Double.isNaN(perSecond(unit)));
  }

  /**
   * Bytes per second for a throughput score in ops per time unit of a sized benchmark, else NaN. An
   * operation of a benchmark with a {@code count} parameter handles {@code count} files of {@code
   * size} bytes.
   */
  double bytesPerSecond() {
    double perSecond = perSecond(unit);
    long size = size();
    if (!mode.equals("thrpt") || size < 0 || Double.isNaN(perSecond)) {
      return Double.NaN;
    }
    String count = params.get("count");
    return score * perSecond * size * (count == null ? 1 : Long.parseLong(count.trim()));
  }

  /** The factor from "ops/UNIT" to ops per second, NaN for other units. */
  static double perSecond(String unit) {
    return switch (unit) {
      case "ops/s" -> 1;
      case "ops/ms" -> 1e3;
      case "ops/us" -> 1e6;
      case "ops/ns" -> 1e9;
      case "ops/min" -> 1.0 / 60;
      default -> Double.NaN;
    };
  }

  private static String iterations(JsonObject o, String count, String time) {
    if (!o.has(count)) {
      return "";
    }
    return o.get(count).getAsInt() + " × " + text(o, time);
  }

  private static String text(JsonObject o, String field) {
    JsonElement e = o.get(field);
    return e == null || e.isJsonNull() ? "" : e.getAsString();
  }

  /** JMH writes "NaN" (as a string) when an error cannot be computed, e.g. for one iteration. */
  private static double number(JsonElement e) {
    if (e == null || e.isJsonNull()) {
      return Double.NaN;
    }
    try {
      return e.getAsDouble();
    } catch (NumberFormatException ex) {
      return Double.NaN;
    }
  }
}
