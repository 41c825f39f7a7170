import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SelfUserDto } from '../../users/index.js';

export class AuthResponseDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: SelfUserDto }) user: SelfUserDto;
}

/** First step of a login for an account with two-factor sign-in: a code is needed next. */
export class LoginResponseDto {
  @ApiPropertyOptional() token?: string;
  @ApiPropertyOptional({ type: SelfUserDto }) user?: SelfUserDto;
  @ApiPropertyOptional() twoFactorRequired?: boolean;
  @ApiPropertyOptional({ description: 'Send back with the code to POST /api/auth/login/2fa' })
  challengeToken?: string;
}
