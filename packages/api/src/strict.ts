/**
 * Turns a contract schema into its strict twin: every object rejects unknown keys. Tests parse the gateway's answers
 * with it, so a key the contract does not name is caught; the web app keeps the open schemas (API.md §9.0 rule 1).
 */
import * as v from "valibot";

type AnySchema = v.GenericSchema;

interface Wrapped {
  type: string;
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  key?: AnySchema;
  value?: AnySchema;
  options?: AnySchema[];
  rest?: AnySchema;
  default?: unknown;
}

export function strict<T extends AnySchema>(schema: T): T {
  const s = schema as unknown as Wrapped;
  switch (s.type) {
    case "object":
    case "loose_object":
    case "strict_object":
      return v.strictObject(mapEntries(s.entries ?? {})) as unknown as T;
    case "object_with_rest":
      return v.objectWithRest(mapEntries(s.entries ?? {}), strict(s.rest as AnySchema)) as unknown as T;
    case "array":
      return v.array(strict(s.item as AnySchema)) as unknown as T;
    case "record":
      return v.record(s.key as v.GenericSchema<string, string>, strict(s.value as AnySchema)) as unknown as T;
    case "optional":
      return v.optional(strict(s.wrapped as AnySchema)) as unknown as T;
    case "nullable":
      return v.nullable(strict(s.wrapped as AnySchema)) as unknown as T;
    case "union":
      return v.union((s.options ?? []).map((o) => strict(o))) as unknown as T;
    default:
      return schema;
  }
}

function mapEntries(entries: Record<string, AnySchema>): Record<string, AnySchema> {
  return Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, strict(e)]));
}

/** Parses with the strict twin and throws a readable error naming the failing path. */
export function parseStrict<T extends AnySchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(strict(schema), value);
  if (!result.success) {
    const issues = result.issues
      .map((i) => `${v.getDotPath(i) ?? "(root)"}: ${i.message}`)
      .slice(0, 5)
      .join("; ");
    throw new Error(`contract violation: ${issues}`);
  }
  return result.output;
}
