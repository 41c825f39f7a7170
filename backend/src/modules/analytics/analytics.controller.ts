import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { AnalyticsService } from './analytics.service.js';

export class RecentActivityDto {
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiPropertyOptional({ nullable: true, type: String }) amount: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'The bet it is about, if any' })
  betId?: number | null;
}

export class ProfitPointDto {
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ example: '12.50', description: 'Running profit/loss after this decided bet' })
  cumulative: string;
}

/** docs/product.md §3 "User analytics". Money fields are exact decimal strings. */
export class UserAnalyticsDto {
  @ApiProperty({ description: 'won / (won + lost) x 100, one decimal' }) winRate: number;
  @ApiProperty({ example: '-12.50', description: 'Net result of decided bets' }) profitLoss: string;
  @ApiProperty({
    description: 'Bets the user took part in that were accepted (active, disputed or completed)',
  })
  totalBetsCreated: number;
  @ApiProperty() totalBetsWon: number;
  @ApiProperty() totalBetsLost: number;
  @ApiProperty({ description: 'Consecutive wins up to the latest decided bet' }) currentStreak: number;
  @ApiProperty() longestWinStreak: number;
  @ApiProperty({ example: '25.00' }) avgBetAmount: string;
  @ApiProperty() activeBets: number;
  @ApiProperty() pendingBets: number;
  @ApiProperty({ example: '150.00' }) totalAmountWagered: string;
  @ApiProperty({ example: '75.00', description: 'Payouts received, net of reversals' })
  totalAmountWon: string;
  @ApiProperty() friendsCount: number;
  @ApiProperty({ type: [RecentActivityDto] }) recentActivity: RecentActivityDto[];
  @ApiProperty({
    type: [ProfitPointDto],
    description: 'Profit/loss over time, one point per decided bet (latest 100)',
  })
  profitHistory: ProfitPointDto[];
}

@ApiTags('analytics')
@ApiBearerAuth()
@Roles('user')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('user-stats')
  @ApiOkResponse({ type: UserAnalyticsDto })
  userStats(@CurrentUser() user: AuthUser): Promise<UserAnalyticsDto> {
    return this.analytics.userStats(user.id);
  }
}
