package dev.fastio.bench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Throughput against file size, one line per approach, rendered with XChart as PNG. */
final class Charts {
  private Charts() {}

  /**
   * Writes {@code file} (PNG): x is the file size on a base-2 log scale, y the throughput (MB/s for
   * sized throughput benchmarks, else the JMH score) on a log scale; one series per approach.
   *
   * @param series approach name to its points, each point {size, value}; points with a value that
   *     is not positive are left out (a log axis cannot show them)
   */
  static void render(String title, String yTitle, Map<String, List<double[]>> series, Path file)
      throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(900)
            .height(520)
            .title(title)
            .xAxisTitle("file size")
            .yAxisTitle(yTitle)
            .build();
    XYStyler s = chart.getStyler();
    s.setYAxisLogarithmic(true);
    s.setxAxisTickLabelsFormattingFunction(x -> Report.size(Math.round(Math.pow(2, x))));
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotGridLinesColor(new Color(225, 225, 225));
    s.setMarkerSize(7);
    s.setAntiAlias(true);
    for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (double[] p : e.getValue()) {
        if (p[0] > 0 && p[1] > 0 && !Double.isNaN(p[1])) {
          xs.add(Math.log(p[0]) / Math.log(2));
          ys.add(p[1]);
        }
      }
      if (!xs.isEmpty()) {
        XYSeries line = chart.addSeries(e.getKey(), xs, ys);
        line.setMarker(SeriesMarkers.CIRCLE);
      }
    }
    if (chart.getSeriesMap().isEmpty()) {
      return;
    }
    String name = file.toString();
    String base = name.endsWith(".png") ? name.substring(0, name.length() - 4) : name;
    BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
  }
}
