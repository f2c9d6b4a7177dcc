import { type ImmutableList, type ImmutableMap, oneFormPerSecurityRequirement } from './api-docs';

// Just enough of Immutable.js, which Swagger UI's state is made of, to run the plugin here.
class FakeList<T> implements ImmutableList<T> {
  constructor(readonly items: T[]) {}
  get size() {
    return this.items.length;
  }
  map<U>(mapper: (value: T) => U) {
    return new FakeList(this.items.map(mapper));
  }
  filter(predicate: (value: T) => boolean) {
    return new FakeList(this.items.filter(predicate));
  }
  some(predicate: (value: T) => boolean) {
    return this.items.some(predicate);
  }
  reduce(reducer: (merged: T, value: T) => T) {
    return this.items.reduce(reducer);
  }
  concat(other: ImmutableList<T>) {
    return new FakeList([...this.items, ...(other as FakeList<T>).items]);
  }
}

class FakeMap implements ImmutableMap {
  constructor(readonly entries: [string, unknown][]) {}
  get size() {
    return this.entries.length;
  }
  has(name: string) {
    return this.entries.some(([key]) => key === name);
  }
  merge(other: ImmutableMap) {
    return new FakeMap([...this.entries, ...(other as FakeMap).entries]);
  }
  filter(predicate: (value: unknown, name: string) => boolean) {
    return new FakeMap(this.entries.filter(([name, value]) => predicate(value, name)));
  }
  keySeq() {
    return { first: () => this.entries[0][0] };
  }
}

const scheme = (name: string) => new FakeMap([[name, { type: 'apiKey', in: 'header', name }]]);
const requirement = (...names: string[]) => new FakeMap(names.map((name) => [name, []]));
const forms = (list: ImmutableList<ImmutableMap> | undefined) => (list as FakeList<FakeMap>).items.map((form) => form.entries.map(([name]) => name));

function definitionsToAuthorize(schemes: string[], requirements: FakeMap[] | undefined) {
  const wrapped = oneFormPerSecurityRequirement().statePlugins.auth.wrapSelectors.definitionsToAuthorize;
  // What Swagger UI itself answers: one form per scheme.
  const original = () => new FakeList(schemes.map(scheme));
  const system = { specSelectors: { security: () => (requirements ? new FakeList(requirements) : undefined) } };
  return forms(wrapped(original, system)());
}

describe('Swagger UI plugin: one Authorize form per security requirement', () => {
  it('puts client-id and client-secret, required together, in one form, so one Authorize button sends both', () => {
    expect(definitionsToAuthorize(['clientIdAuth', 'clientSecretAuth'], [requirement('clientIdAuth', 'clientSecretAuth')])).toEqual([
      ['clientIdAuth', 'clientSecretAuth'],
    ]);
  });

  it('keeps alternative requirements apart, and a scheme no requirement names in a form of its own', () => {
    const requirements = [requirement('a', 'b'), requirement('c')];
    expect(definitionsToAuthorize(['a', 'b', 'c', 'd'], requirements)).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it("leaves Swagger UI's forms as they are when the document requires nothing", () => {
    expect(definitionsToAuthorize(['a', 'b'], undefined)).toEqual([['a'], ['b']]);
    expect(definitionsToAuthorize(['a', 'b'], [])).toEqual([['a'], ['b']]);
  });
});
