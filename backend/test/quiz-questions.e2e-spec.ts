/**
 * POST /api/quiz/questions: our adaptive questions, and the optional LLM that may reword them, tried against
 * a local server speaking the OpenAI chat-completions shape: a good answer is used (our values kept); a slow,
 * failing or malformed one falls back to our wording within the timeout.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';

type Mode = 'good' | 'slow' | 'garbage' | 'not-json' | 'wrong-count' | 'error' | 'fenced' | 'markup';
let mode: Mode = 'good';
const received: { authorization: string | undefined; body: any }[] = [];

function reply(content: string) {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

const llm: Server = createServer((request, response) => void answerAsLlm(request, response));
async function answerAsLlm(request: IncomingMessage, response: ServerResponse) {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  const body = JSON.parse(raw);
  received.push({ authorization: request.headers.authorization, body });
  const asked = JSON.parse(body.messages.at(-1).content) as { question: string; options: string[] };
  const reworded = { question: `Quick one: ${asked.question}`, options: asked.options.map((o) => `» ${o}`) };
  response.setHeader('content-type', 'application/json');
  switch (mode) {
    case 'good':
      return response.end(reply(JSON.stringify(reworded)));
    case 'fenced':
      return response.end(reply('```json\n' + JSON.stringify(reworded) + '\n```'));
    case 'slow':
      // Slower than any timeout: it never answers, and the API's abort closes the connection.
      return;
    case 'garbage':
      return response.end('{"choices": "nope"');
    case 'not-json':
      return response.end(reply('Sure! Here is a better question: what slows you down?'));
    case 'wrong-count':
      return response.end(reply(JSON.stringify({ ...reworded, options: reworded.options.slice(0, 2) })));
    case 'markup':
      return response.end(reply(JSON.stringify({ ...reworded, question: '<img src=x onerror=alert(1)>' })));
    case 'error':
      response.statusCode = 500;
      return response.end('{"error":{"message":"overloaded"}}');
  }
}

let api: ApiHarness;
beforeAll(async () => {
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as AddressInfo;
  api = await startApi({
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_API_KEY: 'sk-test',
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: '400',
  });
});
afterAll(async () => {
  await api?.close();
  llm.closeAllConnections();
  await new Promise((resolve) => llm.close(resolve));
});

const ask = (body: unknown) =>
  fetch(api.url('/api/quiz/questions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const ourFirst = {
  step: 0,
  question: 'What slows your team down the most?',
  options: [
    { text: 'Manual work and data entry', value: 'manual_work' },
    { text: 'Collaborating on shared files', value: 'collaboration' },
    { text: 'Keeping data organised and accurate', value: 'data_management' },
    { text: 'Tasks that take too much time', value: 'time' },
  ],
  source: 'ours',
};

describe('quiz questions with an LLM that rewords them', () => {
  it('uses a good rewording, keeping our values and order, and sends the model and key', async () => {
    mode = 'good';
    const response = await ask({ currentAnswers: [], currentPage: '/' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ...ourFirst,
      question: 'Quick one: What slows your team down the most?',
      options: ourFirst.options.map((o) => ({ ...o, text: `» ${o.text}` })),
      source: 'llm',
    });
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'test-model', messages: [{ role: 'system' }, { role: 'user' }] });
  });

  it('accepts an answer wrapped in a code fence', async () => {
    mode = 'fenced';
    expect(await (await ask({ currentAnswers: [] })).json()).toMatchObject({ source: 'llm' });
  });

  it.each(['slow', 'garbage', 'not-json', 'wrong-count', 'error', 'markup'] as const)(
    'falls back to our wording when the model is %s',
    async (bad) => {
      mode = bad;
      const started = Date.now();
      const response = await ask({ currentAnswers: [], currentPage: '/' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(ourFirst);
      // The timeout (400 ms) bounds the wait, whatever the model does.
      expect(Date.now() - started).toBeLessThan(1400);
    },
  );

  it('adapts the next question to the answers so far: the area question after a theme, the area named after it', async () => {
    mode = 'error';
    const second = (await (await ask({ currentAnswers: ['collaboration'], currentPage: '/c/finance' })).json()) as {
      step: number;
      question: string;
      options: { value: string }[];
    };
    expect(second.step).toBe(1);
    expect(second.question).toBe('Which team shares the most spreadsheets?');
    expect(second.options[0]!.value).toBe('finance');
    const third = (await (await ask({ currentAnswers: ['collaboration', 'finance'] })).json()) as { question: string };
    expect(third.question).toBe('How do you handle finance today?');
  });

  it.each([
    ['a missing answers list', {}, { currentAnswers: 'Must be a list of answers.' }],
    ['too many answers', { currentAnswers: ['a', 'b', 'c', 'd'] }, { currentAnswers: 'At most 3 answers.' }],
    ['an answer of the wrong type', { currentAnswers: [1] }, { 'currentAnswers.0': 'Must be text.' }],
    ['an unknown field', { currentAnswers: [], type: 'generate_question' }, { '(body)': 'Unrecognized key: "type"' }],
    ['a long page', { currentAnswers: [], currentPage: 'x'.repeat(2049) }, { currentPage: 'At most 2048 characters.' }],
  ])('answers 400 for %s', async (_, body, fields) => {
    const response = await ask(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
  });
});
