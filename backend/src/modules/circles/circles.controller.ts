import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { IntIdPipe } from '../../common/http/id-param.pipe.js';
import { LookupRateLimitGuard } from '../../common/http/lookup-rate-limit.guard.js';
import { UuidPipe } from '../friends/index.js';
import { PICTURE_CONTENT_TYPES, sendPicture } from '../pictures/index.js';
import { CircleFeed } from './circle-feed.service.js';
import { CirclesService } from './circles.service.js';
import {
  CircleDto,
  CircleInvitationDto,
  CircleLinkDto,
  CircleSummaryDto,
  CreateCircleDto,
  FeedPageDto,
  InvitationsSentDto,
  InviteToCircleDto,
  JoinCircleDto,
  LeaderboardDto,
  LeaderboardQueryDto,
  PageQueryDto,
  SetRoleDto,
  TrophyDto,
  UpdateCircleDto,
} from './dto/circle.dto.js';

const NOT_FOUND = 'circle_not_found: no such circle among yours (the same whether it exists or not)';

/** Circles (docs/product.md, "Circles"): members, invitations, the invite link, feed, table and picture. */
@ApiTags('circles')
@ApiBearerAuth()
@Roles('user')
@Controller('circles')
export class CirclesController {
  constructor(
    private readonly circles: CirclesService,
    private readonly feed: CircleFeed,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Make a circle; you are its owner and its first season starts now' })
  @ApiCreatedResponse({ type: CircleDto })
  create(@CurrentUser() user: AuthUser, @Body() input: CreateCircleDto): Promise<CircleDto> {
    return this.circles.create(user, input.name);
  }

  @Get()
  @ApiOperation({ summary: 'Your circles' })
  @ApiOkResponse({ type: [CircleSummaryDto] })
  list(@CurrentUser() user: AuthUser): Promise<CircleSummaryDto[]> {
    return this.circles.list(user);
  }

  @Get('invitations')
  @ApiOperation({ summary: 'Circle invitations waiting for your answer' })
  @ApiOkResponse({ type: [CircleInvitationDto] })
  invitations(@CurrentUser() user: AuthUser): Promise<CircleInvitationDto[]> {
    return this.circles.invitations(user);
  }

  @Post('invitations/:invitationId/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join the circle you were invited to (409 circle_full when it has no room)' })
  @ApiOkResponse({ type: CircleSummaryDto })
  @ApiNotFoundResponse({ description: 'circle_invitation_not_found' })
  async accept(
    @CurrentUser() user: AuthUser,
    @Param('invitationId', IntIdPipe) invitationId: number,
  ): Promise<CircleSummaryDto | null> {
    return this.circles.answerInvitation(user, invitationId, true);
  }

  @Post('invitations/:invitationId/decline')
  @HttpCode(204)
  @ApiOperation({ summary: 'Decline a circle invitation' })
  @ApiNoContentResponse()
  async decline(
    @CurrentUser() user: AuthUser,
    @Param('invitationId', IntIdPipe) invitationId: number,
  ): Promise<void> {
    await this.circles.answerInvitation(user, invitationId, false);
  }

  @Get('links/:code')
  @UseGuards(LookupRateLimitGuard)
  @ApiOperation({
    summary: 'Which circle an invite link is for (its name and size), before joining',
    description: '404 circle_link_not_found for an unknown or replaced code; 429 after LOOKUPS_PER_MINUTE.',
  })
  @ApiOkResponse({ type: CircleLinkDto })
  link(@CurrentUser() user: AuthUser, @Param('code') code: string): Promise<CircleLinkDto> {
    return this.circles.lookupLink(user, code);
  }

  @Get('trophies/:userId')
  @ApiOperation({ summary: 'A person’s season trophies (the circle is named only to its members)' })
  @ApiOkResponse({ type: [TrophyDto] })
  trophies(@CurrentUser() user: AuthUser, @Param('userId', UuidPipe) userId: string): Promise<TrophyDto[]> {
    return this.circles.trophies(user, userId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A circle: members, season, invite code (members and admins)' })
  @ApiOkResponse({ type: CircleDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<CircleDto> {
    return this.circles.get(user, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Rename the circle or change its seasons (owner and co-owners)',
    description: 'A new season length applies to the season now running: it ends at the new end.',
  })
  @ApiOkResponse({ type: CircleDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Body() input: UpdateCircleDto,
  ): Promise<CircleDto> {
    return this.circles.update(user, id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete the circle (owner); its bets stay with their players' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async remove(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.circles.remove(user, id);
  }

  @Post(':id/invitations')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Invite friends of yours (members)',
    description:
      '400 invitee_not_friend for anyone not your friend; 409 circle_full past CIRCLE_MAX_MEMBERS.',
  })
  @ApiOkResponse({ type: InvitationsSentDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  invite(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Body() input: InviteToCircleDto,
  ): Promise<InvitationsSentDto> {
    return this.circles.invite(user, id, input.userIds);
  }

  @Post(':id/join')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join through the circle’s invite link (its code)' })
  @ApiOkResponse({ type: CircleSummaryDto })
  @ApiNotFoundResponse({ description: 'circle_link_not_found' })
  join(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Body() input: JoinCircleDto,
  ): Promise<CircleSummaryDto> {
    return this.circles.joinByLink(user, id, input.code);
  }

  @Post(':id/leave')
  @HttpCode(204)
  @ApiOperation({ summary: 'Leave the circle: your bets stay, you leave its table' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async leave(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.circles.leave(user, id);
  }

  @Post(':id/invite-link/replace')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replace the invite link (owner and co-owners); the old one stops working' })
  @ApiOkResponse({ type: CircleDto })
  replaceLink(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<CircleDto> {
    return this.circles.replaceLink(user, id);
  }

  @Put(':id/members/:userId/role')
  @ApiOperation({ summary: 'Make a member co-owner, or a co-owner a member again (owner)' })
  @ApiOkResponse({ type: CircleDto })
  setRole(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @Body() input: SetRoleDto,
  ): Promise<CircleDto> {
    return this.circles.setRole(user, id, userId, input.role);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove someone (owner: anyone; co-owners: members); they lose access at once' })
  @ApiNoContentResponse()
  async removeMember(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
  ): Promise<void> {
    await this.circles.removeMember(user, id, userId);
  }

  @Get(':id/feed')
  @ApiOperation({ summary: 'The circle’s feed, newest first, a page at a time (members and admins)' })
  @ApiOkResponse({ type: FeedPageDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  feedPage(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query() query: PageQueryDto,
  ): Promise<FeedPageDto> {
    return this.feed.page(user, id, query.before, query.limit);
  }

  @Get(':id/leaderboard')
  @ApiOperation({ summary: 'The season’s table (the current one, or ?season=N for a past one)' })
  @ApiOkResponse({ type: LeaderboardDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  leaderboard(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query() query: LeaderboardQueryDto,
  ): Promise<LeaderboardDto> {
    return this.circles.leaderboard(user, id, query.season);
  }

  @Put(':id/picture')
  @ApiOperation({ summary: 'Set the circle’s picture (owner and co-owners), as profile pictures are set' })
  @ApiConsumes(...PICTURE_CONTENT_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOkResponse({ type: CircleDto })
  setPicture(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Req() request: FastifyRequest,
  ): Promise<CircleDto> {
    return this.circles.setPicture(user, id, request.body ?? undefined);
  }

  @Delete(':id/picture')
  @ApiOperation({ summary: 'Remove the circle’s picture (owner and co-owners)' })
  @ApiOkResponse({ type: CircleDto })
  removePicture(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<CircleDto> {
    return this.circles.setPicture(user, id, null);
  }

  @Get(':id/picture')
  @ApiOperation({ summary: 'The circle’s picture (members and admins)' })
  @ApiQuery({ name: 'v', required: false, description: 'The version from pictureUrl' })
  @ApiProduces('image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No picture, or not a circle of yours' })
  async picture(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query('v') version: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPicture(request, reply, await this.circles.picture(user, id), version);
  }
}
