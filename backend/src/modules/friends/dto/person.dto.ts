import { ApiProperty } from '@nestjs/swagger';

export type FriendshipStatusView = 'none' | 'request_sent' | 'request_received' | 'friends';
export const FRIENDSHIP_STATUS_VIEWS: FriendshipStatusView[] = [
  'none',
  'request_sent',
  'request_received',
  'friends',
];

/** Another person as lists show them: the username always, names and picture as their profile setting allows. */
export class PersonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'null unless their profile is visible to you' })
  firstName: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'null unless their profile is visible to you' })
  lastName: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'null unless their profile is visible to you' })
  profileImageUrl: string | null;
}

/** A search or suggestion result: the person and how you stand with them. */
export class PersonResultDto extends PersonDto {
  @ApiProperty({
    enum: FRIENDSHIP_STATUS_VIEWS,
    description: 'request_sent = you asked them (label Pending); request_received = they asked you',
  })
  friendshipStatus: FriendshipStatusView;
}

export class FriendDto extends PersonResultDto {
  @ApiProperty({ format: 'uuid', description: 'The friendship (the accepted request)' }) friendshipId: string;
  @ApiProperty({ format: 'date-time', description: 'When the request was accepted' }) since: string;
}

/** A page of your friends, by username (people without one last). */
export class FriendListDto {
  @ApiProperty({ type: [FriendDto] }) items: FriendDto[];
  @ApiProperty({ description: 'How many friends you have in all' }) total: number;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `before` for the next page; null on the last page',
  })
  nextBefore: string | null;
}

/** Spec "Friend request: id, requester (user)". */
export class FriendRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The request id, for /api/friends/{id}/accept and /decline' })
  id: string;
  @ApiProperty({ type: PersonDto }) requester: PersonDto;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** A friendship row as the request, accept and decline calls answer it. */
export class FriendshipDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) requesterId: string;
  @ApiProperty({ format: 'uuid' }) addresseeId: string;
  @ApiProperty({ enum: ['pending', 'accepted', 'declined'] }) status: 'pending' | 'accepted' | 'declined';
  @ApiProperty({
    enum: FRIENDSHIP_STATUS_VIEWS,
    description: 'How the caller now stands with the other person',
  })
  friendshipStatus: FriendshipStatusView;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class PersonStatsDto {
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
}

/** GET /api/users/{id}: a profile with every field their privacy settings hide from you set to null. */
export class PersonProfileDto extends PersonResultDto {
  @ApiProperty({ nullable: true, type: String, description: 'profileVisibility' }) state: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'profileVisibility' })
  memberSince: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1000.00', description: 'balanceVisibility' })
  balance: string | null;
  @ApiProperty({ nullable: true, type: PersonStatsDto, description: 'activityVisibility' })
  stats: PersonStatsDto | null;
}

export class StreakDto {
  @ApiProperty({
    enum: ['won', 'lost', 'none'],
    description: 'Run of the latest results between you; a draw (or no bets yet) is none',
  })
  kind: 'won' | 'lost' | 'none';
  @ApiProperty() count: number;
}

/** Your record against one friend, over your completed bets with each other, and the bets still open. */
export class HeadToHeadDto {
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty() draws: number;
  @ApiProperty({
    example: '-3.00',
    description: 'Your net result against them: stakes won minus stakes lost',
  })
  netProfit: string;
  @ApiProperty({ type: StreakDto }) currentStreak: StreakDto;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '25.00',
    description: 'Largest stake you won from them',
  })
  biggestWin: string | null;
  @ApiProperty() totalBets: number;
  @ApiProperty({ description: 'Bets between you now in play (active or disputed)' }) activeBets: number;
  @ApiProperty({ description: 'Challenges between you waiting for an answer' }) pendingBets: number;
}

/** A "People you may know" entry: the person, how you stand with them, and why they are suggested. */
export class SuggestionDto extends PersonResultDto {
  @ApiProperty({ description: 'Friends you have in common' }) mutualFriends: number;
  @ApiProperty({ description: 'You have had a bet with them (any status)' }) betTogether: boolean;
}
