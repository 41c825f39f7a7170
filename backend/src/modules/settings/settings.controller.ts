import { Body, Controller, Delete, Get, Header, HttpCode, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { AppConfig } from '../../config/app-config.js';
import { AuthResponseDto, setSessionCookie } from '../auth/index.js';
import { SelfUserDto } from '../users/index.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountExportDto } from './dto/account-export.dto.js';
import {
  ChangePasswordDto,
  DeleteAccountDto,
  NotificationSettingsDto,
  PrivacySettingsInputDto,
  UpdateProfileDto,
} from './dto/settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('settings')
@ApiBearerAuth()
@Roles('user')
@Controller()
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly deletion: AccountDeletionService,
    private readonly config: AppConfig,
  ) {}

  @Patch('user/profile')
  @ApiOkResponse({ type: SelfUserDto })
  updateProfile(@CurrentUser() user: AuthUser, @Body() body: UpdateProfileDto): Promise<SelfUserDto> {
    return this.settings.updateProfile(user.id, body);
  }

  @Patch('settings/notifications')
  @ApiOkResponse({ type: SelfUserDto })
  notifications(@CurrentUser() user: AuthUser, @Body() body: NotificationSettingsDto): Promise<SelfUserDto> {
    return this.settings.updateNotifications(user.id, body);
  }

  @Patch('settings/privacy')
  @ApiOkResponse({ type: SelfUserDto })
  privacy(@CurrentUser() user: AuthUser, @Body() body: PrivacySettingsInputDto): Promise<SelfUserDto> {
    return this.settings.updatePrivacy(user.id, body);
  }

  @Post('settings/password')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDto })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponseDto> {
    const result = await this.settings.changePassword(user.id, body.currentPassword, body.newPassword);
    setSessionCookie(reply, this.config, result.sessionId);
    return { token: result.token, user: result.user };
  }

  @Get('settings/export')
  @Header('content-disposition', 'attachment; filename="betwixt-export.json"')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ type: AccountExportDto, description: 'The caller’s own data, as a JSON download' })
  exportData(@CurrentUser() user: AuthUser): Promise<AccountExportDto> {
    return this.settings.exportData(user.id);
  }

  @Delete('user/account')
  @HttpCode(204)
  @ApiNoContentResponse()
  async deleteAccount(@CurrentUser() user: AuthUser, @Body() body: DeleteAccountDto): Promise<void> {
    await this.deletion.deleteOwnAccount(user.id, body.password);
  }
}
