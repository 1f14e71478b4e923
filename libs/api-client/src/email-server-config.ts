import type { TEmailServerConfigRequest } from '@teaminbox/contracts';

/** The fields a user edits: the stored configuration less what only the server knows. */
export type EmailServerConfigFields = Omit<TEmailServerConfigRequest, 'imapPassword' | 'smtpPassword'>;

/** Create, update and test bodies: a password only when the user typed one (absent = keep the stored one). */
export type EmailServerConfigRequest = EmailServerConfigFields &
  Partial<Pick<TEmailServerConfigRequest, 'imapPassword' | 'smtpPassword'>>;

/** GET /email-server-config/oauth/{provider}/url: where the browser goes to sign in with the provider. */
export interface OAuthUrlResponse {
  url: string;
}
