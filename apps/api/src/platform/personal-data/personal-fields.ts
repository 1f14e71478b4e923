import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../event-store/event-store.port';

/**
 * Which fields of an event are personal data, and whose. A module declares it per event type
 * (`PersonalDataRegistry.declare`); the platform encrypts those fields when the event is appended and decrypts them
 * when it is read, without knowing any feature.
 */

/** The fields of one data subject in one event. */
export interface PersonalDataGroup {
  /** The team whose data it is: a subject is a person within one team (the same address in two teams is two). */
  teamId: string;
  /** The person: an email address (normalised by the platform: trimmed, lowercase). */
  address: string;
  /**
   * Paths of the personal fields: property names joined by '.', '*' for every element of an array or every value of
   * an object, an index for one element (`to.2`). Every string found there is encrypted; other values stay.
   */
  paths: readonly string[];
}

/** The subjects and fields of an event's payload (empty when it carries no personal data). */
export type PersonalFieldsDeclaration<T = never> = (data: T) => readonly PersonalDataGroup[];

/**
 * The scope of subjects that belong to no team: a person's own account (the address they registered with). Used as
 * the `teamId` of such groups; the same address in a team is another subject with another key.
 */
export const ACCOUNT_SCOPE = '00000000-0000-0000-0000-000000000000';

/** What a personal field reads after its subject was erased. */
export const ERASED = '[erased]';

/** The address as a subject: trimmed and lowercase. */
export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * A copy of `value` in which every string at `path` is replaced by `replace(string)`. Only the containers on the path
 * are copied; the rest is shared with the original.
 */
export function replaceAt(value: unknown, path: readonly string[], replace: (text: string) => unknown): unknown {
  if (path.length === 0) return typeof value === 'string' ? replace(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (head === '*') return value.map((item) => replaceAt(item, rest, replace));
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value;
    const copy = value.slice();
    copy[index] = replaceAt(value[index], rest, replace);
    return copy;
  }
  const record = value as Record<string, unknown>;
  if (head === '*') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) copy[key] = replaceAt(item, rest, replace);
    return copy;
  }
  if (!Object.prototype.hasOwnProperty.call(record, head)) return value;
  return { ...record, [head]: replaceAt(record[head], rest, replace) };
}

/**
 * What a module does when a subject is erased besides its projections' rows (which `Projection.rewritePersonalData`
 * writes again): content it keeps beside the events, e.g. raw message sources. Called in the erasure's transaction
 * with the events that held the subject's fields, as they now read.
 */
export type PersonalDataEraser = (events: StoredEvent[], tx: EntityManager) => Promise<void>;

/** The registry of declarations, one per event type, and of erasers. */
export class PersonalDataRegistry {
  private readonly declarations = new Map<string, PersonalFieldsDeclaration<unknown>>();
  private readonly erasers: PersonalDataEraser[] = [];

  /** Registers what to delete beside the events when a subject is erased. */
  onErasure(eraser: PersonalDataEraser): void {
    this.erasers.push(eraser);
  }

  /** The registered erasers. */
  erasersOf(): readonly PersonalDataEraser[] {
    return this.erasers;
  }

  /** Declares the personal fields of an event type (once per type). */
  declare<T>(type: string, declaration: PersonalFieldsDeclaration<T>): void {
    if (this.declarations.has(type)) throw new Error(`The personal fields of ${type} are already declared`);
    this.declarations.set(type, declaration as PersonalFieldsDeclaration<unknown>);
  }

  /** The event types that may carry personal data. */
  types(): string[] {
    return [...this.declarations.keys()];
  }

  /**
   * The groups of an event, those without an address or a team left out (nothing to encrypt them for), and those
   * naming an erased address ("[erased]", copied from an erased event: it names nobody).
   */
  groupsOf(type: string, data: unknown): PersonalDataGroup[] {
    const declaration = this.declarations.get(type);
    if (!declaration || data === null || data === undefined) return [];
    return declaration(data).filter(
      (group) =>
        typeof group.address === 'string' &&
        group.address.trim() !== '' &&
        group.address !== ERASED &&
        typeof group.teamId === 'string',
    );
  }
}
