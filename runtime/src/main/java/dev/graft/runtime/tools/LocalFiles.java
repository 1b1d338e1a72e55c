package dev.graft.runtime.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The local file system, for the read, write, edit and ls tools. */
final class LocalFiles implements ReadOperations, WriteOperations, EditOperations, LsOperations {

  @Override
  public void checkReadable(Path file) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    if (attributes.isDirectory()) {
      throw new FileSystemException(file.toString(), null, "Is a directory");
    }
    if (attributes.isOther()) {
      // A device or a pipe may never end (think /dev/zero); reading it would hang the call.
      throw new FileSystemException(file.toString(), null, "Not a regular file");
    }
    if (!Files.isReadable(file)) {
      throw new AccessDeniedException(file.toString());
    }
  }

  @Override
  public Optional<ImageType> detectImage(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(ImageType.SNIFF_BYTES);
      return ImageType.detect(head, head.length);
    }
  }

  @Override
  public byte[] readAllBytes(Path file) throws IOException {
    return Files.readAllBytes(file);
  }

  @Override
  public InputStream open(Path file) throws IOException {
    return Files.newInputStream(file);
  }

  @Override
  public void createDirectories(Path directory) throws IOException {
    Files.createDirectories(directory);
  }

  @Override
  public void write(Path file, byte[] content) throws IOException {
    Files.write(file, content);
  }

  @Override
  public void checkEditable(Path file) throws IOException {
    checkReadable(file);
    if (!Files.isWritable(file)) {
      throw new AccessDeniedException(file.toString());
    }
  }

  @Override
  public boolean exists(Path path) {
    return Files.exists(path);
  }

  @Override
  public boolean isDirectory(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new NoSuchFileException(path.toString());
    }
    return Files.isDirectory(path);
  }

  @Override
  public List<String> list(Path directory) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      for (Path entry : entries) {
        names.add(entry.getFileName().toString());
      }
    }
    return names;
  }
}
