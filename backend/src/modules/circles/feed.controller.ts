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
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { IntIdPipe } from '../../common/http/id-param.pipe.js';
import { CircleComments } from './circle-comments.service.js';
import { REACTIONS } from './circle-feed.service.js';
import { CommentRateLimitGuard } from './comment-rate-limit.guard.js';
import {
  CommentDto,
  CommentInputDto,
  CommentPageDto,
  HideCommentDto,
  PageQueryDto,
  ReactionsDto,
} from './dto/circle.dto.js';

const REACTION_LIST = `one of ${REACTIONS.join(' ')} (URL-encoded)`;

/** Comments and reactions on the items of a circle's feed (members; admins read and hide). */
@ApiTags('circles')
@ApiBearerAuth()
@Roles('user')
@Controller('feed')
export class FeedController {
  constructor(private readonly comments: CircleComments) {}

  @Get(':itemId/comments')
  @ApiOperation({ summary: 'A feed item’s comments, newest first (members and admins)' })
  @ApiOkResponse({ type: CommentPageDto })
  @ApiNotFoundResponse({ description: 'feed_item_not_found' })
  list(
    @CurrentUser() user: AuthUser,
    @Param('itemId', IntIdPipe) itemId: number,
    @Query() query: PageQueryDto,
  ): Promise<CommentPageDto> {
    return this.comments.list(user, itemId, query.before, query.limit);
  }

  @Post(':itemId/comments')
  @UseGuards(CommentRateLimitGuard)
  @ApiOperation({
    summary: 'Comment on a feed item (members): plain text, 1–500 characters',
    description: 'The bet’s players are notified. 429 comment_rate_limited past CIRCLE_COMMENTS_PER_MINUTE.',
  })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiNotFoundResponse({ description: 'feed_item_not_found (also once you have left the circle)' })
  @ApiTooManyRequestsResponse({ description: 'comment_rate_limited' })
  create(
    @CurrentUser() user: AuthUser,
    @Param('itemId', IntIdPipe) itemId: number,
    @Body() input: CommentInputDto,
  ): Promise<CommentDto> {
    return this.comments.create(user, itemId, input.body);
  }

  @Patch('comments/:commentId')
  @UseGuards(CommentRateLimitGuard)
  @ApiOperation({ summary: 'Edit your own comment' })
  @ApiOkResponse({ type: CommentDto })
  @ApiNotFoundResponse({ description: 'comment_not_found' })
  edit(
    @CurrentUser() user: AuthUser,
    @Param('commentId', IntIdPipe) commentId: number,
    @Body() input: CommentInputDto,
  ): Promise<CommentDto> {
    return this.comments.edit(user, commentId, input.body);
  }

  @Delete('comments/:commentId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete your own comment' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'comment_not_found' })
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('commentId', IntIdPipe) commentId: number,
  ): Promise<void> {
    await this.comments.remove(user, commentId);
  }

  @Post('comments/:commentId/hide')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Hide a comment with a reason (admins; audit log; the author is told)' })
  @ApiOkResponse({ type: CommentDto })
  hide(
    @CurrentUser() user: AuthUser,
    @Param('commentId', IntIdPipe) commentId: number,
    @Body() input: HideCommentDto,
  ): Promise<CommentDto> {
    return this.comments.hide(user, commentId, input.reason);
  }

  @Put(':itemId/reactions/:emoji')
  @ApiOperation({ summary: `React (members): ${REACTION_LIST}; again changes nothing` })
  @ApiOkResponse({ type: ReactionsDto })
  react(
    @CurrentUser() user: AuthUser,
    @Param('itemId', IntIdPipe) itemId: number,
    @Param('emoji') emoji: string,
  ): Promise<ReactionsDto> {
    return this.comments.react(user, itemId, emoji, true);
  }

  @Delete(':itemId/reactions/:emoji')
  @ApiOperation({ summary: 'Take your reaction back; again changes nothing' })
  @ApiOkResponse({ type: ReactionsDto })
  unreact(
    @CurrentUser() user: AuthUser,
    @Param('itemId', IntIdPipe) itemId: number,
    @Param('emoji') emoji: string,
  ): Promise<ReactionsDto> {
    return this.comments.react(user, itemId, emoji, false);
  }
}
