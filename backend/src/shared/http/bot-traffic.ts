/**
 * One rule for what is bot traffic by user agent alone: the user-agent rules of the traffic classifier
 * (traffic-class.ts: the known AI and search crawlers and automation tools, then isbot's list), built in. The
 * catalogue does not count such app views and a not-found report notes it, so Most Popular and the demand
 * signals leave out the agents analytics classifies the same way. A request with no user agent at all is not
 * called a bot: nothing tells it apart, and refusing it would refuse privacy tools that strip the header.
 */
import { isBotUserAgent } from './traffic-class.js';

export function isBotTraffic(userAgent: string | undefined): userAgent is string {
  return isBotUserAgent(userAgent);
}
