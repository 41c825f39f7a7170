import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { Idempotent } from '../../common/idempotency/idempotent.decorator.js';
import { IdempotentRequests } from '../../common/idempotency/idempotent-requests.js';
import { BetsReadService, MAX_PAGE } from '../bets/index.js';
import { AdminService } from './admin.service.js';
import {
  AdminAnalyticsDto,
  AdminUserPageDto,
  AdminUsersQueryDto,
  AuditLogPageDto,
  AuditLogQueryDto,
  BalanceAdjustmentDto,
  BalanceAdjustmentResultDto,
  DisputeListDto,
  DisputeListQueryDto,
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
    readonly idempotency: IdempotentRequests,
  ) {}

  @Get('analytics')
  @ApiOkResponse({ type: AdminAnalyticsDto })
  analytics(): Promise<AdminAnalyticsDto> {
    return this.admin.analytics();
  }

  @Get('users')
  @ApiOperation({ summary: 'Accounts, newest first, a page at a time (`nextBefore`)' })
  @ApiOkResponse({ type: AdminUserPageDto })
  users(@Query() query: AdminUsersQueryDto): Promise<AdminUserPageDto> {
    return this.admin.users(query.q, query.limit ?? 50, query.before);
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
  @ApiOperation({ summary: 'Disputed bets, most recently disputed first, a page at a time (`nextBefore`)' })
  @ApiOkResponse({ type: DisputeListDto })
  disputed(@CurrentUser() admin: AuthUser, @Query() query: DisputeListQueryDto): Promise<DisputeListDto> {
    return this.bets.adminList(admin, 'disputed', query.limit ?? MAX_PAGE, query.before);
  }

  @Get('resolved-disputes')
  @ApiOperation({ summary: 'Disputes an admin resolved, most recently resolved first, a page at a time' })
  @ApiOkResponse({ type: DisputeListDto })
  resolved(@CurrentUser() admin: AuthUser, @Query() query: DisputeListQueryDto): Promise<DisputeListDto> {
    return this.bets.adminList(admin, 'resolved', query.limit ?? MAX_PAGE, query.before);
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'The audit log, most recent entry first, a page at a time (`nextBefore`)' })
  @ApiOkResponse({ type: AuditLogPageDto })
  auditLog(@Query() query: AuditLogQueryDto): Promise<AuditLogPageDto> {
    return this.admin.auditLog(query.limit ?? 100, query.before);
  }
}
