import { LookupRateLimitGuard } from '../../../common/http/lookup-rate-limit.guard.js';
import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Public, Roles } from '../../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../../common/auth/auth-user.js';
import { InviteAcceptedDto, InviteDto, InviteLinkDto } from './invite.dto.js';
import { InvitesService } from './invites.service.js';

/** Personal invite links: `/invite/{code}` in the app (docs/product.md, "Invite links"). */
@ApiTags('invites')
@Controller('invites')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Get('mine')
  @Roles('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Your invite link’s code',
    description: 'Made on first call; the same code every time until you replace or revoke it.',
  })
  @ApiOkResponse({ type: InviteLinkDto })
  mine(@CurrentUser() user: AuthUser): Promise<InviteLinkDto> {
    return this.invites.mine(user);
  }

  @Post('mine/replace')
  @HttpCode(200)
  @Roles('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Replace your invite link',
    description: 'Revokes the current code (its link then answers 410) and returns a new one.',
  })
  @ApiOkResponse({ type: InviteLinkDto })
  replace(@CurrentUser() user: AuthUser): Promise<InviteLinkDto> {
    return this.invites.replace(user);
  }

  @Delete('mine')
  @HttpCode(204)
  @Roles('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Revoke your invite link',
    description: 'Its link answers 410 from now on; GET /api/invites/mine then makes a new code.',
  })
  @ApiNoContentResponse()
  async revoke(@CurrentUser() user: AuthUser): Promise<void> {
    await this.invites.revoke(user);
  }

  @Get(':code')
  @Public()
  @UseGuards(LookupRateLimitGuard)
  @ApiOperation({
    summary: 'Who an invite link is from (no sign-in needed)',
    description:
      'Only the inviter’s id, username and display name. 404 invite_not_found for an unknown code (or an ' +
      'inviter no longer on Betwixt), 410 invite_revoked for a replaced or revoked one; 429 lookup_rate_limited ' +
      '(with Retry-After) after LOOKUPS_PER_MINUTE lookups a minute from one address.',
  })
  @ApiOkResponse({ type: InviteDto })
  @ApiNotFoundResponse({ description: 'invite_not_found' })
  @ApiGoneResponse({ description: 'invite_revoked' })
  lookup(@Param('code') code: string): Promise<InviteDto> {
    return this.invites.lookup(code);
  }

  @Post(':code/accept')
  @HttpCode(200)
  @Roles('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Become friends with whoever sent you this link',
    description:
      'One call makes both of you friends (the link is their consent), whatever requests lay between you. ' +
      'Already friends: 200 with alreadyFriends true. Your own link: 400 invite_self; unknown: 404; ' +
      'revoked: 410; your account suspended: 403.',
  })
  @ApiOkResponse({ type: InviteAcceptedDto })
  @ApiNotFoundResponse({ description: 'invite_not_found' })
  @ApiGoneResponse({ description: 'invite_revoked' })
  accept(@CurrentUser() user: AuthUser, @Param('code') code: string): Promise<InviteAcceptedDto> {
    return this.invites.accept(user, code);
  }
}
