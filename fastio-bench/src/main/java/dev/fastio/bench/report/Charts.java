package dev.fastio.bench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts of the report, rendered with XChart as PNG: one series per approach, each value with its
 * error bar, over categories evenly spaced (file sizes, or parameter combinations).
 *
 * <p>Axes are chosen to be read, not to flatter: the y axis is linear and starts at 0, so heights
 * compare as the values do (XChart draws no usable error bars on a logarithmic axis; the tables
 * give the small values that a linear axis flattens).
 */
final class Charts {
  private Charts() {}

  /** One value and its error (the half-width of JMH's 99.9 % confidence interval, or NaN). */
  record Point(double value, double error) {}

  /** How the series are drawn: lines over file sizes, or bars over parameter combinations. */
  enum Style {
    LINES,
    BARS
  }

  /**
   * Writes {@code file} (PNG).
   *
   * @param categories the x axis, in order
   * @param series approach name to one point per category, null where the approach has none
   */
  static void render(
      String title,
      String xTitle,
      String yTitle,
      List<String> categories,
      Map<String, List<Point>> series,
      Style style,
      Path file)
      throws IOException {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(900)
            .height(520)
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    CategoryStyler s = chart.getStyler();
    s.setDefaultSeriesRenderStyle(
        style == Style.LINES
            ? CategorySeries.CategorySeriesRenderStyle.Line
            : CategorySeries.CategorySeriesRenderStyle.Bar);
    s.setYAxisMin(0.0);
    s.setOverlapped(style == Style.LINES); // lines at the category, bars side by side
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotGridLinesColor(new Color(225, 225, 225));
    s.setErrorBarsColorSeriesColor(true);
    s.setMarkerSize(7);
    if (categories.stream().mapToInt(String::length).sum() > 60) {
      s.setXAxisLabelRotation(15); // long parameter labels would overlap
    }
    s.setAntiAlias(true);
    for (Map.Entry<String, List<Point>> e : series.entrySet()) {
      List<Double> ys = new ArrayList<>();
      List<Double> errors = new ArrayList<>();
      boolean any = false;
      for (Point p : e.getValue()) {
        if (p == null || !(p.value() > 0)) {
          ys.add(null);
          errors.add(0.0);
        } else {
          any = true;
          ys.add(p.value());
          errors.add(Double.isNaN(p.error()) ? 0 : p.error());
        }
      }
      if (any) {
        CategorySeries c = chart.addSeries(e.getKey(), categories, ys, errors);
        c.setMarker(SeriesMarkers.CIRCLE);
      }
    }
    if (!chart.getSeriesMap().isEmpty()) {
      String name = file.toString();
      String base = name.endsWith(".png") ? name.substring(0, name.length() - 4) : name;
      BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
    }
  }
}
