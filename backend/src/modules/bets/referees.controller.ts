import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { IntIdPipe } from '../../common/http/id-param.pipe.js';
import { Idempotent } from '../../common/idempotency/idempotent.decorator.js';
import { IdempotentRequests } from '../../common/idempotency/idempotent-requests.js';
import { BetsReadService } from './bets-read.service.js';
import { CounterOffersService } from './counter-offers.service.js';
import { BetDto } from './dto/bet-view.dto.js';
import {
  AppealDto,
  CallBetDto,
  CounterOfferDto,
  NameRefereeDto,
  RefereeRecordDto,
} from './dto/referee.dto.js';
import { RefereeService } from './referee.service.js';

/**
 * Referee bets and counter-offers (docs/product.md, "Referee bets", "Counter-offers"). Each route checks who
 * asks in its service: the referee, a player, or the side whose turn it is.
 */
@ApiTags('bets')
@ApiBearerAuth()
@Roles('user')
@Controller('bets')
export class RefereesController {
  constructor(
    private readonly referees: RefereeService,
    private readonly counters: CounterOffersService,
    private readonly reads: BetsReadService,
    readonly idempotency: IdempotentRequests,
  ) {}

  @Get('referees/me/bets')
  @ApiOperation({ summary: 'The open bets you referee or are asked to: to answer, to call, or under appeal' })
  @ApiOkResponse({ type: [BetDto] })
  refereeing(@CurrentUser() user: AuthUser): Promise<BetDto[]> {
    return this.reads.refereeing(user);
  }

  @Get('referees/:userId/record')
  @ApiOperation({
    summary: 'A referee’s record: calls made, appealed and overturned (as their activity privacy allows)',
  })
  @ApiOkResponse({ type: RefereeRecordDto })
  recordOf(
    @CurrentUser() user: AuthUser,
    @Param('userId', new ParseUUIDPipe()) userId: string,
  ): Promise<RefereeRecordDto> {
    return this.referees.recordFor(user, userId);
  }

  @Post(':id/referee/accept')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'The person asked to referee takes the role; the bet may then start' })
  @ApiOkResponse({ type: BetDto })
  async acceptRole(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    await this.referees.acceptRole(user.id, id);
    return this.reads.one(user, id);
  }

  @Post(':id/referee/decline')
  @Idempotent()
  @HttpCode(204)
  @ApiOperation({
    summary: 'The person asked to referee declines; the creator names another or withdraws',
    description: 'No content: having declined, they are no longer on the bet and cannot read it.',
  })
  @ApiNoContentResponse()
  async declineRole(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<void> {
    await this.referees.declineRole(user.id, id);
  }

  @Put(':id/referee')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'The creator names another referee (after a decline, or before an answer)' })
  @ApiOkResponse({ type: BetDto })
  async nameReferee(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: NameRefereeDto,
  ): Promise<BetDto> {
    await this.referees.nameReferee(user.id, id, body.refereeId);
    return this.reads.one(user, id);
  }

  @Post(':id/call')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'The referee calls the bet, with a note; it settles when the appeal window ends unappealed',
  })
  @ApiOkResponse({ type: BetDto })
  async call(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: CallBetDto,
  ): Promise<BetDto> {
    await this.referees.call(user.id, id, body.result, body.note);
    return this.reads.one(user, id);
  }

  @Post(':id/call/accept')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'A player accepts the call; once every player has, it settles at once' })
  @ApiOkResponse({ type: BetDto })
  async acceptCall(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<BetDto> {
    await this.referees.acceptCall(user.id, id);
    return this.reads.one(user, id);
  }

  @Post(':id/appeal')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'A player appeals the call within the window: an admin decides' })
  @ApiOkResponse({ type: BetDto })
  async appeal(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: AppealDto,
  ): Promise<BetDto> {
    await this.referees.appeal(user.id, id, body.statement);
    return this.reads.one(user, id);
  }

  @Post(':id/counter')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Counter a pending challenge with the opponent’s stake (and pick); the other side answers',
    description:
      '400 beyond the opponent’s balance or for a bad pick; 403 when it is not your turn; 409 when the challenge ' +
      'is no longer pending, expired, or the rounds are used up. Nothing changes on an error.',
  })
  @ApiOkResponse({ type: BetDto })
  async counter(
    @CurrentUser() user: AuthUser,
    @Param('id', IntIdPipe) id: number,
    @Body() body: CounterOfferDto,
  ): Promise<BetDto> {
    await this.counters.counter(user.id, id, body.opponentAmount, body.opponentPick);
    return this.reads.one(user, id);
  }
}
