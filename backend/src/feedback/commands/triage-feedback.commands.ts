/**
 * The admin's triage of visitor messages (spec §4): a suggestion's status (new, triaged, done, any from any
 * other); a question's or inquiry's status (unread, read, replied) and, when given, the admin notes. Each
 * change is an event on the message's stream carrying the acting admin, and the inline projections update
 * the lists in the same transaction, so the list the admin reloads already shows it.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { DB } from '../../shared/kernel.module.js';
import { MESSAGE_STATUSES, SUGGESTION_STATUSES } from '../../../../contracts/feedback/fields.js';
import type { DeveloperInquiryUpdated, QuickQuestionUpdated, SuggestionStatusChanged } from '../feedback.events.js';

export const ADMIN_NOTES_MAX = 5000;

export const suggestionStatusInput = z.strictObject({
  status: z.enum(SUGGESTION_STATUSES, { error: 'Status must be new, triaged or done.' }),
});

export const messageUpdateInput = z.strictObject({
  status: z.enum(MESSAGE_STATUSES, { error: 'Status must be unread, read or replied.' }),
  admin_notes: z.string({ error: 'Admin notes must be text.' }).max(ADMIN_NOTES_MAX, `At most ${ADMIN_NOTES_MAX} characters.`).optional(),
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

async function exists(db: Db, table: 'suggestions' | 'quick_questions' | 'developer_inquiries', id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export class ChangeSuggestionStatus extends Command<{ id: string; status: string }> {
  constructor(
    readonly id: string,
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(ChangeSuggestionStatus)
export class ChangeSuggestionStatusHandler implements ICommandHandler<ChangeSuggestionStatus> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ id, input, actor }: ChangeSuggestionStatus) {
    const { status } = parse(suggestionStatusInput, input);
    if (!(await exists(this.db, 'suggestions', id))) throw new NotFoundError('FEEDBACK.SUGGESTION_NOT_FOUND', 'Suggestion not found');
    const event: SuggestionStatusChanged = { type: 'SuggestionStatusChanged', data: { suggestionId: id, status } };
    await this.events.append(`suggestion-${id}`, [event], 'any', actedBy(actor));
    return { id, status };
  }
}

export class UpdateQuickQuestion extends Command<{ id: string; status: string }> {
  constructor(
    readonly id: string,
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(UpdateQuickQuestion)
export class UpdateQuickQuestionHandler implements ICommandHandler<UpdateQuickQuestion> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ id, input, actor }: UpdateQuickQuestion) {
    const { status, admin_notes } = parse(messageUpdateInput, input);
    if (!(await exists(this.db, 'quick_questions', id))) throw new NotFoundError('FEEDBACK.QUESTION_NOT_FOUND', 'Question not found');
    const event: QuickQuestionUpdated = {
      type: 'QuickQuestionUpdated',
      data: { questionId: id, status, ...(admin_notes === undefined ? {} : { adminNotes: admin_notes }) },
    };
    await this.events.append(`question-${id}`, [event], 'any', actedBy(actor));
    return { id, status };
  }
}

export class UpdateDeveloperInquiry extends Command<{ id: string; status: string }> {
  constructor(
    readonly id: string,
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(UpdateDeveloperInquiry)
export class UpdateDeveloperInquiryHandler implements ICommandHandler<UpdateDeveloperInquiry> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ id, input, actor }: UpdateDeveloperInquiry) {
    const { status, admin_notes } = parse(messageUpdateInput, input);
    if (!(await exists(this.db, 'developer_inquiries', id))) throw new NotFoundError('FEEDBACK.INQUIRY_NOT_FOUND', 'Inquiry not found');
    const event: DeveloperInquiryUpdated = {
      type: 'DeveloperInquiryUpdated',
      data: { inquiryId: id, status, ...(admin_notes === undefined ? {} : { adminNotes: admin_notes }) },
    };
    await this.events.append(`inquiry-${id}`, [event], 'any', actedBy(actor));
    return { id, status };
  }
}
