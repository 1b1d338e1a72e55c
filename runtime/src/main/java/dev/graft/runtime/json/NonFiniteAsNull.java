package dev.graft.runtime.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Writes a number that is not finite as {@code null}, as JavaScript's JSON.stringify does. Such a
 * number comes from parsing one too large for a double (1e400 reads as Infinity); Jackson would
 * otherwise write it as the string "Infinity", which a script or the reference then reads as text.
 * An integer or decimal read whole (Jackson keeps a 400-digit integer as a BigInteger) that no
 * double can hold is written as {@code null} too: JavaScript would read it as Infinity, which a
 * script could not hand back, and the reference writes it as {@code null}. Both found by
 * JsonIntoScriptFuzzTest.
 */
final class NonFiniteAsNull extends JsonGeneratorDelegate {
  NonFiniteAsNull(JsonGenerator delegate) {
    super(delegate, false);
  }

  @Override
  public void writeNumber(double value) throws IOException {
    if (Double.isFinite(value)) {
      super.writeNumber(value);
    } else {
      writeNull();
    }
  }

  @Override
  public void writeNumber(float value) throws IOException {
    if (Float.isFinite(value)) {
      super.writeNumber(value);
    } else {
      writeNull();
    }
  }

  @Override
  public void writeNumber(BigInteger value) throws IOException {
    if (value != null && Double.isInfinite(value.doubleValue())) {
      writeNull();
    } else {
      super.writeNumber(value);
    }
  }

  @Override
  public void writeNumber(BigDecimal value) throws IOException {
    if (value != null && Double.isInfinite(value.doubleValue())) {
      writeNull();
    } else {
      super.writeNumber(value);
    }
  }
}
