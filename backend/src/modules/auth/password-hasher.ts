import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** A real hash of a random secret, checked when no account matches so both paths cost the same. */
  private decoy = '';

  async onModuleInit(): Promise<void> {
    this.decoy = await argon2.hash(`decoy-${Math.random()}`, OPTIONS);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /** Checks `password` against `hash`, or against the decoy when there is no hash, taking the same time. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? this.decoy, password);
      return ok && Boolean(hash);
    } catch {
      return false;
    }
  }
}
