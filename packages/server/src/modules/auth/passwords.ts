import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashingConfig } from '../../config.ts';

/** argon2id hashing with configurable cost (tests use a low cost). */
export class PasswordHasher {
  /** A real hash of a random password, verified when the user does not exist so timing does not reveal it. */
  private dummy: Promise<string> | undefined;

  constructor(private readonly config: PasswordHashingConfig) {}

  hash(password: string): Promise<string> {
    // @node-rs/argon2 defaults to argon2id.
    return hash(password, {
      memoryCost: this.config.memoryCost,
      timeCost: this.config.timeCost,
      parallelism: this.config.parallelism,
    });
  }

  async verify(hashed: string | null | undefined, password: string): Promise<boolean> {
    if (!hashed) {
      this.dummy ??= this.hash('not-a-real-password');
      await verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
