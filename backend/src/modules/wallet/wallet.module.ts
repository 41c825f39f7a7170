import { Module } from '@nestjs/common';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { WalletReadService } from './wallet-read.service.js';
import { WalletReadsRepository } from './wallet-reads.repository.js';
import { WalletController } from './wallet.controller.js';

@Module({
  controllers: [WalletController],
  providers: [LedgerRepository, LedgerService, WalletReadsRepository, WalletReadService],
  exports: [LedgerService, WalletReadService],
})
export class WalletModule {}
