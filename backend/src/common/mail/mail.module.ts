import { Module } from '@nestjs/common';
import { MailSender } from './mail-sender.js';

/** One SMTP transport for the whole app: notifications and account emails import this module. */
@Module({ providers: [MailSender], exports: [MailSender] })
export class MailModule {}
