/**
 * Patterns and texts that make RE2 slow, for the tests and benchmarks of rules on a budget: counted repetitions make
 * its automaton too large for its cache on random a/b text, and it falls back to its slow engine.
 */

/** Refused at save on its face (a count over 100); ~0.9 s on 64 KiB of random a/b. */
export const THRASHING_PATTERN = 'a[ab]{1000}x';

/** Passes the checks on its face (counts of 100 at most, 2,400 characters unrolled), yet takes ~1 s on 64 KiB of a/b. */
export const THRASHING_ALTERNATION = `(${Array.from(
  { length: 24 },
  (_, i) => `${i % 2 ? 'b' : 'a'}[ab]{${100 - i}}${'xyzwvutsrq'[i % 10]}`,
).join('|')})`;

/** `length` characters of random a and b, the same for the same seed. */
export function randomAb(length: number, seed = 7): string {
  const chars: string[] = [];
  let state = seed;
  for (let i = 0; i < length; i++)
    chars.push((state = (Math.imul(state, 1103515245) + 12345) >>> 0) & 0x10000 ? 'a' : 'b');
  return chars.join('');
}
