import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { AdminService } from './admin.service.js';
import { ModerationNoticeDto } from './dto/admin.dto.js';

/**
 * What moderation did to the caller: warnings, suspensions (and their end), bans and unbans, newest
 * first. Until a notifications table exists this is how a warned or suspended user learns of it.
 */
@ApiTags('moderation')
@ApiBearerAuth()
@Roles('user')
@Controller('moderation')
export class ModerationNoticesController {
  constructor(private readonly admin: AdminService) {}

  @Get('notices')
  @ApiOkResponse({ type: [ModerationNoticeDto] })
  notices(@CurrentUser() user: AuthUser): Promise<ModerationNoticeDto[]> {
    return this.admin.noticesFor(user.id);
  }
}
