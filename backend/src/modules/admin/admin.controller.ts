import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { Idempotent } from '../../common/idempotency/idempotency.interceptor.js';
import { BetsReadService } from '../bets/bets-read.service.js';
import { BetDto } from '../bets/dto/bet-view.dto.js';
import { AdminService } from './admin.service.js';
import {
  AdminAnalyticsDto,
  AdminListQueryDto,
  AdminUserDto,
  AuditEntryDto,
  BalanceAdjustmentDto,
  BalanceAdjustmentResultDto,
  ModerationActionDto,
  ModerationResultDto,
} from './dto/admin.dto.js';

@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly bets: BetsReadService,
  ) {}

  @Get('analytics')
  @ApiOkResponse({ type: AdminAnalyticsDto })
  analytics(): Promise<AdminAnalyticsDto> {
    return this.admin.analytics();
  }

  @Get('users')
  @ApiOkResponse({ type: [AdminUserDto] })
  users(@Query() query: AdminListQueryDto): Promise<AdminUserDto[]> {
    return this.admin.users(query.q, query.limit ?? 50, query.offset ?? 0);
  }

  @Post('balance-adjustment')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BalanceAdjustmentResultDto })
  adjust(
    @CurrentUser() admin: AuthUser,
    @Body() body: BalanceAdjustmentDto,
  ): Promise<BalanceAdjustmentResultDto> {
    return this.admin.adjustBalance(admin.id, body);
  }

  @Post('moderation-action')
  @HttpCode(200)
  @ApiOkResponse({ type: ModerationResultDto })
  moderate(@CurrentUser() admin: AuthUser, @Body() body: ModerationActionDto): Promise<ModerationResultDto> {
    return this.admin.moderate(admin.id, body);
  }

  @Delete('users/:id')
  @Idempotent()
  @HttpCode(204)
  @ApiNoContentResponse()
  async deleteUser(@CurrentUser() admin: AuthUser, @Param('id') id: string): Promise<void> {
    await this.admin.deleteUser(admin.id, id);
  }

  @Get('disputed-bets')
  @ApiOkResponse({ type: [BetDto] })
  disputed(@CurrentUser() admin: AuthUser): Promise<BetDto[]> {
    return this.bets.adminList(admin, 'disputed');
  }

  @Get('resolved-disputes')
  @ApiOkResponse({ type: [BetDto] })
  resolved(@CurrentUser() admin: AuthUser): Promise<BetDto[]> {
    return this.bets.adminList(admin, 'resolved');
  }

  @Get('audit-log')
  @ApiOkResponse({ type: [AuditEntryDto] })
  auditLog(@Query() query: AdminListQueryDto): Promise<AuditEntryDto[]> {
    return this.admin.auditLog(query.limit ?? 100, query.offset ?? 0);
  }
}
