// A small JSON Schema validator for the keywords course/lessons.schema.json uses (listed in its
// description). Returns every problem as { path, message }, path written like `lessons[0].practice.hints`.

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
  const fail = (message) => problems.push({ path: path || "(top level)", message });
  if (schema.$ref) {
    const target = schema.$ref.replace(/^#\//, "").split("/").reduce((node, key) => node?.[key], root);
    if (!target) return fail(`schema reference ${schema.$ref} not found`);
    check(value, target, root, path, problems);
  }
  if (schema.type && !isType[schema.type](value)) return fail(`expected ${schema.type}, found ${describe(value)}`);
  if ("const" in schema && value !== schema.const) fail(`must be ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) fail(`must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}, found ${JSON.stringify(value)}`);
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) fail(value.length ? `must have at least ${schema.minLength} characters` : "must not be empty");
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) fail(`must match ${schema.pattern}`);
  }
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum) fail(`must be at least ${schema.minimum}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail(`needs at least ${items(schema.minItems)}, found ${value.length}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`allows at most ${items(schema.maxItems)}, found ${value.length}`);
    if (schema.items) value.forEach((item, i) => check(item, schema.items, root, `${path}[${i}]`, problems));
  }
  if (isType.object(value)) {
    for (const key of schema.required ?? []) if (!(key in value)) fail(`missing required field "${key}"`);
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (schema.properties?.[key]) check(item, schema.properties[key], root, itemPath, problems);
      else if (schema.additionalProperties === false) problems.push({ path: itemPath, message: "unknown field" });
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

const items = (count) => `${count} item${count === 1 ? "" : "s"}`;
