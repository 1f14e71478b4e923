/** What went wrong, independent of the transport; the HTTP layer maps each kind to a status. */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields of the error's answer (e.g. what a conflict was about). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
