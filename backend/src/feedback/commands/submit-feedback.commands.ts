/**
 * The three visitor messages: a suggestion, a quick question, a developer inquiry. Each validates its input
 * (400 naming the fields, nothing written), then appends one event to a new stream; the inline projections
 * keep the admin's lists, and the e-mail reactor notifies the team (and answers the visitor's question).
 */
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { appendConverted } from '../../early-access/conversion/conversion.events.js';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { DB } from '../../shared/kernel.module.js';
import type { DeveloperInquirySubmitted, QuickQuestionAsked, SuggestionSubmitted } from '../feedback.events.js';
import { developerInquiryInput, quickQuestionInput, suggestionInput } from '../../../../contracts/feedback/forms.js';
import { caughtInHoneypot } from '../../../../contracts/form-fields.js';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

export class SubmitSuggestion extends Command<{ id: string }> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(SubmitSuggestion)
export class SubmitSuggestionHandler implements ICommandHandler<SubmitSuggestion> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input }: SubmitSuggestion) {
    const parsed = parse(suggestionInput, input);
    // A bot that filled the honeypot is thanked like anyone else; nothing is kept or e-mailed.
    if (caughtInHoneypot(parsed)) return { id: randomUUID() };
    const { email, suggestion_text, category, source_page, search_id } = parsed;
    const id = randomUUID();
    const event: SuggestionSubmitted = {
      type: 'SuggestionSubmitted',
      data: {
        suggestionId: id,
        email,
        text: suggestion_text,
        category: category ?? null,
        sourcePage: source_page,
        searchId: search_id ?? null,
      },
    };
    await appendConverted(
      this.events,
      this.db,
      { id: `suggestion-${id}`, events: [event], expectedVersion: 0 },
      { kind: 'suggestion', sourceId: id },
    );
    return { id };
  }
}

export class AskQuickQuestion extends Command<{ id: string }> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(AskQuickQuestion)
export class AskQuickQuestionHandler implements ICommandHandler<AskQuickQuestion> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input }: AskQuickQuestion) {
    const parsed = parse(quickQuestionInput, input);
    // A bot that filled the honeypot is thanked like anyone else; nothing is kept or e-mailed.
    if (caughtInHoneypot(parsed)) return { id: randomUUID() };
    const { name, email, message } = parsed;
    const id = randomUUID();
    const event: QuickQuestionAsked = { type: 'QuickQuestionAsked', data: { questionId: id, name, email, message } };
    // The Contact page's form: the spec's contact-form conversion.
    await appendConverted(
      this.events,
      this.db,
      { id: `question-${id}`, events: [event], expectedVersion: 0 },
      { kind: 'contact_form', sourceId: id },
    );
    return { id };
  }
}

export class SubmitDeveloperInquiry extends Command<{ id: string }> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(SubmitDeveloperInquiry)
export class SubmitDeveloperInquiryHandler implements ICommandHandler<SubmitDeveloperInquiry> {
  constructor(private readonly events: EventStore) {}

  async execute({ input }: SubmitDeveloperInquiry) {
    const parsed = parse(developerInquiryInput, input);
    // A bot that filled the honeypot is thanked like anyone else; nothing is kept or e-mailed.
    if (caughtInHoneypot(parsed)) return { id: randomUUID() };
    const { name, email, message, portfolio_url, linkedin_url } = parsed;
    const id = randomUUID();
    const event: DeveloperInquirySubmitted = {
      type: 'DeveloperInquirySubmitted',
      data: { inquiryId: id, name, email, message, portfolioUrl: portfolio_url ?? null, linkedinUrl: linkedin_url ?? null },
    };
    await this.events.append(`inquiry-${id}`, [event], 0);
    return { id };
  }
}
