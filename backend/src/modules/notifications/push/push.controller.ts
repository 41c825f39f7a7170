import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../../common/auth/auth-user.js';
import {
  PushPublicKeyDto,
  PushSubscriptionInputDto,
  PushUnsubscribeDto,
} from './dto/push-subscription.dto.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

@ApiTags('push')
@ApiBearerAuth()
@Roles('user')
@Controller('push')
export class PushController {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @Get('public-key')
  @ApiOkResponse({ type: PushPublicKeyDto })
  publicKey(): PushPublicKeyDto {
    return this.subscriptions.publicKey();
  }

  @Post('subscriptions')
  @ApiCreatedResponse({ description: 'Stored (again): this browser now receives the caller’s notifications' })
  subscribe(@CurrentUser() user: AuthUser, @Body() body: PushSubscriptionInputDto): Promise<void> {
    return this.subscriptions.subscribe(user.id, { endpoint: body.endpoint, ...body.keys });
  }

  @Delete('subscriptions')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'The caller’s subscription of that endpoint is gone (if there was one)',
  })
  unsubscribe(@CurrentUser() user: AuthUser, @Body() body: PushUnsubscribeDto): Promise<void> {
    return this.subscriptions.unsubscribe(user.id, body.endpoint);
  }
}
