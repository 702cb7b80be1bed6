const OPENING = ['lorem', 'ipsum', 'dolor', 'sit', 'amet'];

// The vocabulary of the classic passage (Cicero, de finibus, as typesetters have used it since the 1500s).
const VOCABULARY = (
  'consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ' +
  'ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis ' +
  'aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat ' +
  'cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum perspiciatis unde ' +
  'omnis iste natus error voluptatem accusantium doloremque laudantium totam rem aperiam eaque ipsa quae ' +
  'ab illo inventore veritatis quasi architecto beatae vitae dicta explicabo nemo ipsam quia voluptas ' +
  'aspernatur aut odit fugit consequuntur magni dolores eos ratione sequi nesciunt neque porro quisquam'
).split(' ');

/**
 * Lorem ipsum of exactly `words` words: it opens with "Lorem ipsum dolor sit amet", goes on with
 * words of the classic passage, in sentences of 6 to 14 words, and ends with a full stop.
 * `random` returns floats in [0, 1); pass a seeded one for reproducible text.
 */
export function loremIpsum(words: number, random: () => number = Math.random): string {
  const list: string[] = OPENING.slice(0, words);
  while (list.length < words) list.push(VOCABULARY[Math.floor(random() * VOCABULARY.length)]);

  const sentences: string[] = [];
  let start = 0;
  while (start < list.length) {
    let length = 6 + Math.floor(random() * 9);
    // A lone word or two at the end reads badly; fold it into the last sentence.
    if (list.length - (start + length) < 3) length = list.length - start;
    const sentence = list.slice(start, start + length);
    if (sentence.length > 8) sentence[Math.floor(sentence.length / 2) - 1] += ',';
    sentences.push(`${sentence.join(' ')}.`);
    start += length;
  }
  return sentences.map((s) => s[0].toUpperCase() + s.slice(1)).join(' ');
}
