/**
 * One rule for what is bot traffic, by user agent (isbot's list: crawlers, headless browsers, HTTP
 * libraries, load-test tools): analytics drops such batches and the catalogue does not count such app views,
 * so the dashboard's figures and Most Popular read the same visitors. A request with no user agent at all is
 * not called a bot: nothing tells it apart, and refusing it would refuse privacy tools that strip the header.
 */
import { isbot } from 'isbot';

export function isBotTraffic(userAgent: string | undefined): userAgent is string {
  return userAgent !== undefined && isbot(userAgent);
}
