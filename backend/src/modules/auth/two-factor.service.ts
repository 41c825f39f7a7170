import { Injectable } from '@nestjs/common';
import { CredentialsRepository } from '../users/index.js';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { Clock } from '../../common/clock.js';
import { BadRequestError } from '../../common/errors/domain-error.js';
import { Transactor } from '../../database/transactor.js';
import type { User } from '../users/index.js';

export interface TwoFactorEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

const ISSUER = 'Betwixt';
export const INVALID_CODE = 'That code is not valid. Check your authenticator app and try again.';

/** Real TOTP (RFC 6238, 6 digits, 30 s) with otplib; each accepted time step is remembered against replay. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly transactor: Transactor,
    private readonly credentials: CredentialsRepository,
    private readonly clock: Clock,
  ) {}

  /** A new secret for the user to add to their authenticator; nothing is stored until they confirm. */
  async enrol(user: User): Promise<TwoFactorEnrolment> {
    const secret = generateSecret();
    const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
    return {
      secret,
      otpauthUrl,
      qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
    };
  }

  async enable(userId: string, secret: string, token: string): Promise<void> {
    const step = await this.check(secret, token, null);
    if (step === null) throw new BadRequestError(INVALID_CODE, 'invalid_2fa_code', { token: INVALID_CODE });
    await this.transactor.read((tx) =>
      this.credentials.setTwoFactor(tx, userId, {
        twoFactorEnabled: true,
        twoFactorSecret: secret,
        twoFactorLastStep: String(step),
      }),
    );
  }

  async disable(userId: string, token: string): Promise<void> {
    if (!(await this.consume(userId, token))) {
      throw new BadRequestError(INVALID_CODE, 'invalid_2fa_code', { token: INVALID_CODE });
    }
    await this.transactor.read((tx) =>
      this.credentials.setTwoFactor(tx, userId, {
        twoFactorEnabled: false,
        twoFactorSecret: null,
        twoFactorLastStep: null,
      }),
    );
  }

  /**
   * True when `token` is a current code for the user's secret and its time step is newer than the last
   * one used. The step is recorded with a conditional update, so two racing logins cannot both use it.
   */
  async consume(userId: string, token: string): Promise<boolean> {
    const user = await this.transactor.read((tx) => this.credentials.twoFactorOf(tx, userId));
    if (!user?.twoFactorEnabled || !user.twoFactorSecret) return false;
    const step = await this.check(user.twoFactorSecret, token, user.twoFactorLastStep);
    if (step === null) return false;
    const changed = await this.transactor.read((tx) =>
      this.credentials.advanceTwoFactorStep(tx, userId, step),
    );
    return changed === 1;
  }

  private async check(secret: string, token: string, lastStep: string | null): Promise<number | null> {
    if (!/^\d{6}$/.test(token)) return null;
    try {
      const result = await verify({
        secret,
        token,
        epoch: Math.floor(this.clock.now().getTime() / 1000),
        epochTolerance: 30,
        ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    } catch {
      return null;
    }
  }
}
