import { ApiProperty } from '@nestjs/swagger';

/** Your own invite link's code; the link is `<site>/invite/<code>`. */
export class InviteLinkDto {
  @ApiProperty({
    example: 'q3Xv0cJ9yB2mT8kLwZ1aRg',
    description: 'Random, unguessable; goes in /invite/{code}',
  })
  code: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When this code was made (replacing one makes a new code)',
  })
  createdAt: string;
}

/** Who an invite link is from: only what the inviter shares by sending the link. */
export class InviterDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty({ description: 'First and last name, or the username when they gave no name' })
  displayName: string;
}

export class InviteDto {
  @ApiProperty() code: string;
  @ApiProperty({ type: InviterDto }) inviter: InviterDto;
}

export class InviteAcceptedDto {
  @ApiProperty({ type: InviterDto }) inviter: InviterDto;
  @ApiProperty({ description: 'true when you were friends already (nothing changed)' })
  alreadyFriends: boolean;
  @ApiProperty({ enum: ['friends'] }) friendshipStatus: 'friends';
}
