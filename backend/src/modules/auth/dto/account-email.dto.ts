import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Equals } from '../../../common/http/equals-field.validator.js';
import { PASSWORD_RULES } from './signup.dto.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class PasswordResetRequestDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Invalid email address' })
  @MaxLength(254, { message: 'Invalid email address' })
  @IsEmail({}, { message: 'Invalid email address' })
  email: string;
}

export class PasswordResetDto {
  @ApiProperty({ description: 'The token from the mailed link' })
  @IsString({ message: 'This reset link is not valid any more. Ask for a new one.' })
  @MaxLength(200, { message: 'This reset link is not valid any more. Ask for a new one.' })
  token: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: PASSWORD_RULES.minMessage })
  @MinLength(8, { message: PASSWORD_RULES.minMessage })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @Matches(PASSWORD_RULES.pattern, { message: PASSWORD_RULES.patternMessage })
  password: string;

  @ApiProperty()
  @IsString({ message: "Passwords don't match" })
  @Equals('password', { message: "Passwords don't match" })
  confirmPassword: string;
}

export class EmailVerificationDto {
  @ApiProperty({ description: 'The token from the mailed link' })
  @IsString({ message: 'This confirmation link is not valid any more. Ask for a new one.' })
  @MaxLength(200, { message: 'This confirmation link is not valid any more. Ask for a new one.' })
  token: string;
}

export class AuthOptionsDto {
  @ApiProperty({ description: 'Whether this server can send email (SMTP_URL is set)' })
  emailEnabled: boolean;
}

export class AuthMessageDto {
  @ApiProperty()
  message: string;
}
