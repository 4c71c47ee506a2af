import type { Projection } from '../shared/projections/projection.js';
import { emailSettings } from './email-settings.js';
import { emailReactor } from './reactors/email.reactor.js';
import { emailUnsubscribesProjection } from './unsubscribe/email-unsubscribes.projection.js';
import type { Config } from '../shared/config/config.js';

/** The module's read models and its e-mail reactor (which fills the outbox), for the kernel to run. */
export function notificationsProjections(config: Config): Projection[] {
  return [emailUnsubscribesProjection, emailReactor(emailSettings(config))] as Projection[];
}
