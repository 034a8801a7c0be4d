/**
 * The visit's language as the backend records it (issue 32 point 4): a BCP 47 tag ("es", "pt-BR") of at
 * most 35 characters, the rule of migration 20261127005000_visit_language.sql. A page language outside
 * it is left out rather than sent, so a write is never refused for it.
 */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The `language` argument of track_step_view and save_quiz_completion; empty without a valid tag. */
export function languageArg(language: string | null | undefined): { language?: string } {
  return language && language.length <= 35 && LANGUAGE_TAG.test(language) ? { language } : {};
}
