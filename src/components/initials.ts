/**
 * Up to two initials of a name, for a card without a portrait: the first letters of its words,
 * skipping titles written with a period ("Dr.", "Mrs.") and words that start with no letter.
 */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !word.endsWith('.'));
  const letters = words.flatMap((word) => {
    const first = /\p{L}/u.exec(word)?.[0];
    return first === undefined ? [] : [first.toUpperCase()];
  });
  return letters.length > 2 ? `${letters[0] ?? ''}${letters.at(-1) ?? ''}` : letters.join('');
}
