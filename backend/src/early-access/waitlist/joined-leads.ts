/**
 * The browser's memory of the leads it joined as: a signed, HTTP-only cookie holding their ids. A repeated
 * join is told the lead's real position and code only when the browser's cookie names that lead; to anyone
 * else the answer is a newcomer's (waitlist.decider.ts), so the join form tells nobody who is on the list.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../shared/config/config.js';
import { visitorLinkBase } from '../../shared/http/site-base.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { appSecret, signToken, verifyToken } from '../../shared/security/signed-token.js';
import type { JoinContext } from './join-waitlist.command.js';
import { clientAddress } from '../../shared/http/client-address.js';

export const JOINED_LEADS_COOKIE = 'unsheet_joined';
const PURPOSE = 'joined-leads';
const TTL_SECONDS = 365 * 24 * 3600;
/** The last few leads a browser joined as (a shared family computer, say); older ones are forgotten. */
const MAX_REMEMBERED = 5;

@Injectable()
export class JoinedLeads {
  private readonly secret: string;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.secret = appSecret(config);
  }

  /** What a join needs to know about the request: the leads its browser joined as, its address, its link base. */
  context(request: FastifyRequest): JoinContext {
    return { knownLeadIds: this.read(request), clientIp: clientAddress(request) || null, linkBase: visitorLinkBase(this.config, request) };
  }

  /** Adds the lead to the browser's cookie (nothing when the answer was not the address's own). */
  remember(request: FastifyRequest, response: FastifyReply, leadId: string | null): void {
    if (leadId === null) return;
    const leadIds = [leadId, ...this.read(request).filter((id) => id !== leadId)].slice(0, MAX_REMEMBERED);
    void response.setCookie(JOINED_LEADS_COOKIE, signToken(this.secret, PURPOSE, leadIds.join(','), TTL_SECONDS), {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/api',
      maxAge: TTL_SECONDS,
    });
  }

  private read(request: FastifyRequest): string[] {
    const cookie = request.cookies[JOINED_LEADS_COOKIE];
    const payload = cookie ? verifyToken(this.secret, PURPOSE, cookie) : null;
    return payload ? payload.split(',').slice(0, MAX_REMEMBERED) : [];
  }
}
