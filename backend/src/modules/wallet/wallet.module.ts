import { Module } from '@nestjs/common';
import { Escrow } from './escrow.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { WalletReadService } from './wallet-read.service.js';
import { WalletReadsRepository } from './wallet-reads.repository.js';
import { WalletController } from './wallet.controller.js';

@Module({
  controllers: [WalletController],
  providers: [Escrow, LedgerRepository, LedgerService, WalletReadsRepository, WalletReadService],
  exports: [Escrow, LedgerService, WalletReadService],
})
export class WalletModule {}
