import { DEMAND_LIMITS } from '@mwr/domain';

/** Levels of objects and arrays, counting `custom_fields` itself as the first. */
export const CUSTOM_FIELDS_MAX_DEPTH = 32;

export const CUSTOM_FIELDS_MESSAGES = Object.freeze({
  shape: `custom_fields must be a JSON object of at most ${DEMAND_LIMITS.customFieldsMaxBytes / 1024} KiB`,
  depth: `custom_fields must not nest deeper than ${CUSTOM_FIELDS_MAX_DEPTH} levels`,
  text: 'custom_fields must not contain NUL characters or unpaired surrogates',
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// PostgreSQL's jsonb refuses both, so storing them would fail in SQL.
function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Checks `custom_fields` as JSON.parse left it, so that free keys such as `constructor` or
 * `__proto__` are judged and kept as sent. Answers the contract message of the first problem, or
 * null. The walk is iterative and runs before JSON.stringify measures the size, because both
 * recursion and JSON.stringify overflow the stack on deep nesting a 1 MiB body can carry.
 */
export function customFieldsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return CUSTOM_FIELDS_MESSAGES.shape;

  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (unstorable(next.value)) return CUSTOM_FIELDS_MESSAGES.text;
    } else if (typeof next.value === 'object' && next.value !== null) {
      if (next.depth > CUSTOM_FIELDS_MAX_DEPTH) return CUSTOM_FIELDS_MESSAGES.depth;
      for (const [key, item] of Object.entries(next.value)) {
        if (unstorable(key)) return CUSTOM_FIELDS_MESSAGES.text;
        pending.push({ value: item, depth: next.depth + 1 });
      }
    }
  }

  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  return bytes <= DEMAND_LIMITS.customFieldsMaxBytes ? null : CUSTOM_FIELDS_MESSAGES.shape;
}
