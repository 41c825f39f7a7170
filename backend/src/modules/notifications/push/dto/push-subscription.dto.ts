import { ECDH } from 'node:crypto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';

/** The endpoint column's size; real endpoints are a few hundred characters. */
export const MAX_ENDPOINT_LENGTH = 2048;

const ENDPOINT_MESSAGE = 'endpoint must be an https URL';
const P256DH_MESSAGE = 'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)';
const KEYS_MESSAGE = 'keys must hold p256dh and auth';
const AUTH_MESSAGE = 'keys.auth must be a base64url 16-byte secret';

/** Unpadded (as browsers write it) or padded base64url, decoding to exactly `size` bytes. */
function base64UrlBytes(value: unknown, size: number): Buffer | null {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === size && bytes.toString('base64url') === value.replace(/=+$/, '') ? bytes : null;
}

/** A point on P-256 in uncompressed form: what the payload is encrypted to. */
function isP256PublicKey(value: unknown): boolean {
  const bytes = base64UrlBytes(value, 65);
  if (bytes?.[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export class PushKeysDto {
  @ApiProperty({ description: 'The browser’s P-256 ECDH public key, base64url (65 bytes)' })
  @ValidateBy(
    { name: 'isP256PublicKey', validator: { validate: isP256PublicKey } },
    { message: P256DH_MESSAGE },
  )
  p256dh: string;

  @ApiProperty({ description: 'The browser’s authentication secret, base64url (16 bytes)' })
  @ValidateBy(
    { name: 'isAuthSecret', validator: { validate: (value) => base64UrlBytes(value, 16) !== null } },
    { message: AUTH_MESSAGE },
  )
  auth: string;
}

/** POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()`, as it is. */
export class PushSubscriptionInputDto {
  @ApiProperty({ maxLength: MAX_ENDPOINT_LENGTH, description: 'The push service URL (https)' })
  @IsString({ message: ENDPOINT_MESSAGE })
  @MaxLength(MAX_ENDPOINT_LENGTH, { message: `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters` })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: false, disallow_auth: true },
    { message: ENDPOINT_MESSAGE },
  )
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  @IsObject({ message: KEYS_MESSAGE })
  @ValidateNested({ message: KEYS_MESSAGE })
  @Type(() => PushKeysDto)
  keys: PushKeysDto;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description:
      'Sent by browsers (usually null); not used: an expired subscription answers 404/410 and is dropped',
  })
  @IsOptional()
  @IsNumber({}, { message: 'expirationTime must be a number or null' })
  expirationTime?: number | null;
}

/** DELETE /api/push/subscriptions */
export class PushUnsubscribeDto {
  @ApiProperty({ maxLength: MAX_ENDPOINT_LENGTH })
  @IsString({ message: 'endpoint is required' })
  @IsNotEmpty({ message: 'endpoint is required' })
  @MaxLength(MAX_ENDPOINT_LENGTH, { message: `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters` })
  endpoint: string;
}

export class PushPublicKeyDto {
  @ApiProperty({ description: 'VAPID public key, base64url: PushManager.subscribe’s applicationServerKey' })
  publicKey: string;
}
