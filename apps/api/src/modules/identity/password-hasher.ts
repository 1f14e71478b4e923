import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id password hashes; unknown accounts still cost one verification (no timing oracle). */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real verification and always fails. */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-' + Math.random().toString(36));
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
