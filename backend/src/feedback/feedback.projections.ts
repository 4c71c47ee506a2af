import type { Projection } from '../shared/projections/projection.js';
import { developerInquiriesProjection, quickQuestionsProjection, suggestionsProjection } from './projections/feedback.projections.js';

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export const feedbackProjections: Projection[] = [
  suggestionsProjection,
  quickQuestionsProjection,
  developerInquiriesProjection,
] as Projection[];
