/**
 * The optional LLM that may reword our quiz question (spec §7's ai-quiz-generator): an OpenAI-compatible
 * chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). It only rewords: the options keep our
 * values, in our order, so the recommendation does not depend on it. Anything but a well-formed answer in
 * time (LLM_TIMEOUT_MS) returns our own wording; the caller never sees an error.
 */
import { z } from 'zod';
import type { QuizQuestion } from '../../../../contracts/early-access/quiz.js';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const PLAIN_TEXT = /^[^\p{Cc}<>]*$/u;
const line = (max: number) => z.string().trim().min(2).max(max).regex(PLAIN_TEXT);

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const SYSTEM_PROMPT =
  'You reword one multiple-choice question of a short quiz on a site about small AI tools that replace ' +
  'spreadsheets in small businesses. Keep the meaning of the question and of every option, and the options ' +
  'in the same order. Plain, friendly English; the question under 140 characters, each option under 60. ' +
  'Answer with JSON only: {"question": string, "options": string[]}.';

export type Phrased = QuizQuestion & { source: 'ours' | 'llm' };

export async function phraseQuestion(
  ours: QuizQuestion,
  settings: LlmSettings | null,
  onFailure: (reason: string) => void = () => {},
): Promise<Phrased> {
  if (!settings) return { ...ours, source: 'ours' };
  try {
    const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0.3,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify({ question: ours.question, options: ours.options.map((o) => o.text) }) },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const completion = completionSchema.parse(await response.json());
    const reworded = z
      .strictObject({ question: line(200), options: z.array(line(120)).length(ours.options.length) })
      .parse(JSON.parse(stripFence(completion.choices[0]!.message.content)));
    return {
      question: reworded.question,
      options: ours.options.map((option, i) => ({ text: reworded.options[i]!, value: option.value })),
      source: 'llm',
    };
  } catch (error) {
    onFailure(error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'unknown error');
    return { ...ours, source: 'ours' };
  }
}

/** Some models wrap JSON in a ```json fence even when asked not to. */
function stripFence(content: string): string {
  return content.replace(/^\s*```(?:json)?\s*/i, '').replace(/(?<!\s)\s*```\s*$/, '');
}
