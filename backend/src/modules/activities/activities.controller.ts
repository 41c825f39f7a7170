import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { ListQueryDto } from '../../common/http/list-query.dto.js';
import { ActivitiesService } from './activities.service.js';

export class ActivityDto {
  @ApiProperty() id: number;
  @ApiProperty() description: string;
  @ApiProperty() activityType: string;
  @ApiProperty({ nullable: true, type: Number }) betId: number | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Signed money effect of a win or loss' })
  amount: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiTags('activities')
@ApiBearerAuth()
@Roles('user')
@Controller('activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Get()
  @ApiOkResponse({ type: [ActivityDto] })
  list(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<ActivityDto[]> {
    return this.activities.recent(user.id, query.limit ?? 20, query.before);
  }
}
