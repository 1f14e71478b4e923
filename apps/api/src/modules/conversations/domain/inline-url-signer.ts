import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import { Clock } from '../../../platform/auth/clock';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';

/** How long a signed inline URL works: one hour, rounded up to the next 5 minutes so that URLs stay cacheable. */
export const INLINE_URL_TTL_SECONDS = 60 * 60;
const EXPIRY_STEP_SECONDS = 5 * 60;
const KEY_LABEL = 'teaminbox attachment inline url v1';

/**
 * Signs the URLs of inline images (`GET /api/attachments/{id}/inline?exp&sig`): the sandboxed email frame cannot
 * send a bearer header, so the URL itself carries the permission. `sig` is base64url HMAC-SHA256 over
 * `<attachmentId>.<exp>` (exp in Unix seconds) with a key derived by HKDF-SHA256 from the configured secrets key
 * (SECRETS_KEY, or the development key kept in DATA_DIR), so it differs from every other use of that key.
 */
export class InlineUrlSigner {
  private readonly key: Buffer;

  constructor(
    secretsKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (secretsKey.length < 32) throw new Error('The secrets key must be at least 32 characters long');
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), KEY_LABEL, 32));
  }

  /** The relative URL under which the attachment's bytes are served inline, valid for about an hour. */
  inlineUrl(attachmentId: string): string {
    const { exp, sig } = this.sign(attachmentId);
    return `/api/attachments/${encodeURIComponent(attachmentId)}/inline?exp=${exp}&sig=${sig}`;
  }

  sign(attachmentId: string): { exp: number; sig: string } {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const exp = Math.ceil((nowSeconds + INLINE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    return { exp, sig: this.signature(attachmentId, exp) };
  }

  /** True when `sig` was made by this key for the attachment and `exp` has not passed. */
  verify(attachmentId: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') return false;
    const expiry = Number(exp);
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    if (expiry < nowSeconds || expiry > nowSeconds + INLINE_URL_TTL_SECONDS + EXPIRY_STEP_SECONDS) return false;
    const expected = Buffer.from(this.signature(attachmentId, expiry), 'utf8');
    const given = Buffer.from(sig, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(attachmentId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${attachmentId}.${exp}`).digest('base64url');
  }
}

/** InlineUrlSigner keyed with AppConfig.secretsKey, on the application's Clock. */
export const inlineUrlSignerProvider: FactoryProvider<InlineUrlSigner> = {
  provide: InlineUrlSigner,
  useFactory: (config: AppConfig, clock: Clock) => new InlineUrlSigner(config.secretsKey, () => clock.now()),
  inject: [APP_CONFIG, Clock],
};
