/** `npm run emails:retry-failed`: puts every e-mail that failed all its attempts back in line for delivery. */
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { retryFailedEmails } from '../notifications/email/email-dispatcher.js';
import { emailQueueConnection } from '../notifications/email-settings.js';

const config = configOrExit();
const { db, close } = await openDatabaseOrExit(config);
try {
  const count = await retryFailedEmails(db, emailQueueConnection(config));
  console.log(count === 0 ? 'No failed e-mails.' : `${count} failed e-mail(s) will be sent again by the workers.`);
} finally {
  await close();
}
