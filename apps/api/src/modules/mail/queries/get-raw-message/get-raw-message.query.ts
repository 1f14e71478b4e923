import { Query } from '@nestjs/cqrs';

export const RAW_NOT_FOUND_MESSAGE = 'Email not found';
export const NO_SOURCE_MESSAGE = 'The original of this message was not stored (see the reason).';

/** A message as received, for download: the stored fields are capped, the source is not. */
export interface RawMessageSource {
  filename: string;
  source: Buffer;
}

/**
 * The raw source of one of the team's messages: of a received email (`of: 'email'`, any member, GET
 * /emails/{id}/raw) or of a quarantined one (`of: 'quarantine'`, GET /email-server-config/quarantine/{id}/raw).
 */
export class GetRawMessageQuery extends Query<RawMessageSource> {
  constructor(
    readonly teamId: string,
    readonly id: string,
    readonly of: 'email' | 'quarantine',
  ) {
    super();
  }
}
