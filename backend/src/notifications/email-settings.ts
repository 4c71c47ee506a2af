import type { Config } from '../shared/config/config.js';
import { queueRedis, type QueueRedis } from '../shared/redis/redis-connection.js';
import { followsVisitor } from '../shared/http/site-base.js';
import { appSecret } from '../shared/security/signed-token.js';
import { EMAILS_QUEUE } from './email/email-dispatcher.js';
import type { EmailSettings } from './reactors/email.reactor.js';

export function emailSettings(config: Config): EmailSettings {
  return {
    from: config.MAIL_FROM,
    adminEmail: config.ADMIN_NOTIFY_EMAIL,
    teamEmail: config.TEAM_EMAIL,
    baseUrl: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    followVisitor: followsVisitor(config),
    secret: appSecret(config),
    dailyLimitPerRecipient: config.EMAIL_DAILY_LIMIT_PER_RECIPIENT,
    teamHourlyLimit: config.TEAM_EMAIL_HOURLY_LIMIT,
    leadConfirmationDays: config.LEAD_CONFIRMATION_DAYS,
  };
}

/**
 * BullMQ connection for the e-mail queue, when Redis is configured; the caller closes it (closeQueueRedis) after
 * the queue and worker on it.
 */
export function emailQueueConnection(config: Config): QueueRedis | undefined {
  return config.REDIS_URL ? queueRedis(config.REDIS_URL, config.REDIS_PREFIX, EMAILS_QUEUE) : undefined;
}
