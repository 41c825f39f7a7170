import { LookupRateLimitGuard } from '../../common/http/lookup-rate-limit.guard.js';
import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Public, Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { Idempotent } from '../../common/idempotency/idempotent.decorator.js';
import { IdempotentRequests } from '../../common/idempotency/idempotent-requests.js';
import { BetsReadService } from './bets-read.service.js';
import { BetsService } from './bets.service.js';
import { AcceptBetDto } from './dto/bet-actions.dto.js';
import { BetDto } from './dto/bet-view.dto.js';
import { ChallengeDto } from './dto/challenge.dto.js';
import { CreateChallengeDto } from './dto/create-bet.dto.js';

/**
 * Open challenge links: `/c/{code}` in the app (docs/product.md, "Open challenge links"). The creator
 * cancels one through POST /api/bets/{id}/cancel, as any challenge nobody has accepted.
 */
@ApiTags('challenges')
@Controller('challenges')
export class ChallengesController {
  constructor(
    private readonly bets: BetsService,
    private readonly reads: BetsReadService,
    private readonly clock: Clock,
    readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @Roles('user')
  @ApiBearerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'Create an open challenge, sent as a link',
    description:
      'A pending bet with no opponent; your stake is escrowed now. The answer’s challengeCode makes the link ' +
      '/c/{code}. The first other person to accept it there becomes the opponent. Same rules and messages as ' +
      'POST /api/bets, without opponentId; 400 when your balance is too low, 403 when suspended.',
  })
  @ApiCreatedResponse({ type: BetDto })
  @ApiBadRequestResponse({ description: 'invalid input or insufficient balance' })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateChallengeDto): Promise<BetDto> {
    const bet = await this.bets.createOpenChallenge(user.id, body);
    return this.reads.one(user, bet.id);
  }

  @Get(':code')
  @Public()
  @UseGuards(LookupRateLimitGuard)
  @ApiOperation({
    summary: 'An open challenge, as its link shows it (no sign-in needed)',
    description:
      'Title, amount, outcomes, the creator’s pick and display name, and whether it can still be accepted. ' +
      '404 challenge_not_found for an unknown code; 429 lookup_rate_limited (with Retry-After) after ' +
      'LOOKUPS_PER_MINUTE lookups a minute from one address.',
  })
  @ApiOkResponse({ type: ChallengeDto })
  @ApiNotFoundResponse({ description: 'challenge_not_found' })
  lookup(@Param('code') code: string): Promise<ChallengeDto> {
    return this.reads.challenge(code, this.clock.now());
  }

  @Post(':code/accept')
  @Roles('user')
  @ApiBearerAuth()
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept an open challenge: you become its opponent',
    description:
      'Pick an outcome other than the creator’s; your stake is escrowed and the bet is active. When several ' +
      'people accept at once exactly one gets it; the others get 409 challenge_taken. 409 challenge_cancelled ' +
      'or challenge_expired when it is over; 403 challenge_own for your own challenge; 400 for a missing or ' +
      'same pick or too low a balance; 404 for an unknown code.',
  })
  @ApiOkResponse({ type: BetDto })
  @ApiBadRequestResponse({ description: 'invalid pick or insufficient balance' })
  @ApiForbiddenResponse({ description: 'challenge_own, account_suspended' })
  @ApiNotFoundResponse({ description: 'challenge_not_found' })
  @ApiConflictResponse({
    description:
      'challenge_taken, challenge_cancelled, challenge_expired, challenger_suspended (the creator is suspended)',
  })
  async accept(
    @CurrentUser() user: AuthUser,
    @Param('code') code: string,
    @Body() body: AcceptBetDto,
  ): Promise<BetDto> {
    const bet = await this.bets.takeChallenge(user.id, code, body.opponentPick);
    return this.reads.one(user, bet.id);
  }
}
