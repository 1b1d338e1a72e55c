// graft's stand-in for the "typebox" package (also imported as "@sinclair/typebox"): Type's
// builders return plain JSON Schema objects, which is all pi.registerTool needs. A property made
// with Type.Optional is left out of its object's `required`. Types only (Static) need nothing here.

export const Kind = Symbol.for("TypeBox.Kind");
export const OptionalKind = Symbol.for("TypeBox.Optional");

function schema(options, fields, kind) {
  const out = Object.assign({}, options || {}, fields);
  Object.defineProperty(out, Kind, { value: kind, enumerable: false });
  return out;
}

function isOptional(s) {
  return s !== null && typeof s === "object" && s[OptionalKind] === "Optional";
}

function objectOf(properties, options) {
  const props = {};
  const required = [];
  for (const key of Object.keys(properties || {})) {
    props[key] = properties[key];
    if (!isOptional(properties[key])) required.push(key);
  }
  const fields = { type: "object", properties: props };
  if (required.length > 0) fields.required = required;
  return schema(options, fields, "Object");
}

function copy(s) {
  const out = Object.assign({}, s);
  if (s[Kind] !== undefined) Object.defineProperty(out, Kind, { value: s[Kind], enumerable: false });
  return out;
}

function optional(s) {
  const out = copy(s);
  Object.defineProperty(out, OptionalKind, { value: "Optional", enumerable: false });
  return out;
}

function literalType(v) {
  return v === null ? "null" : typeof v;
}

function reshape(obj, keep) {
  if (obj === null || typeof obj !== "object" || obj.type !== "object") {
    throw new TypeError("Type.Pick/Omit/Partial/Required: the schema must be a Type.Object");
  }
  const properties = {};
  const required = new Set(obj.required || []);
  for (const key of Object.keys(obj.properties || {})) {
    const r = keep(key, obj.properties[key], required.has(key));
    if (r !== undefined) properties[key] = r;
  }
  return properties;
}

export const Type = Object.freeze({
  String: (options) => schema(options, { type: "string" }, "String"),
  Number: (options) => schema(options, { type: "number" }, "Number"),
  Integer: (options) => schema(options, { type: "integer" }, "Integer"),
  Boolean: (options) => schema(options, { type: "boolean" }, "Boolean"),
  Null: (options) => schema(options, { type: "null" }, "Null"),
  Any: (options) => schema(options, {}, "Any"),
  Unknown: (options) => schema(options, {}, "Unknown"),
  Literal: (value, options) => schema(options, { const: value, type: literalType(value) }, "Literal"),
  Array: (items, options) => schema(options, { type: "array", items }, "Array"),
  Object: objectOf,
  Optional: optional,
  ReadonlyOptional: optional,
  Readonly: (s) => s,
  Union: (anyOf, options) => schema(options, { anyOf }, "Union"),
  Intersect: (allOf, options) => schema(options, { allOf }, "Intersect"),
  Enum: (values, options) => {
    const list = Array.isArray(values) ? values.slice()
      : Object.keys(values).filter((k) => !/^\d+$/.test(k)).map((k) => values[k]);
    return schema(options, { enum: list }, "Enum");
  },
  Record: (key, value, options) => schema(options, { type: "object", additionalProperties: value }, "Record"),
  Tuple: (items, options) => schema(options, { type: "array", prefixItems: items, minItems: items.length,
    maxItems: items.length }, "Tuple"),
  Partial: (obj, options) => objectOf(reshape(obj, (k, s) => optional(s)), options),
  Required: (obj, options) => objectOf(reshape(obj, (k, s) => copy(s)), options), // a copy is not optional
  Pick: (obj, keys, options) => objectOf(reshape(obj, (k, s, req) => (keys.includes(k) ? (req ? s : optional(s)) : undefined)), options),
  Omit: (obj, keys, options) => objectOf(reshape(obj, (k, s, req) => (keys.includes(k) ? undefined : (req ? s : optional(s)))), options),
  Unsafe: (s) => copy(s || {}),
});

export default Type;
