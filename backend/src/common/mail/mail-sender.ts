import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../../config/app-config.js';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** SMTP connections kept open and used in turn; also how many messages are sent at once. */
export const MAX_SMTP_CONNECTIONS = 3;

/**
 * Hands messages to the SMTP server of SMTP_URL over one pooled nodemailer transport, created once.
 * Without SMTP_URL it is disabled and sends nothing. Shared by notification emails and account emails
 * (password reset, address confirmation), so both go out the same way.
 */
@Injectable()
export class MailSender implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(private readonly config: AppConfig) {
    const smtp = config.smtp;
    this.transport = smtp
      ? nodemailer.createTransport({
          ...smtp,
          pool: true,
          maxConnections: MAX_SMTP_CONNECTIONS,
          // A server that does not answer is given up on instead of holding a connection for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Resolves once the server accepted the message; rejects when it refused it or could not be reached. */
  async send(to: string, content: EmailContent): Promise<void> {
    if (!this.transport) return;
    await this.transport.sendMail({ from: this.config.mailFrom, to, ...content });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
