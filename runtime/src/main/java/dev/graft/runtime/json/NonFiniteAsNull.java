package dev.graft.runtime.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import java.io.IOException;

/**
 * Writes a number that is not finite as {@code null}, as JavaScript's JSON.stringify does. Such a
 * number comes from parsing one too large for a double (1e400 reads as Infinity); Jackson would
 * otherwise write it as the string "Infinity", which a script or the reference then reads as text.
 * Found by JsonIntoScriptFuzzTest.
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
}
