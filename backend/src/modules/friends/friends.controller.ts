import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { FriendRequestInputDto, FriendsListQueryDto } from './dto/friend-inputs.dto.js';
import {
  FriendListDto,
  FriendRequestDto,
  FriendshipDto,
  HeadToHeadDto,
  SuggestionDto,
} from './dto/person.dto.js';
import { FriendsService } from './friends.service.js';
import { HeadToHeadService } from './head-to-head.service.js';
import { PeopleService } from './people.service.js';
import { UuidPipe } from './uuid-param.pipe.js';

@ApiTags('friends')
@ApiBearerAuth()
@Roles('user')
@Controller('friends')
export class FriendsController {
  constructor(
    private readonly friendships: FriendsService,
    private readonly headToHead: HeadToHeadService,
    private readonly people: PeopleService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Your accepted friends, by username, a page at a time (`nextBefore`), and how many',
  })
  @ApiOkResponse({ type: FriendListDto })
  list(@CurrentUser() user: AuthUser, @Query() query: FriendsListQueryDto): Promise<FriendListDto> {
    return this.friendships.friends(user, query.limit, query.before);
  }

  @Get('requests')
  @ApiOperation({ summary: 'Pending friend requests addressed to you, newest first (at most 100)' })
  @ApiOkResponse({ type: [FriendRequestDto] })
  requests(@CurrentUser() user: AuthUser): Promise<FriendRequestDto[]> {
    return this.friendships.incomingRequests(user);
  }

  @Get('suggestions')
  @ApiOperation({
    summary: 'People you may know (at most 10)',
    description:
      'Friends of your friends, most mutual friends first (mutualFriends), and people you have had a bet ' +
      'with who are not your friends (betTogether). Never you, your friends or people you dismissed.',
  })
  @ApiOkResponse({ type: [SuggestionDto] })
  suggestions(@CurrentUser() user: AuthUser): Promise<SuggestionDto[]> {
    return this.people.peopleYouMayKnow(user);
  }

  @Post('suggestions/:userId/dismiss')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Stop suggesting this person to you',
    description: 'Kept for good; dismissing again is fine. Unknown person: 404; yourself: 400.',
  })
  @ApiNoContentResponse()
  async dismiss(@CurrentUser() user: AuthUser, @Param('userId', UuidPipe) userId: string): Promise<void> {
    await this.people.dismissSuggestion(user, userId);
  }

  @Post('request')
  @ApiOperation({
    summary: 'Send a friend request',
    description:
      'If the addressee already sent you a pending request, that request is accepted instead and the answer ' +
      'has status accepted / friendshipStatus friends. Refused: yourself (400), unknown user (404), already ' +
      'friends or already sent (409), suspended account (403).',
  })
  @ApiCreatedResponse({ type: FriendshipDto })
  request(@CurrentUser() user: AuthUser, @Body() body: FriendRequestInputDto): Promise<FriendshipDto> {
    return this.friendships.request(user, body.addresseeId);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept a request addressed to you (id = the request id)' })
  @ApiOkResponse({ type: FriendshipDto })
  accept(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<FriendshipDto> {
    return this.friendships.accept(user, id);
  }

  @Post(':id/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a request addressed to you (id = the request id)' })
  @ApiOkResponse({ type: FriendshipDto })
  decline(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<FriendshipDto> {
    return this.friendships.decline(user, id);
  }

  @Get(':friendUserId/head-to-head')
  @ApiOperation({ summary: 'Your record against a friend over your completed bets with each other' })
  @ApiOkResponse({ type: HeadToHeadDto })
  record(
    @CurrentUser() user: AuthUser,
    @Param('friendUserId', UuidPipe) friendUserId: string,
  ): Promise<HeadToHeadDto> {
    return this.headToHead.between(user, friendUserId);
  }

  @Delete(':friendUserId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unfriend (either side); 404 when you are not friends' })
  @ApiNoContentResponse()
  async unfriend(
    @CurrentUser() user: AuthUser,
    @Param('friendUserId', UuidPipe) friendUserId: string,
  ): Promise<void> {
    await this.friendships.unfriend(user, friendUserId);
  }
}
