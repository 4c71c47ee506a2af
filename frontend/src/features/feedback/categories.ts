/** The fixed list a suggestion's optional category comes from (spec §5): the API's, which accepts exactly these. */
export { isSuggestionCategory, SUGGESTION_CATEGORIES, type SuggestionCategory } from '../../../../contracts/feedback/fields';
