import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites the class files older than Java 6 (major version below 50) in the jars of a folder as
 * Java 8 class files (52) with stack map frames, the same code otherwise, so the JDK's AOT cache
 * can hold them. The JDK leaves such classes out of the cache once a training run has linked them
 * ("Old class has been linked": the old verifier keeps no record of what it checked), so each run
 * loaded and verified them again: picocli's 173 classes (Java 5 class files) cost about 0.1 s of
 * CPU at every start. Run by the cli module's build over target/lib (README.md):
 *
 * <pre>java StackMapFrames.java FOLDER</pre>
 *
 * A jar with no such class is left alone, so a second run changes nothing.
 */
public final class StackMapFrames {
  private static final int FIRST_WITH_FRAMES = 50;
  private static final int WRITTEN_AS = 52;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java StackMapFrames.java FOLDER");
      System.exit(2);
    }
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
      for (Path jar : jars) {
        int rewritten = rewrite(jar);
        if (rewritten > 0) {
          System.out.println(
              "StackMapFrames: " + jar.getFileName() + ": " + rewritten + " class files as Java 8");
        }
      }
    }
  }

  /** Rewrites {@code jar}'s old class files in place; how many there were. */
  private static int rewrite(Path jar) throws IOException {
    List<Entry> entries = read(jar);
    if (entries.stream().noneMatch(e -> isOld(e.bytes(), e.name()))) {
      return 0;
    }
    int rewritten = 0;
    // The frames need the common superclass of two types: the jar's own classes are read from it.
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      ClassFile classFile =
          ClassFile.of(
              ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
              ClassFile.ClassHierarchyResolverOption.of(
                  ClassHierarchyResolver.ofResourceParsing(loader)
                      .orElse(ClassHierarchyResolver.defaultResolver())));
      // Every method body goes through a code builder, which writes the frames.
      ClassTransform toJava8 =
          ((ClassTransform)
                  (builder, element) -> {
                    if (element instanceof ClassFileVersion) {
                      builder.withVersion(WRITTEN_AS, 0);
                    } else {
                      builder.with(element);
                    }
                  })
              .andThen(ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL));
      for (int i = 0; i < entries.size(); i++) {
        Entry e = entries.get(i);
        if (isOld(e.bytes(), e.name())) {
          ClassModel model = classFile.parse(e.bytes());
          entries.set(i, new Entry(e.entry(), classFile.transformClass(model, toJava8)));
          rewritten++;
        }
      }
    }
    Path temp = Files.createTempFile(jar.getParent(), jar.getFileName().toString(), ".tmp");
    try (OutputStream file = Files.newOutputStream(temp);
        ZipOutputStream out = new ZipOutputStream(file)) {
      for (Entry e : entries) {
        ZipEntry copy = new ZipEntry(e.name());
        copy.setTime(e.entry().getTime());
        out.putNextEntry(copy);
        out.write(e.bytes());
        out.closeEntry();
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    try {
      // createTempFile made it readable by its owner alone: the jar is for every user of graft
      Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(jar));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the temporary file has the usual permissions there
    }
    Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return rewritten;
  }

  private static boolean isOld(byte[] bytes, String name) {
    // a class file's major version is its bytes 6 and 7; module-info (Java 9+) is never old
    return name.endsWith(".class")
        && bytes.length > 8
        && (((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff)) < FIRST_WITH_FRAMES;
  }

  private static List<Entry> read(Path jar) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (InputStream file = Files.newInputStream(jar);
        ZipInputStream in = new ZipInputStream(file)) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        entries.add(new Entry(e, in.readAllBytes()));
      }
    }
    return entries;
  }

  private record Entry(ZipEntry entry, byte[] bytes) {
    String name() {
      return entry.getName();
    }
  }
}
