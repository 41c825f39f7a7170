import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ description: 'Email address or username, any letter case' })
  @IsString({ message: 'Email or username is required' })
  @IsNotEmpty({ message: 'Email or username is required' })
  @MaxLength(254, { message: 'Email or username is too long' })
  emailOrUsername: string;

  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128, { message: 'Invalid email or password' })
  password: string;
}

export class TwoFactorLoginDto {
  @ApiProperty({ description: 'challengeToken from the first login step' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  challengeToken: string;

  @ApiProperty({ example: '123456' })
  @IsString({ message: 'Enter the 6-digit code from your authenticator app' })
  @Length(6, 6, { message: 'Enter the 6-digit code from your authenticator app' })
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app' })
  code: string;
}
