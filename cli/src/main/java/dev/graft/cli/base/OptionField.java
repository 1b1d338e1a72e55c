package dev.graft.cli.base;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * An option bound to a field of its options object through two lambdas, for a spec built without
 * annotations (the run's, {@code RunCommandSpec}): picocli's reflection on the fields made the JVM
 * spin method handle classes at every start.
 */
public final class OptionField<O> implements IGetter, ISetter {
  private final O owner;
  private final Function<O, Object> read;
  private final BiConsumer<O, Object> write;

  private OptionField(O owner, Function<O, Object> read, BiConsumer<O, Object> write) {
    this.owner = owner;
    this.read = read;
    this.write = write;
  }

  /**
   * The field {@code read} reads and {@code write} sets, for an option or a positional parameter.
   */
  public static <O> OptionField<O> of(
      O owner, Function<O, Object> read, BiConsumer<O, Object> write) {
    return new OptionField<>(owner, read, write);
  }

  /**
   * An option of {@code type} named {@code names}; unmatched, it keeps the field's value now (as
   * picocli keeps an annotated field's initial value).
   */
  public static <O> OptionSpec.Builder option(
      O owner,
      Class<?> type,
      Function<O, Object> read,
      BiConsumer<O, Object> write,
      String... names) {
    OptionField<O> field = of(owner, read, write);
    return OptionSpec.builder(names)
        .type(type)
        .getter(field)
        .setter(field)
        .initialValue(read.apply(owner));
  }

  /** A repeatable option whose values, of {@code element}, go to a list field. */
  public static <O> OptionSpec.Builder list(
      O owner,
      Class<?> element,
      Function<O, Object> read,
      BiConsumer<O, Object> write,
      String... names) {
    return option(owner, List.class, read, write, names).auxiliaryTypes(element);
  }

  /** The value picocli sets on a list option or parameter, as the field's type. */
  @SuppressWarnings("unchecked")
  public static <T> List<T> listOf(Object value) {
    return (List<T>) value;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T get() {
    return (T) read.apply(owner);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T set(T value) {
    T old = (T) read.apply(owner);
    write.accept(owner, value);
    return old;
  }
}
