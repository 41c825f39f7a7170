import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { SearchQueryDto } from './dto/friend-inputs.dto.js';
import { PersonProfileDto, PersonResultDto } from './dto/person.dto.js';
import { PeopleService } from './people.service.js';
import { UuidPipe } from './uuid-param.pipe.js';

@ApiTags('users')
@ApiBearerAuth()
@Roles('user')
@Controller('users')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get('search')
  @ApiOperation({
    summary: 'Find people',
    description:
      'Case-insensitive prefix of username, first or last name (names only where their profile is visible ' +
      'to you), or a whole email address when q contains @. Never you, never deleted or banned accounts; ' +
      'exact username first; at most 20. Empty q gives [].',
  })
  @ApiOkResponse({ type: [PersonResultDto] })
  search(@CurrentUser() user: AuthUser, @Query() query: SearchQueryDto): Promise<PersonResultDto[]> {
    return this.people.search(user, query.q);
  }

  @Get('search/suggestions')
  @ApiOperation({
    summary: 'People you may know, for when search finds nothing',
    description:
      'Friends of friends (most mutual friends first), then usernames starting with the first two letters ' +
      'of q. Never you or your friends; at most 10.',
  })
  @ApiOkResponse({ type: [PersonResultDto] })
  suggestions(@CurrentUser() user: AuthUser, @Query() query: SearchQueryDto): Promise<PersonResultDto[]> {
    return this.people.suggestions(user, query.q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A person’s profile; fields their privacy settings hide from you are null' })
  @ApiOkResponse({ type: PersonProfileDto })
  profile(@CurrentUser() user: AuthUser, @Param('id', UuidPipe) id: string): Promise<PersonProfileDto> {
    return this.people.profile(user, id);
  }
}
