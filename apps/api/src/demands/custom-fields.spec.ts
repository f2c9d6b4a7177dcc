import { DEMAND_LIMITS } from '@mwr/domain';
import { RequestError } from '../http/request-error';
import { CUSTOM_FIELDS_MAX_DEPTH, CUSTOM_FIELDS_MESSAGES, customFieldsProblem } from './custom-fields';
import { DemandBodyPipe } from './demand-body.pipe';

/** `levels` objects, one inside the other, the innermost holding `{ leaf: 1 }`'s value. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let level = 1; level < levels; level++) value = { next: value };
  return value;
}

function nestedArrays(levels: number): unknown {
  return JSON.parse(`{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`);
}

describe('customFieldsProblem', () => {
  it.each([
    ['an empty object', {}],
    ['the usual shape', { fields: [{ field: 'uniform', value: 'azul' }] }],
    ['a `constructor` key', JSON.parse('{"constructor":{"a":1}}')],
    ['an own `__proto__` key', JSON.parse('{"__proto__":{"a":1}}')],
    ['a surrogate pair', { emoji: '😀', '😀': 'key' }],
    [`${CUSTOM_FIELDS_MAX_DEPTH} levels of objects`, nested(CUSTOM_FIELDS_MAX_DEPTH)],
    [`${CUSTOM_FIELDS_MAX_DEPTH} levels with arrays`, nestedArrays(CUSTOM_FIELDS_MAX_DEPTH)],
    ['exactly 64 KiB', { big: 'x'.repeat(DEMAND_LIMITS.customFieldsMaxBytes - '{"big":""}'.length) }],
  ])('accepts %s', (_case, value) => {
    expect(customFieldsProblem(value)).toBeNull();
  });

  it.each([
    ['an array', [{ field: 'a' }]],
    ['null', null],
    ['a string', 'text'],
    ['a number', 1],
    ['one byte over 64 KiB', { big: 'x'.repeat(DEMAND_LIMITS.customFieldsMaxBytes - '{"big":""}'.length + 1) }],
    ['64 KiB of two-byte characters, counted as UTF-8', { big: 'ç'.repeat(DEMAND_LIMITS.customFieldsMaxBytes / 2) }],
  ])('refuses %s as not an object of at most 64 KiB', (_case, value) => {
    expect(customFieldsProblem(value)).toBe('custom_fields must be a JSON object of at most 64 KiB');
  });

  it.each([
    [`${CUSTOM_FIELDS_MAX_DEPTH + 1} levels of objects`, nested(CUSTOM_FIELDS_MAX_DEPTH + 1)],
    [`${CUSTOM_FIELDS_MAX_DEPTH + 1} levels with arrays`, nestedArrays(CUSTOM_FIELDS_MAX_DEPTH + 1)],
    // Deep enough to overflow the stack of any recursive walk, JSON.stringify included.
    ['20,000 levels of arrays', nestedArrays(20_000)],
  ])('refuses %s as too deep', (_case, value) => {
    expect(customFieldsProblem(value)).toBe('custom_fields must not nest deeper than 32 levels');
  });

  it.each([
    ['NUL in a value', { a: 'x\u0000y' }],
    ['NUL in a key', { 'x\u0000': 'y' }],
    ['NUL deep in an array', { a: [[{ b: ['ok', '\u0000'] }]] }],
    ['a lone high surrogate', { a: 'x\uD83D' }],
    ['a lone low surrogate', { a: '\uDE00x' }],
    ['surrogates in the wrong order', { a: '\uDE00\uD83D' }],
    ['a lone surrogate in a key', { '\uD83D': 1 }],
    ['a lone surrogate in an own `__proto__` value', JSON.parse('{"__proto__":{"a":"\\ud800"}}')],
  ])('refuses %s', (_case, value) => {
    expect(customFieldsProblem(value)).toBe(CUSTOM_FIELDS_MESSAGES.text);
    expect(CUSTOM_FIELDS_MESSAGES.text).toBe('custom_fields must not contain NUL characters or unpaired surrogates');
  });
});

describe('DemandBodyPipe: custom_fields', () => {
  const base = { missionMainId: '8a6e0804-2bd0-4672-b79d-d97027f9071a', datePicked: '2026-12-01', participants: 1 };
  const transform = (text: string) => new DemandBodyPipe().transform({ ...base, custom_fields: JSON.parse(text) });

  it.each(['{"constructor":{"a":1}}', '{"__proto__":{"a":1}}', '{"prototype":[1],"toString":"x","hasOwnProperty":null}'])(
    'keeps %s exactly as parsed',
    (text) => {
      const customFields = transform(text).customFields;
      expect(JSON.stringify(customFields)).toBe(text);
      expect(Object.getPrototypeOf(customFields)).toBe(Object.prototype);
    },
  );

  it('is absent as null', () => {
    expect(new DemandBodyPipe().transform(base).customFields).toBeNull();
  });

  it('answers 400 for every custom_fields problem, after the other fields', () => {
    expect(() => transform(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`)).toThrow(
      new RequestError(400, 'custom_fields must not nest deeper than 32 levels'),
    );
    expect(() => transform('{"a":"\\u0000"}')).toThrow(new RequestError(400, CUSTOM_FIELDS_MESSAGES.text));
    expect(() => transform('null')).toThrow(new RequestError(400, CUSTOM_FIELDS_MESSAGES.shape));
    expect(() => new DemandBodyPipe().transform({ ...base, participants: 0, custom_fields: null })).toThrow(/^participants/);
  });

  it.each(['missionMainId', 'datePicked', 'scheduledAt', 'participants', 'storesIds', 'shifts', 'formId', 'formPdvId'])(
    'a deeply nested %s is a 400, not a stack overflow',
    (field) => {
      const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
      expect(() => new DemandBodyPipe().transform({ ...base, [field]: deep })).toThrow(RequestError);
    },
  );
});
