import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { IntIdPipe } from '../../common/http/id-param.pipe.js';
import { Idempotent } from '../../common/idempotency/idempotent.decorator.js';
import { IdempotentRequests } from '../../common/idempotency/idempotent-requests.js';
import { BetPageService } from './bet-page.service.js';
import { BetsReadService, type BetList } from './bets-read.service.js';
import { BetReportsService } from './bet-reports.service.js';
import { BetResolutionsService } from './bet-resolutions.service.js';
import { BetsService } from './bets.service.js';
import { PotsService } from './pots.service.js';
import {
  AcceptBetDto,
  AdminResolveDto,
  EditResolutionDto,
  JoinPotDto,
  SubmitResultDto,
  SubmitResultResponseDto,
} from './dto/bet-actions.dto.js';
import { BetDto, BetPartyDto, ExpiringBetDto } from './dto/bet-view.dto.js';
import { BetPageDto } from './dto/bet-page.dto.js';
import { CreateBetDto } from './dto/create-bet.dto.js';
import { HistoryQueryDto } from './dto/history-query.dto.js';
import { DisputeStatementInputDto } from './dto/statement.dto.js';
import { DisputeStatementsService } from './dispute-statements.service.js';
import { ListQueryDto } from '../../common/http/list-query.dto.js';

@ApiTags('bets')
@ApiBearerAuth()
@Roles('user')
@Controller('bets')
export class BetsController {
  constructor(
    private readonly bets: BetsService,
    private readonly reports: BetReportsService,
    private readonly resolutions: BetResolutionsService,
    private readonly reads: BetsReadService,
    private readonly pages: BetPageService,
    private readonly statements: DisputeStatementsService,
    private readonly pots: PotsService,
    private readonly clock: Clock,
    readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @Idempotent()
  @ApiCreatedResponse({ type: BetDto })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateBetDto): Promise<BetDto> {
    const bet = await this.bets.create(user.id, body);
    return this.reads.one(user, bet.id);
  }

  @Get()
  @ApiOkResponse({ type: [BetDto] })
  all(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<BetDto[]> {
    return this.list(user, 'all', query);
  }

  @Get('active')
  @ApiOkResponse({ type: [BetDto], description: 'Active and disputed bets' })
  active(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<BetDto[]> {
    return this.list(user, 'active', query);
  }

  @Get('pending')
  @ApiOkResponse({ type: [BetDto], description: 'Challenges waiting for the opponent, sent or received' })
  pending(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<BetDto[]> {
    return this.list(user, 'pending', query);
  }

  @Get('completed')
  @ApiOkResponse({ type: [BetDto], description: 'Finished bets: completed, declined, cancelled, expired' })
  completed(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<BetDto[]> {
    return this.list(user, 'completed', query);
  }

  @Get('history')
  @ApiOkResponse({
    type: [BetDto],
    description:
      'Every bet of the user, newest first; page with `before` = the last id; filter by status, opponent or kind (group pots)',
  })
  history(@CurrentUser() user: AuthUser, @Query() query: HistoryQueryDto): Promise<BetDto[]> {
    return this.reads.list(user, 'all', {
      limit: query.limit,
      before: query.before,
      status: query.status,
      opponentId: query.opponentId,
      kind: query.kind,
    });
  }

  @Get('opponents')
  @ApiOkResponse({
    type: [BetPartyDto],
    description: 'Everyone the user has bet against, most recent first: the history filter by opponent',
  })
  opponents(@CurrentUser() user: AuthUser): Promise<BetPartyDto[]> {
    return this.reads.opponents(user);
  }

  @Get('expiring')
  @ApiOkResponse({ type: [ExpiringBetDto] })
  expiring(@CurrentUser() user: AuthUser): Promise<ExpiringBetDto[]> {
    return this.reads.expiring(user, this.clock.now());
  }

  @Get(':id')
  @ApiOkResponse({ type: BetDto })
  one(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    return this.reads.one(user, id);
  }

  @Get(':id/page')
  @ApiOkResponse({
    type: BetPageDto,
    description: 'The bet with its timeline, receipts and dispute (parties and admins)',
  })
  page(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetPageDto> {
    return this.pages.page(user, id);
  }

  @Put(':id/statement')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Your statement for the admin on a disputed bet (replaces your earlier one)',
  })
  async statement(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: DisputeStatementInputDto,
  ): Promise<void> {
    await this.statements.write(user.id, user.isAdmin, id, body.text, body.links ?? []);
  }

  @Post(':id/accept')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BetDto })
  @ApiConflictResponse({
    description: 'the bet is no longer pending, or challenger_suspended (the creator is suspended)',
  })
  async accept(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: AcceptBetDto,
  ): Promise<BetDto> {
    await this.bets.accept(user.id, id, body.opponentPick);
    return this.reads.one(user, id);
  }

  @Post(':id/join')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Join a group pot you were invited to, with your pick; your stake is escrowed',
    description:
      '400 for a pick that is not an outcome or too low a balance (nothing moves); 409 when you are in already, ' +
      'the pot is full, locked or over; 404 when you were not invited (friends of the creator join by the link).',
  })
  @ApiOkResponse({ type: BetDto })
  async join(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: JoinPotDto,
  ): Promise<BetDto> {
    await this.pots.join(user.id, id, body.pick);
    return this.reads.one(user, id);
  }

  @Post(':id/leave')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave a group pot before it locks; your stake comes back' })
  @ApiOkResponse({ type: BetDto })
  async leave(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    await this.pots.leave(user.id, id);
    return this.reads.one(user, id, { gaveUpSeat: true });
  }

  @Post(':id/lock')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start a group pot before its join deadline (its creator only)',
    description:
      'With fewer than two players, or every pick the same, the pot is void and every stake comes back.',
  })
  @ApiOkResponse({ type: BetDto })
  async lock(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    await this.pots.lockEarly(user.id, id);
    return this.reads.one(user, id);
  }

  @Post(':id/decline')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BetDto })
  async decline(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    const bet = await this.bets.decline(user.id, id);
    return this.reads.one(user, id, { gaveUpSeat: bet.kind === 'pot' });
  }

  @Post(':id/cancel')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BetDto })
  async cancel(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    await this.bets.cancel(user.id, id);
    return this.reads.one(user, id);
  }

  @Post(':id/submit-result')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: SubmitResultResponseDto })
  submitResult(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: SubmitResultDto,
  ): Promise<SubmitResultResponseDto> {
    return this.reports.submitResult(user.id, id, body.result, body.confirmed === true);
  }

  @Roles('admin')
  @Post(':id/admin-resolve')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BetDto })
  async adminResolve(
    @CurrentUser() admin: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: AdminResolveDto,
  ): Promise<BetDto> {
    await this.resolutions.adminResolve(admin.id, id, body.winnerId ?? null, body.resolution, body.outcome);
    return this.reads.one(admin, id);
  }

  @Roles('admin')
  @Post(':id/edit-resolution')
  @Idempotent()
  @HttpCode(200)
  @ApiOkResponse({ type: BetDto })
  async editResolution(
    @CurrentUser() admin: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: EditResolutionDto,
  ): Promise<BetDto> {
    await this.resolutions.editResolution(admin.id, id, body.winnerId ?? null, body.reason, body.outcome);
    return this.reads.one(admin, id);
  }

  private list(user: AuthUser, list: BetList, query: ListQueryDto): Promise<BetDto[]> {
    return this.reads.list(user, list, { limit: query.limit, before: query.before });
  }
}
