// graft's stand-in for "typebox/compile" (typebox 1.x): Compile(schema) gives a validator with
// Check and Errors, as "typebox/value" checks them (see typebox-value.mjs).

import { Check, Errors } from "typebox/value";

/** A validator of `schema`: Check(value), Errors(value), Assert(value). */
export function Compile(schema) {
  return Object.freeze({
    Check: (value) => Check(schema, value),
    Errors: (value) => Errors(schema, value),
    Schema: () => schema,
  });
}

export default Compile;
