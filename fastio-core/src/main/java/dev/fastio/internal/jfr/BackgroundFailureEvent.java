package dev.fastio.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A JFR event per task of a fastio background thread that failed: a mapping's release (a window
 * that could not be unmapped stays mapped), or a prefault.
 */
@Name("dev.fastio.BackgroundFailure")
@Label("fastio background failure")
@Category({"fastio"})
@Description("A task of a fastio background thread (unmapping, prefaulting) that threw")
final class BackgroundFailureEvent extends jdk.jfr.Event {
  @Label("Thread")
  @Description("The background thread: fastio-unmapper or fastio-prefault")
  String thread;

  @Label("Failure")
  @Description("The class and message of what the task threw")
  String failure;
}
