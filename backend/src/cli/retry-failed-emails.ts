/** `npm run emails:retry-failed`: puts every e-mail that failed all its attempts back in line for delivery. */
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { retryFailedEmails } from '../notifications/email/email-dispatcher.js';
import { emailQueueConnection } from '../notifications/email-settings.js';
import { closeQueueRedis } from '../shared/redis/redis-connection.js';

const config = configOrExit();
const { db, close } = await openDatabaseOrExit(config);
const redis = emailQueueConnection(config);
try {
  const count = await retryFailedEmails(db, redis);
  console.log(count === 0 ? 'No failed e-mails.' : `${count} failed e-mail(s) will be sent again by the workers.`);
} finally {
  closeQueueRedis(redis);
  await close();
}
