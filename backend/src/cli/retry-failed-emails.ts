/** `npm run emails:retry-failed`: puts every e-mail that failed all its attempts back in line for delivery. */
import { configOrExit } from '../bootstrap-config.js';
import { retryFailedEmails } from '../notifications/email/email-dispatcher.js';
import { emailQueueConnection } from '../notifications/email-settings.js';
import { openDatabase } from '../shared/db/database.js';

const config = configOrExit();
const { db, close } = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const count = await retryFailedEmails(db, emailQueueConnection(config));
  console.log(count === 0 ? 'No failed e-mails.' : `${count} failed e-mail(s) will be sent again by the workers.`);
} finally {
  await close();
}
