import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Sse,
  type MessageEvent,
} from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { IntIdPipe } from '../../common/http/id-param.pipe.js';
import { ListQueryDto } from '../../common/http/list-query.dto.js';
import { NotificationPageDto, UnreadCountDto } from './dto/notification.dto.js';
import { NotificationsService } from './notifications.service.js';
import { LiveStreams } from './realtime/live-streams.service.js';

@ApiTags('notifications')
@ApiBearerAuth()
@Roles('user')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOkResponse({ type: NotificationPageDto, description: 'Newest first, with the unread count' })
  list(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<NotificationPageDto> {
    return this.notifications.list(user.id, query.limit ?? 20, query.before);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOkResponse({ type: UnreadCountDto })
  readAll(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.notifications.markAllRead(user.id);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOkResponse({ type: UnreadCountDto })
  read(@CurrentUser() user: AuthUser, @Param('id', IntIdPipe) id: number): Promise<UnreadCountDto> {
    return this.notifications.markRead(user.id, id);
  }
}

@ApiTags('notifications')
@ApiBearerAuth()
@Roles('user')
@Controller('events')
export class LiveEventsController {
  constructor(private readonly streams: LiveStreams) {}

  /**
   * Server-sent events: `ready`, then `notification` and `changed` events of the caller as they happen;
   * `reconnect` (then the end of the stream) when this instance shuts down.
   */
  @Sse()
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The id of the last event received: the notifications after it are sent first',
  })
  @ApiOkResponse({ description: 'text/event-stream of ready, notification, changed and reconnect events' })
  stream(
    @CurrentUser() user: AuthUser,
    @Headers('last-event-id') lastEventId?: string,
  ): Observable<MessageEvent> {
    // Anything but a cursor the stream gave out is ignored: the stream simply starts from now.
    return this.streams.open(user, lastEventId);
  }
}
