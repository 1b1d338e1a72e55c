// graft's stand-in for "typebox/value" (typebox 1.x): Check and Errors over the JSON Schema that
// Type builds (or any schema of the same keywords), with typebox's error objects: keyword,
// schemaPath, instancePath, params, message. Also Assert, Clone and Equal. Formats ("format") are
// not checked. Other members of typebox's Value (Parse, Default, Convert...) are not here: importing
// one fails at load, naming it.

function typeOf(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function hasType(v, type) {
  switch (type) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "boolean":
      return typeof v === "boolean";
    case "null":
      return v === null;
    case "array":
      return Array.isArray(v);
    case "object":
      return v !== null && typeof v === "object" && !Array.isArray(v);
    default:
      return true;
  }
}

function pointer(segment) {
  return "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Deep equality of JSON-like values (for const, enum, uniqueItems and Equal). */
export function Equal(a, b) {
  if (a === b) return true;
  if (typeOf(a) !== typeOf(b) || a === null || typeof a !== "object") return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => Equal(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && Equal(a[k], b[k]));
}

/** A deep copy of a JSON-like value. */
export function Clone(v) {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(Clone);
  if (v instanceof Date) return new Date(v.getTime());
  const out = {};
  for (const k of Object.keys(v)) out[k] = Clone(v[k]);
  return out;
}

function chars(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function validate(schema, value, schemaPath, instancePath, out) {
  const error = (keyword, params, message, at = schemaPath, where = instancePath) =>
    out.push({ keyword, schemaPath: at, instancePath: where, params, message });
  if (schema === true || schema === undefined) return;
  if (schema === false) {
    error("boolean", {}, "schema is false");
    return;
  }
  if (schema === null || typeof schema !== "object") return;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => hasType(value, t))) {
      error("type", { type: types.join(",") }, "must be " + types.join(","));
      return;
    }
  }
  if (Object.prototype.hasOwnProperty.call(schema, "const") && !Equal(value, schema.const)) {
    error("const", { allowedValue: schema.const }, "must be equal to constant");
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => Equal(value, e))) {
    error("enum", { allowedValues: schema.enum }, "must be equal to one of the allowed values");
  }
  if (typeof value === "string") {
    const n = schema.minLength !== undefined || schema.maxLength !== undefined ? chars(value) : 0;
    if (schema.minLength !== undefined && n < schema.minLength) {
      error("minLength", { limit: schema.minLength }, `must not have fewer than ${schema.minLength} characters`);
    }
    if (schema.maxLength !== undefined && n > schema.maxLength) {
      error("maxLength", { limit: schema.maxLength }, `must not have more than ${schema.maxLength} characters`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
      error("pattern", { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
    }
  }
  if (typeof value === "number") {
    const bound = (keyword, comparison, ok) => {
      if (schema[keyword] !== undefined && !ok(schema[keyword])) {
        error(keyword, { comparison, limit: schema[keyword] }, `must be ${comparison} ${schema[keyword]}`);
      }
    };
    bound("minimum", ">=", (l) => value >= l);
    bound("maximum", "<=", (l) => value <= l);
    bound("exclusiveMinimum", ">", (l) => value > l);
    bound("exclusiveMaximum", "<", (l) => value < l);
    if (schema.multipleOf !== undefined) {
      const q = value / schema.multipleOf;
      if (Math.abs(q - Math.round(q)) > 1e-9) {
        error("multipleOf", { multipleOf: schema.multipleOf }, `must be multiple of ${schema.multipleOf}`);
      }
    }
  }
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    prefix.forEach((s, i) => {
      if (i < value.length) validate(s, value[i], `${schemaPath}/prefixItems/${i}`, instancePath + pointer(i), out);
    });
    if (schema.items !== undefined && !Array.isArray(schema.items)) {
      for (let i = prefix.length; i < value.length; i++) {
        validate(schema.items, value[i], `${schemaPath}/items`, instancePath + pointer(i), out);
      }
    }
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      error("minItems", { limit: schema.minItems }, `must not have fewer than ${schema.minItems} items`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      error("maxItems", { limit: schema.maxItems }, `must not have more than ${schema.maxItems} items`);
    }
    if (schema.uniqueItems === true) {
      // The index of every item equal to an earlier one.
      const duplicateItems = [];
      value.forEach((x, i) => {
        if (value.slice(0, i).some((y) => Equal(x, y))) duplicateItems.push(i);
      });
      if (duplicateItems.length > 0) {
        error("uniqueItems", { duplicateItems }, "must not have duplicate items");
      }
    }
  }
  if (hasType(value, "object")) {
    const props = schema.properties && typeof schema.properties === "object" ? schema.properties : {};
    for (const key of Object.keys(props)) {
      if (Object.prototype.hasOwnProperty.call(value, key)) {
        validate(props[key], value[key], `${schemaPath}/properties/${key}`, instancePath + pointer(key), out);
      }
    }
    if (Array.isArray(schema.required)) {
      const missing = schema.required.filter((k) => !Object.prototype.hasOwnProperty.call(value, k));
      if (missing.length > 0) {
        error("required", { requiredProperties: missing }, "must have required properties " + missing.join(", "));
      }
    }
    const patterns = schema.patternProperties && typeof schema.patternProperties === "object"
      ? Object.keys(schema.patternProperties) : [];
    const extra = [];
    for (const key of Object.keys(value)) {
      let matched = Object.prototype.hasOwnProperty.call(props, key);
      for (const p of patterns) {
        if (new RegExp(p, "u").test(key)) {
          matched = true;
          validate(schema.patternProperties[p], value[key], `${schemaPath}/patternProperties/${p}`, instancePath + pointer(key), out);
        }
      }
      if (!matched && schema.additionalProperties !== undefined) {
        const before = out.length;
        validate(schema.additionalProperties, value[key], `${schemaPath}/additionalProperties`, instancePath + pointer(key), out);
        if (out.length > before) extra.push(key);
      }
    }
    if (extra.length > 0 && schema.additionalProperties === false) {
      error("additionalProperties", { additionalProperties: extra }, "must not have additional properties");
    }
    const count = Object.keys(value).length;
    if (schema.minProperties !== undefined && count < schema.minProperties) {
      error("minProperties", { limit: schema.minProperties }, `must not have fewer than ${schema.minProperties} properties`);
    }
    if (schema.maxProperties !== undefined && count > schema.maxProperties) {
      error("maxProperties", { limit: schema.maxProperties }, `must not have more than ${schema.maxProperties} properties`);
    }
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((s, i) => validate(s, value, `${schemaPath}/allOf/${i}`, instancePath, out));
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.map((s, i) => {
      const errors = [];
      validate(s, value, `${schemaPath}/anyOf/${i}`, instancePath, errors);
      return errors;
    });
    if (!branches.some((e) => e.length === 0)) {
      branches.forEach((e) => out.push(...e));
      error("anyOf", {}, "must match a schema in anyOf");
    }
  }
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((s, i) => {
      const errors = [];
      validate(s, value, `${schemaPath}/oneOf/${i}`, instancePath, errors);
      return errors;
    });
    const passing = branches.filter((e) => e.length === 0).length;
    if (passing === 0) {
      branches.forEach((e) => out.push(...e));
      error("oneOf", { passingSchemas: null }, "must match exactly one schema in oneOf");
    } else if (passing > 1) {
      error("oneOf", { passingSchemas: passing }, "must match exactly one schema in oneOf");
    }
  }
  if (schema.not !== undefined) {
    const errors = [];
    validate(schema.not, value, `${schemaPath}/not`, instancePath, errors);
    if (errors.length === 0) error("not", {}, "must not be valid");
  }
}

/** The ways `value` does not fit `schema`, typebox's error objects; empty when it fits. */
export function Errors(schema, value) {
  const out = [];
  validate(schema, value, "#", "", out);
  return out;
}

/** Whether `value` fits `schema`. */
export function Check(schema, value) {
  return Errors(schema, value).length === 0;
}

/** Throws an Error naming the first problem unless `value` fits `schema`. */
export function Assert(schema, value) {
  const errors = Errors(schema, value);
  if (errors.length > 0) {
    const e = errors[0];
    const error = new Error(`${e.instancePath || "/"} ${e.message}`);
    error.errors = errors;
    throw error;
  }
}

export const Value = Object.freeze({ Assert, Check, Clone, Equal, Errors });
export default Value;
