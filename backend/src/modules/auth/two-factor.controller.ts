import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Length, Matches, MaxLength } from 'class-validator';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { SelfUserDto, UsersService } from '../users/index.js';
import { TwoFactorService } from './two-factor.service.js';

const TOKEN_MESSAGE = 'Enter the 6-digit code from your authenticator app';

class TwoFactorEnrolmentDto {
  @ApiProperty() secret: string;
  @ApiProperty() otpauthUrl: string;
  @ApiProperty({ description: 'PNG data URL of the QR code for otpauthUrl' }) qrCodeDataUrl: string;
}

class EnableTwoFactorDto {
  @ApiProperty()
  @IsString()
  @MaxLength(128)
  @Matches(/^[A-Z2-7]+=*$/, { message: 'Invalid secret' })
  secret: string;

  @ApiProperty({ example: '123456' })
  @IsString({ message: TOKEN_MESSAGE })
  @Length(6, 6, { message: TOKEN_MESSAGE })
  @Matches(/^\d{6}$/, { message: TOKEN_MESSAGE })
  token: string;
}

class DisableTwoFactorDto {
  @ApiProperty({ example: '123456' })
  @IsString({ message: TOKEN_MESSAGE })
  @Length(6, 6, { message: TOKEN_MESSAGE })
  @Matches(/^\d{6}$/, { message: TOKEN_MESSAGE })
  token: string;
}

@ApiTags('settings')
@ApiBearerAuth()
@Roles('user')
@Controller('settings/2fa')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
  ) {}

  /** Step one: a fresh secret and QR code; nothing changes until a code confirms it. */
  @Post('setup')
  @HttpCode(200)
  @ApiOkResponse({ type: TwoFactorEnrolmentDto })
  async setup(@CurrentUser() caller: AuthUser): Promise<TwoFactorEnrolmentDto> {
    return this.twoFactor.enrol(await this.users.findActive(caller.id));
  }

  @Post('enable')
  @HttpCode(200)
  @ApiOkResponse({ type: SelfUserDto })
  async enable(@CurrentUser() caller: AuthUser, @Body() body: EnableTwoFactorDto): Promise<SelfUserDto> {
    await this.twoFactor.enable(caller.id, body.secret, body.token);
    return this.users.selfView(caller.id);
  }

  @Post('disable')
  @HttpCode(200)
  @ApiOkResponse({ type: SelfUserDto })
  async disable(@CurrentUser() caller: AuthUser, @Body() body: DisableTwoFactorDto): Promise<SelfUserDto> {
    await this.twoFactor.disable(caller.id, body.token);
    return this.users.selfView(caller.id);
  }
}
