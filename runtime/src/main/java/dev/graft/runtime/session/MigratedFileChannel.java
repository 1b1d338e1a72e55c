package dev.graft.runtime.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A read-only channel over bytes in memory: a file's content as graft would have it after a
 * migration, indexed and read back without writing anything ({@link SessionFile#indexMigrated}).
 * Only what indexing and reading entries use is supported.
 */
final class MigratedFileChannel extends FileChannel {
  private final byte[] bytes;
  private long position;

  MigratedFileChannel(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public int read(ByteBuffer dst, long at) {
    if (at >= bytes.length) {
      return -1;
    }
    int n = (int) Math.min(dst.remaining(), bytes.length - at);
    dst.put(bytes, (int) at, n);
    return n;
  }

  @Override
  public synchronized int read(ByteBuffer dst) {
    int n = read(dst, position);
    if (n > 0) {
      position += n;
    }
    return n;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      int n = read(dsts[i]);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
    }
    return total;
  }

  @Override
  public long size() {
    return bytes.length;
  }

  @Override
  public synchronized long position() {
    return position;
  }

  @Override
  public synchronized FileChannel position(long newPosition) {
    position = newPosition;
    return this;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) {
    throw new NonWritableChannelException();
  }

  @Override
  public int write(ByteBuffer src, long at) {
    throw new NonWritableChannelException();
  }

  @Override
  public FileChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public void force(boolean metaData) {}

  @Override
  public long transferTo(long at, long count, WritableByteChannel target) throws IOException {
    throw new UnsupportedOperationException("not needed for reading a session");
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long at, long count) {
    throw new NonWritableChannelException();
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long at, long size) {
    throw new UnsupportedOperationException("not needed for reading a session");
  }

  @Override
  public FileLock lock(long at, long size, boolean shared) {
    throw new UnsupportedOperationException("bytes in memory are not locked");
  }

  @Override
  public FileLock tryLock(long at, long size, boolean shared) {
    throw new UnsupportedOperationException("bytes in memory are not locked");
  }

  @Override
  protected void implCloseChannel() {}
}
