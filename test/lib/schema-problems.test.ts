import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { schemaProblems } from '../../src/lib/schema-problems.js';

const Word = Type.String({ minLength: 1, description: 'a word' });
const Entry = Type.Object(
  { name: Word, kind: Type.Enum(['cat', 'dog'], { description: 'cat or dog' }) },
  { description: 'an entry' },
);
const Groups = Type.Object(
  {
    yes: Type.Array(Word, { description: 'a list of words' }),
    no: Type.Array(Word, { description: 'a list of words' }),
  },
  { additionalProperties: false, description: 'yes and no lists' },
);

describe('schemaProblems', () => {
  it('finds nothing in a value that fits', () => {
    assert.deepEqual(schemaProblems(Type.Array(Entry), [{ name: 'Mio', kind: 'cat' }], 'pets'), []);
  });

  it('names the entry (from 1) and the field, in the words of the description', () => {
    assert.deepEqual(
      schemaProblems(
        Type.Array(Entry),
        [
          { name: 'Mio', kind: 'cat' },
          { name: '', kind: 'cat' },
        ],
        'pets',
      ),
      ['pets #2 name must be a word'],
    );
    assert.deepEqual(schemaProblems(Type.Array(Entry), [7], 'pets'), ['pets #1 must be an entry']);
  });

  it('shows the value a closed choice did not allow', () => {
    assert.deepEqual(schemaProblems(Entry, { name: 'Rex', kind: 'wolf' }, 'pet'), [
      'pet kind must be cat or dog, not "wolf"',
    ]);
  });

  it('names each missing and each unknown key once', () => {
    assert.deepEqual(schemaProblems(Groups, { yes: ['a'], maybe: ['b'], perhaps: [] }, 'ball').sort(), [
      'ball no must be a list of words',
      'ball: unknown key maybe',
      'ball: unknown key perhaps',
    ]);
  });

  it('says what the whole value must be when it is something else', () => {
    assert.deepEqual(schemaProblems(Groups, 'nope', 'ball'), ['ball must be yes and no lists']);
  });
});
