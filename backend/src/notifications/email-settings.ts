import type { Config } from '../shared/config/config.js';
import { followsVisitor } from '../shared/http/site-base.js';
import { appSecret } from '../shared/security/signed-token.js';
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

/** BullMQ connection for the e-mail queue, when Redis is configured. */
export function emailQueueConnection(config: Config) {
  return config.REDIS_URL ? { connection: { url: config.REDIS_URL, maxRetriesPerRequest: null }, prefix: config.REDIS_PREFIX } : undefined;
}
