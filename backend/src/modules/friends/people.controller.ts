import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { SearchQueryDto } from './dto/friend-inputs.dto.js';
import { PersonProfileDto, PersonResultDto } from './dto/person.dto.js';
import { PeopleService } from './people.service.js';
import { SearchRateLimitGuard } from './search-rate-limit.guard.js';
import { UuidPipe } from './uuid-param.pipe.js';

@ApiTags('users')
@ApiBearerAuth()
@Roles('user')
@Controller('users')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get('search')
  @UseGuards(SearchRateLimitGuard)
  @ApiOperation({
    summary: 'Find people',
    description:
      'By username (exact, prefix, and from 3 characters anywhere in it), a whole email ' +
      'address or phone number (the account it belongs to), or a first name, last name or "first last" by ' +
      'prefix (names only where their profile is visible to you). Ranked exact match, username prefix, then ' +
      'how similar the username is. Never you, never deleted or banned accounts; names and picture only as privacy ' +
      'allows; at most 20. Empty q gives []. At most SEARCHES_PER_MINUTE (default 60) searches a minute ' +
      'per user, then 429 search_rate_limited with Retry-After.',
  })
  @ApiOkResponse({ type: [PersonResultDto] })
  @ApiTooManyRequestsResponse({ description: 'search_rate_limited' })
  search(@CurrentUser() user: AuthUser, @Query() query: SearchQueryDto): Promise<PersonResultDto[]> {
    return this.people.search(user, query.q);
  }

  @Get('search/suggestions')
  @UseGuards(SearchRateLimitGuard)
  @ApiOperation({
    summary: 'People you may know, for when search finds nothing',
    description:
      'Friends of friends (most mutual friends first), then usernames starting with the first two letters ' +
      'of q. Never you or your friends; at most 10. Counts against the same per-user limit as search.',
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
