/**
 * A new flow file from a minimal template: a welcome screen, a hand-off to the offer page and the
 * not-found page. It passes `flow:check --strict` as it is, so every later edit starts from a clean
 * check and the checker's findings are the edit's own.
 */

/** The schema's pattern for a flow id (schemas/flow.schema.json, /properties/id). */
const FLOW_ID = /^[a-z][a-z0-9-]{0,62}$/;

export type NewFlowResult = { ok: true; text: string } | { ok: false; message: string };

/** `bike-fit` → `bikeFit`, for the session storage key of the answers. */
function camel(id: string): string {
  return id.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/-+$/, '');
}

/** The text of a new flow file for `id` (e.g. "bike-fit") and `brand` (e.g. "Acme Cycles"). */
export function newFlowText(options: { id: string; brand: string }): NewFlowResult {
  const { id, brand } = options;
  if (!FLOW_ID.test(id))
    return {
      ok: false,
      message: `id "${id}" is not a flow id: lower-case letters, digits and -, starting with a letter (e.g. "bike-fit")`,
    };
  if (brand.trim() === '') return { ok: false, message: 'brand is empty: give the name visitors see' };
  const q = (value: string) => JSON.stringify(value);
  const text = `{
  "$schema": "../schemas/flow.schema.json",
  "version": 1,
  "id": ${q(id)},
  "settings": {
    "brand": ${q(brand)},
    "recommendationUrl": "https://example.com/offer",
    "source": ${q(id)},
    "disclaimer": "A suggestion from your answers, not professional advice."
  },
  "storage": {
    "answersKey": ${q(`${camel(id)}Answers`)},
    "sessionIdKey": ${q(`${id.replaceAll('-', '_')}_session_id`)},
    "dataKeys": []
  },
  "start": "start",
  "notFound": "not-found",
  "screens": {
    "start": {
      "kind": "content",
      "route": "/",
      "progress": { "step": 1, "of": 2 },
      "content": [{ "type": "heading", "text": "Welcome to {settings.brand}" }],
      "button": "Start",
      "next": "go"
    },
    "go": {
      "kind": "redirect",
      "progress": "full",
      "message": "Opening the offer...",
      "after": { "delayMs": 1000 },
      "continue": [{ "type": "redirect", "params": { "url": "{settings.recommendationUrl}" } }]
    },
    "not-found": {
      "kind": "not-found",
      "code": "404",
      "headline": "This page doesn't exist",
      "linkLabel": "Back to the start"
    }
  }
}
`;
  return { ok: true, text };
}
