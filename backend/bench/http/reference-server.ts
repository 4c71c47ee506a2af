/**
 * The bare reference of the read benchmark (reads.ts), run as a process of its own so that it has an event loop
 * of its own, as the API has: a Fastify server with no plugin or hook that answers each URL with the status,
 * headers and body the real server gave for it, kept in memory. What the real server's reads cost beyond
 * this is the cost of our code on them.
 *   node --import tsx reference-server.ts <answers.json>   prints `listening <port>` once it listens
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface ReferenceAnswer {
  /** Path and query, as requested. */
  url: string;
  status: number;
  headers: Record<string, string | string[]>;
  /** The body, base64. */
  body: string;
}

const answers = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ReferenceAnswer[];
const byUrl = new Map(answers.map((answer) => [answer.url, { ...answer, body: Buffer.from(answer.body, 'base64') }]));
const fastify = Fastify({ logger: false });
for (const path of new Set(answers.map((answer) => answer.url.split('?')[0]!)))
  fastify.get(path, (request, reply) => {
    const answer = byUrl.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
const address = await fastify.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
