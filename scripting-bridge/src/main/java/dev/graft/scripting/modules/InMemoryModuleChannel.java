package dev.graft.scripting.modules;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;

/**
 * A read-only channel over bytes in memory: how a TypeScript module, types erased, reaches GraalJS.
 */
final class InMemoryModuleChannel implements SeekableByteChannel {
  private final byte[] bytes;
  private int position;
  private boolean open = true;

  InMemoryModuleChannel(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    ensureOpen();
    if (position >= bytes.length) {
      return -1;
    }
    int n = Math.min(dst.remaining(), bytes.length - position);
    dst.put(bytes, position, n);
    position += n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() throws IOException {
    ensureOpen();
    return position;
  }

  @Override
  public SeekableByteChannel position(long newPosition) throws IOException {
    ensureOpen();
    if (newPosition < 0) {
      throw new IllegalArgumentException("negative position");
    }
    position = (int) Math.min(newPosition, bytes.length);
    return this;
  }

  @Override
  public long size() throws IOException {
    ensureOpen();
    return bytes.length;
  }

  @Override
  public SeekableByteChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
  }

  private void ensureOpen() throws ClosedChannelException {
    if (!open) {
      throw new ClosedChannelException();
    }
  }
}
