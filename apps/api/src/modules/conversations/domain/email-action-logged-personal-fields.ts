import type { EmailActionLogged } from '@teaminbox/contracts';
import type { PersonalFieldsDeclaration } from '../../../platform/personal-data';

/** The depths (1 = a value of `details` itself) at which `value` holds strings, deepest first. */
function depthsOfStrings(value: unknown, depth: number, found: Set<number>): Set<number> {
  if (typeof value === 'string') found.add(depth);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value as Record<string, unknown>)) depthsOfStrings(item, depth + 1, found);
  return found;
}

/**
 * An entry a client posted to an email's action log: `details` is free content (a note, an address it was
 * forwarded to), about the case of the email's sender, so every string in it, at any depth, is sealed under the
 * sender (`correspondent`, recorded by the decision that appends it, and sealed with it). The paths use `*` at each
 * depth that holds strings, so keys of any spelling are covered; the deepest come first, so a text sealed at one
 * depth is never reached again by a shallower path. Keys, numbers and booleans stay in clear, as do the entry's
 * type and ids. Entries recorded without a correspondent are not sealed.
 */
export const EMAIL_ACTION_LOGGED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailActionLogged> = (logged) => {
  if (!logged.correspondent) return [];
  const depths = [...depthsOfStrings(logged.details ?? {}, 0, new Set())].filter((depth) => depth > 0);
  const paths = depths
    .sort((a, b) => b - a)
    .map((depth) => ['details', ...Array.from({ length: depth }, () => '*')].join('.'));
  return [{ teamId: logged.teamId, address: logged.correspondent, paths: [...paths, 'correspondent'] }];
};
