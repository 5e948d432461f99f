// A small JSON Schema validator for the keywords course/lessons.schema.json uses (listed in its
// description). Returns every problem as { path, kind, args }, path written like `lessons[0].practice.hints`
// ("" for the whole file); the page words it in the learner's language (lessons.js courseProblemText).

const isType = {
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
  array: Array.isArray,
  string: (v) => typeof v === "string",
  integer: Number.isInteger,
  number: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
};

export function validate(value, schema) {
  const problems = [];
  check(value, schema, schema, "", problems);
  return problems;
}

function check(value, schema, root, path, problems) {
  const fail = (kind, ...args) => problems.push({ path, kind, args });
  if (schema.$ref) {
    const target = schema.$ref.replace(/^#\//, "").split("/").reduce((node, key) => node?.[key], root);
    if (!target) return fail("schemaReference", schema.$ref);
    check(value, target, root, path, problems);
  }
  if (schema.type && !isType[schema.type](value)) return fail("expectedType", schema.type, describe(value));
  if ("const" in schema && value !== schema.const) fail("constant", JSON.stringify(schema.const));
  if (schema.enum && !schema.enum.includes(value)) fail("oneOf", schema.enum.map((e) => JSON.stringify(e)).join(", "), JSON.stringify(value));
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) fail(...(value.length ? ["tooShort", schema.minLength] : ["empty"]));
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) fail("pattern", schema.pattern);
  }
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum) fail("tooSmall", schema.minimum);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail("tooFewItems", schema.minItems, value.length);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail("tooManyItems", schema.maxItems, value.length);
    if (schema.items) value.forEach((item, i) => check(item, schema.items, root, `${path}[${i}]`, problems));
  }
  if (isType.object(value)) {
    for (const key of schema.required ?? []) if (!(key in value)) fail("missingField", key);
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (schema.properties?.[key]) check(item, schema.properties[key], root, itemPath, problems);
      else if (schema.additionalProperties === false) problems.push({ path: itemPath, kind: "unknownField", args: [] });
    }
  }
  for (const part of schema.allOf ?? []) {
    if (part.if && validate(value, { ...part.if, $defs: root.$defs }).length === 0) {
      if (part.then) check(value, part.then, root, path, problems);
    } else if (!part.if) {
      check(value, part, root, path, problems);
    }
  }
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
