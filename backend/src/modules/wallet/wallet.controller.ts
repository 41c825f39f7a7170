import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/access-policy.js';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user.js';
import { ListQueryDto } from '../../common/http/list-query.dto.js';
import { WalletReadService } from './wallet-read.service.js';

export class WalletSummaryDto {
  @ApiProperty({ example: '974.50', description: 'Spendable now (stakes in play are already taken out)' })
  available: string;
  @ApiProperty({ example: '25.50', description: 'Stakes held in escrow in open bets' })
  inPlay: string;
  @ApiProperty({ example: '1000.00', description: 'available + inPlay' })
  total: string;
  @ApiProperty({ example: 'USD' })
  currency: 'USD';
}

export class LedgerEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({
    enum: [
      'signup_bonus',
      'bet_stake',
      'bet_refund',
      'bet_payout',
      'payout_reversal',
      'admin_deposit',
      'admin_withdrawal',
    ],
  })
  type: string;
  @ApiProperty({ example: '-25.00' }) amount: string;
  @ApiProperty() balanceBefore: string;
  @ApiProperty() balanceAfter: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: String }) referenceType: string | null;
  @ApiProperty({ nullable: true, type: String }) referenceId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiTags('wallet')
@ApiBearerAuth()
@Roles('user')
@Controller('wallet')
export class WalletController {
  constructor(private readonly wallet: WalletReadService) {}

  @Get()
  @ApiOkResponse({ type: WalletSummaryDto })
  summary(@CurrentUser() user: AuthUser): Promise<WalletSummaryDto> {
    return this.wallet.summary(user.id);
  }

  /** Every change to the balance, newest first: the receipts that explain it. */
  @Get('transactions')
  @ApiOkResponse({ type: [LedgerEntryDto] })
  entries(@CurrentUser() user: AuthUser, @Query() query: ListQueryDto): Promise<LedgerEntryDto[]> {
    return this.wallet.entries(user.id, query.limit ?? 50, query.before);
  }
}
