import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a Maven Central bundle, unpacked into a directory in repository layout, against Central's
 * publishing requirements: the bundle holds exactly the artifacts to publish; each pom has
 * coordinates, name, description, url, licenses, developers and scm (the inherited ones from its
 * parent in the bundle, as Maven inherits them); a jar artifact has its jar, sources jar and
 * javadoc jar; every file has a signature that {@code gpg --verify} accepts, made by the given key,
 * and .md5 and .sha1 checksums (and .sha256, .sha512 when present) that match its bytes.
 *
 * <p>Usage: {@code java .ci/CentralBundleCheck.java REPOSITORY VERSION KEY_FINGERPRINT
 * ARTIFACT_ID...} (the artifact ids to publish). Prints one line per check; a failure names the
 * file and the rule, on standard error; exits 1 if any check failed. gpg runs with the
 * environment's GNUPGHOME.
 */
public final class CentralBundleCheck {
  /** Checksum file extension to MessageDigest algorithm. */
  private static final Map<String, String> CHECKSUMS = new LinkedHashMap<>();

  static {
    CHECKSUMS.put("md5", "MD5");
    CHECKSUMS.put("sha1", "SHA-1");
    CHECKSUMS.put("sha256", "SHA-256");
    CHECKSUMS.put("sha512", "SHA-512");
  }

  private static final Set<String> REQUIRED_CHECKSUMS = Set.of("md5", "sha1");

  private final Path repository;
  private final String version;
  private final String fingerprint;
  private final List<String> failures = new ArrayList<>();

  private CentralBundleCheck(Path repository, String version, String fingerprint) {
    this.repository = repository;
    this.version = version;
    this.fingerprint = fingerprint;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println(
          "usage: java CentralBundleCheck.java REPOSITORY VERSION KEY_FINGERPRINT ARTIFACT_ID...");
      System.exit(2);
    }
    CentralBundleCheck check =
        new CentralBundleCheck(Path.of(args[0]), args[1], args[2].toUpperCase());
    Set<String> expected = new LinkedHashSet<>(List.of(args).subList(3, args.length));
    boolean ok = check.run(expected);
    System.exit(ok ? 0 : 1);
  }

  private boolean run(Set<String> expected) throws Exception {
    // artifactId -> its version directory, for every group/artifact/version/file in the bundle.
    Map<String, Path> artifacts = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(repository)) {
      files = walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
    for (Path file : files) {
      Path versionDir = file.getParent();
      Path relative = repository.relativize(file);
      if (relative.getNameCount() < 4) {
        fail(relative, "not in group/artifact/version/ layout");
        continue;
      }
      artifacts.put(versionDir.getParent().getFileName().toString(), versionDir);
    }
    int before = failures.size();
    for (String artifactId : artifacts.keySet()) {
      if (!expected.contains(artifactId)) {
        fail(
            repository.relativize(artifacts.get(artifactId)),
            "in the bundle but not to be published (only " + String.join(", ", expected) + ")");
      }
    }
    for (String artifactId : expected) {
      if (!artifacts.containsKey(artifactId)) {
        fail(repository, artifactId + " is to be published but is not in the bundle");
      }
    }
    report(
        before,
        "release check: the bundle holds "
            + String.join(", ", expected)
            + " and nothing else ("
            + files.size()
            + " files)");

    for (String artifactId : expected) {
      Path dir = artifacts.get(artifactId);
      if (dir != null) {
        checkArtifact(artifactId, dir);
      }
    }
    return failures.isEmpty();
  }

  private void checkArtifact(String artifactId, Path dir) throws Exception {
    String base = artifactId + "-" + version;
    Path relativeDir = repository.relativize(dir);
    if (!dir.getFileName().toString().equals(version)) {
      fail(relativeDir, "version directory is not " + version);
      return;
    }
    Path pomFile = dir.resolve(base + ".pom");
    if (!Files.isRegularFile(pomFile)) {
      fail(relativeDir.resolve(base + ".pom"), "missing: every artifact needs its pom");
      return;
    }

    int before = failures.size();
    Element pom = parse(pomFile);
    String packaging = text(pom, "packaging", "jar");
    List<String> inherited = checkPom(pomFile, pom, artifactId);
    report(
        before,
        "release check: "
            + artifactId
            + " pom: coordinates, name, description, url, licenses, developers, scm"
            + (inherited.isEmpty()
                ? ""
                : " (" + String.join(", ", inherited) + " from its parent)"));

    before = failures.size();
    List<String> artifactFiles = new ArrayList<>(List.of(base + ".pom"));
    if (packaging.equals("jar")) {
      artifactFiles.addAll(List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar"));
    } else if (!packaging.equals("pom")) {
      fail(
          relativeDir.resolve(base + ".pom"),
          "packaging " + packaging + ": this check knows pom and jar");
    }
    for (String name : artifactFiles) {
      if (!Files.isRegularFile(dir.resolve(name))) {
        fail(
            relativeDir.resolve(name),
            "missing: Central requires the jar, a -sources.jar and a -javadoc.jar for packaging jar");
      }
    }
    // Every file is an artifact file or the signature or a checksum of one.
    Set<String> known = new TreeSet<>(artifactFiles);
    List<String> present;
    try (Stream<Path> list = Files.list(dir)) {
      present = list.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
    for (String name : present) {
      if (!known.contains(name) && !isSidecarOf(name, known)) {
        fail(
            relativeDir.resolve(name),
            "unexpected file: neither an artifact nor its signature or checksum");
      }
    }
    report(before, "release check: " + artifactId + " files: " + describe(artifactFiles, base));

    before = failures.size();
    int checksums = 0;
    for (String name : artifactFiles) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file)) {
        verifySignature(file);
        checksums += verifyChecksums(file);
      }
    }
    report(
        before,
        "release check: "
            + artifactId
            + " signatures and checksums: "
            + artifactFiles.size()
            + (artifactFiles.size() == 1 ? " file" : " files")
            + ", each with a .asc by key "
            + fingerprint.substring(Math.max(0, fingerprint.length() - 16))
            + " that gpg --verify accepts, "
            + checksums
            + " checksum files matching (.md5 and .sha1 required)");
  }

  /** Checks what Central requires of a pom; returns the fields found only in the parent. */
  private List<String> checkPom(Path pomFile, Element pom, String artifactId) throws Exception {
    Path relative = repository.relativize(pomFile);
    Element parentRef = child(pom, "parent");
    Element parent = null;
    Path parentPom = null;
    if (parentRef != null) {
      parentPom =
          repository
              .resolve(text(parentRef, "groupId", "").replace('.', '/'))
              .resolve(text(parentRef, "artifactId", ""))
              .resolve(text(parentRef, "version", ""))
              .resolve(
                  text(parentRef, "artifactId", "")
                      + "-"
                      + text(parentRef, "version", "")
                      + ".pom");
      if (Files.isRegularFile(parentPom)) {
        parent = parse(parentPom);
      }
    }
    String groupId = text(pom, "groupId", parentRef == null ? "" : text(parentRef, "groupId", ""));
    String pomVersion =
        text(pom, "version", parentRef == null ? "" : text(parentRef, "version", ""));
    String expectedGroup =
        repository
            .relativize(pomFile.getParent().getParent().getParent())
            .toString()
            .replace('/', '.');
    if (!groupId.equals(expectedGroup)) {
      fail(relative, "groupId is '" + groupId + "', its path says " + expectedGroup);
    }
    if (!text(pom, "artifactId", "").equals(artifactId)) {
      fail(relative, "artifactId is not " + artifactId);
    }
    if (!pomVersion.equals(version)) {
      fail(relative, "version is '" + pomVersion + "', not " + version);
    }
    if (version.endsWith("-SNAPSHOT")) {
      fail(relative, "a SNAPSHOT version: Central publishes releases only");
    }
    // name is not inherited in Maven; the others are.
    requireText(relative, pom, "name");
    List<String> inherited = new ArrayList<>();
    for (String field : List.of("description", "url", "licenses", "developers", "scm")) {
      if (child(pom, field) != null) {
        requireField(relative, pom, field);
      } else if (parent != null && child(parent, field) != null) {
        requireField(repository.relativize(parentPom), parent, field);
        inherited.add(field);
      } else {
        fail(
            relative,
            "no <"
                + field
                + ">"
                + (parentRef == null ? "" : ", nor in a parent pom in the bundle")
                + ": Central requires it");
      }
    }
    return inherited;
  }

  private void requireField(Path pomFile, Element pom, String field) {
    switch (field) {
      case "licenses" ->
          requireEach(pomFile, child(pom, "licenses"), "license", List.of("name", "url"));
      case "developers" ->
          requireEach(pomFile, child(pom, "developers"), "developer", List.of("name"));
      case "scm" -> {
        requireText(pomFile, child(pom, "scm"), "url");
        requireText(pomFile, child(pom, "scm"), "connection");
      }
      default -> requireText(pomFile, pom, field);
    }
  }

  private void requireEach(Path pomFile, Element list, String item, List<String> fields) {
    List<Element> items = children(list, item);
    if (items.isEmpty()) {
      fail(pomFile, "<" + list.getTagName() + "> has no <" + item + ">: Central requires one");
    }
    for (Element element : items) {
      for (String field : fields) {
        requireText(pomFile, element, field);
      }
    }
  }

  private void requireText(Path pomFile, Element parent, String field) {
    if (text(parent, field, "").isBlank()) {
      fail(pomFile, "no <" + field + "> in <" + parent.getTagName() + ">: Central requires it");
    }
  }

  private void verifySignature(Path file) throws IOException, InterruptedException {
    Path relative = repository.relativize(file);
    Path signature = file.resolveSibling(file.getFileName() + ".asc");
    if (!Files.isRegularFile(signature)) {
      fail(relative, "no .asc signature: Central requires one for every file");
      return;
    }
    Process gpg =
        new ProcessBuilder(
                "gpg",
                "--batch",
                "--status-fd",
                "1",
                "--verify",
                signature.toString(),
                file.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(gpg.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = gpg.waitFor();
    boolean byKey =
        output.lines().anyMatch(l -> l.startsWith("[GNUPG:] VALIDSIG ") && l.contains(fingerprint));
    if (exit != 0 || !byKey) {
      fail(
          relative,
          "its .asc is not a good signature by key "
              + fingerprint
              + " (gpg --verify exit "
              + exit
              + "): "
              + output
                  .lines()
                  .filter(l -> l.startsWith("gpg:"))
                  .collect(Collectors.joining(" | ")));
    }
  }

  private int verifyChecksums(Path file) throws IOException, NoSuchAlgorithmException {
    Path relative = repository.relativize(file);
    int found = 0;
    for (Map.Entry<String, String> checksum : CHECKSUMS.entrySet()) {
      Path sidecar = file.resolveSibling(file.getFileName() + "." + checksum.getKey());
      if (!Files.isRegularFile(sidecar)) {
        if (REQUIRED_CHECKSUMS.contains(checksum.getKey())) {
          fail(relative, "no ." + checksum.getKey() + " checksum: Central requires .md5 and .sha1");
        }
        continue;
      }
      found++;
      String expected = Files.readString(sidecar).trim().split("\\s+", 2)[0].toLowerCase();
      String actual = digest(file, checksum.getValue());
      if (!expected.equals(actual)) {
        fail(
            relative,
            "its ." + checksum.getKey() + " says " + expected + ", its bytes hash to " + actual);
      }
    }
    return found;
  }

  private static String digest(Path file, String algorithm)
      throws IOException, NoSuchAlgorithmException {
    MessageDigest digest = MessageDigest.getInstance(algorithm);
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[65536];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static boolean isSidecarOf(String name, Set<String> artifactFiles) {
    for (String artifact : artifactFiles) {
      if (name.equals(artifact + ".asc")) {
        return true;
      }
      for (String extension : CHECKSUMS.keySet()) {
        if (name.equals(artifact + "." + extension)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String describe(List<String> artifactFiles, String base) {
    return artifactFiles.stream()
        .map(name -> name.equals(base + ".pom") ? "pom" : name.substring(base.length()))
        .map(name -> name.equals(".jar") ? "jar" : name.replaceFirst("^-", ""))
        .collect(Collectors.joining(", "));
  }

  /** Prints the check's line: OK, or FAILED and each failure added since {@code failuresBefore}. */
  private void report(int failuresBefore, String line) {
    if (failures.size() == failuresBefore) {
      System.out.println(line + ": OK");
      return;
    }
    System.err.println(line.replaceFirst("^release check: ", "release check FAILED: "));
    for (String failure : failures.subList(failuresBefore, failures.size())) {
      System.err.println("  " + failure);
    }
  }

  private void fail(Path file, String rule) {
    failures.add(file + ": " + rule);
  }

  private static Element parse(Path pom) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = factory.newDocumentBuilder().parse(pom.toFile());
    return document.getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    List<Element> all = children(parent, name);
    return all.isEmpty() ? null : all.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> result = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        result.add(element);
      }
    }
    return result;
  }

  private static String text(Element parent, String name, String otherwise) {
    Element element = child(parent, name);
    return element == null ? otherwise : element.getTextContent().trim();
  }
}
