import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Kernel } from '../shared/kernel.js';
import { KERNEL } from '../shared/kernel.module.js';
import { EmailDispatcher } from './email/email-dispatcher.js';
import { EmailSender } from './email/email-sender.js';
import { createMailTransport, type MailTransport } from './email/mail-transport.js';
import { closeQueueRedis, type QueueRedis } from '../shared/redis/redis-connection.js';
import { emailQueueConnection } from './email-settings.js';
import { WeeklyDigest } from './digest/weekly-digest.js';
import { CheckUnsubscribeLinkHandler, UnsubscribeFromEmailsHandler } from './unsubscribe/unsubscribe.command.js';
import { UnsubscribeController } from './unsubscribe/unsubscribe.controller.js';

/**
 * E-mail: the reactor (an async projection, in projections.ts) fills the outbox; in processes that run
 * workers, the dispatcher delivers it, and the weekly digest is scheduled (digest/weekly-digest.ts). Also the
 * unsubscribe link.
 */
@Module({
  imports: [CqrsModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeFromEmailsHandler, CheckUnsubscribeLinkHandler, WeeklyDigest],
})
export class NotificationsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private transport?: MailTransport;
  private dispatcher?: EmailDispatcher;
  private redis?: QueueRedis;

  constructor(@Inject(KERNEL) private readonly kernel: Kernel) {}

  onApplicationBootstrap(): void {
    const { config, db } = this.kernel;
    if (!config.RUN_WORKERS) return;
    this.transport = createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR });
    this.redis = emailQueueConnection(config);
    this.dispatcher = new EmailDispatcher(
      db,
      new EmailSender(db, this.transport, this.kernel.eventStore),
      {
        maxAttempts: config.EMAIL_MAX_ATTEMPTS,
        retryBaseMs: config.EMAIL_RETRY_BASE_MS,
        pollMs: config.EMAIL_POLL_MS,
        redis: this.redis,
        beforeBatch: () => this.kernel.foreground.quiet(),
      },
      this.kernel.logger.child({ module: 'emails' }),
    );
    this.dispatcher.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher?.stop();
    closeQueueRedis(this.redis);
    this.transport?.close();
  }
}
