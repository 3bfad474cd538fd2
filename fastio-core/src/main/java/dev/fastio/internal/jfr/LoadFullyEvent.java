package dev.fastio.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A JFR event per page-touching preload of a mapping ({@code MappedFiles.loadFully}). */
@Name("dev.fastio.LoadFully")
@Label("fastio loadFully")
@Category({"fastio"})
@Description(
    "Pages of a mapped file made resident by MappedFiles.loadFully or MappedFile.loadFully")
final class LoadFullyEvent extends jdk.jfr.Event {
  @Label("File")
  @Description("The file mapped, or a description of the buffer where the file is not known")
  String file;

  @Label("Bytes")
  @DataAmount
  long bytes;

  @Label("Pages")
  @Description("Pages touched, of 4 KiB")
  long pages;
}
